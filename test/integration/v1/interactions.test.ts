import type { IDataObject } from 'n8n-workflow';

import { SEEDED_USERS } from '../../../emulator/seed';
import { EmulatorFixture, expectNoKey } from '../../harness/emulator';
import { runAffinityNode } from '../../../testkit/engine';
import { byId } from '../../harness/ids';

/** Interaction create, update and delete through API v1, read back through v2. */
const fixture = new EmulatorFixture();
let teamMember: number;
const OUTSIDER = 5000007;

const people = (...ids: number[]) => ({ person: ids.map((id) => ({ person: byId(id) })) });
const run = (parameters: IDataObject, extra: Partial<Parameters<typeof runAffinityNode>[0]> = {}) =>
	runAffinityNode({
		credentials: fixture.credentials(),
		parameters: { resource: 'interaction', ...parameters },
		...extra,
	});
const writes = async () => (await fixture.requests()).filter((r) => r.method !== 'GET');

beforeAll(async () => {
	await fixture.start();
	teamMember = fixture.emulator.store.users.get(SEEDED_USERS.admin)?.personId as number;
});
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const meeting = (extra: IDataObject = {}) => ({
	operation: 'create',
	interactionType: 'meeting',
	persons: people(teamMember, OUTSIDER),
	date: '2026-03-10T09:30:00',
	content: 'Intro with the founders',
	...extra,
});

describe('interaction.create', () => {
	it('logs a meeting: v2 shape out, read back by GET /v2/meetings/{id}, content as its note', async () => {
		// A date-time without a zone is in the workflow's time zone: none is set here, so n8n's
		// default (America/New_York) applies: 09:30 EDT on 10 March 2026 is 13:30Z.
		const result = await run(meeting());
		expect(result.error).toBeUndefined();
		const [created] = result.items;
		expect(created).toMatchObject({
			loggingType: 'manual',
			startTime: '2026-03-10T13:30:00.000Z',
			organizer: null,
			attendeesPreview: { totalCount: 2 },
		});
		expect((created.creator as IDataObject).person).toMatchObject({
			id: teamMember,
			type: 'internal',
		});
		const v2 = await fixture.api<IDataObject>(`/v2/meetings/${String(created.id)}`);
		expect(v2.status).toBe(200);
		expect(v2.body).toMatchObject({
			id: created.id,
			startTime: created.startTime,
			loggingType: 'manual',
			attendeesPreview: { totalCount: 2 },
		});
		const notes = await fixture.api<{ data: IDataObject[] }>('/v2/notes?limit=100');
		const note = notes.body.data.find(
			(n) => (n.interaction as IDataObject | undefined)?.id === created.id,
		);
		expect((note?.content as IDataObject | undefined)?.html).toContain('Intro with the founders');
		const [post] = await writes();
		expect(post).toMatchObject({ method: 'POST', path: '/interactions' });
		expect(JSON.parse(post.body as string)).toEqual({
			type: 0,
			person_ids: [teamMember, OUTSIDER],
			date: '2026-03-10T13:30:00.000Z',
			content: 'Intro with the founders',
		});
		expectNoKey(result.run);
	});

	it('a chat message keeps its direction and is read by GET /v2/chat-messages; Simplify off gives v1', async () => {
		const result = await run(
			meeting({
				interactionType: 'chatMessage',
				direction: 'received',
				date: '2026-03-10T09:30:00+01:00',
				simplify: false,
			}),
		);
		expect(result.error).toBeUndefined();
		const [raw] = result.items;
		expect(raw).toMatchObject({ type: 2, direction: 1, date: '2026-03-10T08:30:00.000Z' });
		const v2 = await fixture.api<{ data: IDataObject[] }>(
			`/v2/chat-messages?filter=${encodeURIComponent(`id=${String(raw.id)}`)}`,
		);
		expect(v2.body.data).toEqual([
			expect.objectContaining({
				id: raw.id,
				direction: 'received',
				sentAt: '2026-03-10T08:30:00.000Z',
			}),
		]);
	});

	it('refuses an email before any request, saying why', async () => {
		const result = await run(meeting({ interactionType: 'email' }));
		expect(result.error?.message).toBe(
			'Interaction Type: an email cannot be logged through the API',
		);
		expect(result.error?.description).toMatch(/meetings, calls and chat messages/);
		expect(await fixture.requests()).toHaveLength(0);
	});

	it.each([
		['no people', () => ({ persons: {} }), /^People: pick at least one person/],
		[
			'a date that is none',
			() => ({ date: 'next tuesday' }),
			/^Date: "next tuesday" is not a date and time/,
		],
		['no content', () => ({ content: '  ' }), /^Content: required/],
		[
			'a person ID of 0',
			() => ({ persons: { person: [...people(teamMember).person, { person: byId('0') }] } }),
			/^Invalid People: Person 2: got "0"/,
		],
	])('refuses %s before any request', async (_label, extra, message) => {
		const result = await run(meeting(extra()));
		expect(result.error?.message).toMatch(message);
		expect(await fixture.requests()).toHaveLength(0);
	});

	it.each([
		['without a team member', () => people(OUTSIDER), /At least one internal person/],
		['with team members only', () => people(teamMember), /At least one external person/],
	])(
		'v1 refusing people %s reads as an error naming People and saying both kinds are needed',
		async (_label, persons, apiMessage) => {
			const result = await run(meeting({ persons: persons() }));
			expect(result.error?.message).toBe(
				'People: an interaction needs at least one internal person (a member of your team) and at least one external person (a contact)',
			);
			expect(result.error?.description).toMatch(apiMessage);
			expect(result.error?.description).toMatch(/Nothing was logged/);
			expect(result.error?.httpCode).toBe('422');
			expect((await fixture.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
		},
	);
});

describe('interaction.update and interaction.delete', () => {
	async function created(): Promise<IDataObject> {
		const result = await run(meeting({ interactionType: 'call' }));
		await fixture.clearRequests();
		return result.items[0];
	}

	it('update replaces people, date and content; v2 reads the change', async () => {
		const call = await created();
		const result = await run({
			operation: 'update',
			interactionId: String(call.id),
			interactionType: 'call',
			persons: people(teamMember),
			updateFields: { date: '2026-04-01T15:00:00Z', content: 'Follow-up agreed' },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			id: call.id,
			startTime: '2026-04-01T15:00:00.000Z',
			attendeesPreview: { totalCount: 1 },
		});
		const v2 = await fixture.api<{ data: IDataObject[] }>(
			`/v2/calls?filter=${encodeURIComponent(`id=${String(call.id)}`)}`,
		);
		expect(v2.body.data[0]).toMatchObject({
			startTime: '2026-04-01T15:00:00.000Z',
			attendeesPreview: { totalCount: 1 },
		});
		const [put] = await writes();
		expect(put.method).toBe('PUT');
		expect(JSON.parse(put.body as string)).toEqual({
			type: 1,
			person_ids: [teamMember],
			date: '2026-04-01T15:00:00.000Z',
			content: 'Follow-up agreed',
		});
	});

	it('update of an interaction of another type is a 404 naming it', async () => {
		const call = await created();
		const result = await run({
			operation: 'update',
			interactionId: String(call.id),
			interactionType: 'meeting',
			persons: people(teamMember),
		});
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.description).toMatch(/no meeting with ID/);
	});

	it('delete sends its type and removes it from v2 reads', async () => {
		const call = await created();
		const result = await run({
			operation: 'delete',
			interactionId: String(call.id),
			interactionType: 'call',
		});
		expect(result.items).toEqual([
			{ success: true, interactionId: call.id, interactionType: 'call' },
		]);
		const [del] = await writes();
		expect(del).toMatchObject({
			method: 'DELETE',
			path: `/interactions/${String(call.id)}`,
			query: '?type=1',
		});
		const v2 = await fixture.api<{ data: IDataObject[] }>(
			`/v2/calls?filter=${encodeURIComponent(`id=${String(call.id)}`)}`,
		);
		expect(v2.body.data).toEqual([]);
	});

	it('refuses an Interaction ID that is no number before any request', async () => {
		const result = await run({
			operation: 'delete',
			interactionId: '12a',
			interactionType: 'call',
		});
		expect(result.error?.message).toBe('Invalid Interaction ID: got "12a"');
		expect(await fixture.requests()).toHaveLength(0);
	});
});

describe('at most once', () => {
	const FAULTS = [
		['a 500', { kind: 'status', status: 500, apply: true }],
		['a connection reset', { kind: 'reset', apply: true }],
	] as const;

	it.each(FAULTS)(
		'after %s create, update and delete are each sent once, the outcome said unknown',
		async (_label, fault) => {
			const call = (await run(meeting({ interactionType: 'call' }))).items[0];
			const cases: Array<[string, IDataObject]> = [
				['POST', meeting()],
				[
					'PUT',
					{
						operation: 'update',
						interactionId: String(call.id),
						interactionType: 'call',
						persons: people(teamMember),
					},
				],
				[
					'DELETE',
					{ operation: 'delete', interactionId: String(call.id), interactionType: 'call' },
				],
			];
			for (const [method, parameters] of cases) {
				await fixture.clearRequests();
				await fixture.fault({ ...fault, method });
				const result = await run(parameters);
				expect(result.error?.description).toMatch(/may or may not have been applied/);
				expect(result.error?.description).toMatch(/Check with Interaction → Get Many/);
				expect(await writes()).toHaveLength(1);
				expectNoKey(result.run);
			}
		},
	);
});
