// The process's own zone, far from the workflow's: a date-time read in the server's zone shows.
process.env.TZ = 'America/Los_Angeles';

import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId } from '../harness/ids';

/**
 * Date-time inputs without a zone are in the workflow's time zone (Workflow Settings →
 * Timezone), never the n8n server's: the same workflow sends the same instant on every
 * server. The instants are read from the bodies and queries the emulator logged.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

/** UTC+9 all year (no daylight saving), 17 hours ahead of the process's zone in January. */
const TOKYO = 'Asia/Tokyo';
const COMPANY = 3000001;
const PERSON = 5000101;
const MEMBER_PERSON = 5000002;

const run = (parameters: IDataObject, timezone = TOKYO) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters, timezone });
const sentBody = async (method: string, path: string) => {
	const [request] = (await fixture.requests()).filter(
		(r) => r.method === method && r.path === path,
	);
	return JSON.parse(request.body!) as IDataObject;
};

describe('a date-time without a zone is in the workflow time zone', () => {
	it('Reminder → Create, Due Date: 09:00 in Tokyo is 00:00 UTC', async () => {
		await fixture.clearRequests();
		const result = await run({
			resource: 'reminder',
			operation: 'create',
			type: 'one-time',
			dueDate: '2030-01-02T09:00:00',
			owner: byId(MEMBER_PERSON),
			about: { company: byId(COMPANY) },
		});
		expect(result.error).toBeUndefined();
		expect((await sentBody('POST', '/v2/reminders')).dueDate).toBe('2030-01-02T00:00:00.000Z');
	});

	it('Reminder → Create, recurring, First Due Date: a bare date is midnight in Tokyo', async () => {
		await fixture.clearRequests();
		const result = await run({
			resource: 'reminder',
			operation: 'create',
			type: 'recurring',
			periodDays: 7,
			owner: byId(MEMBER_PERSON),
			about: { person: byId(PERSON) },
			options: { firstDueDate: '2030-03-10' },
		});
		expect(result.error).toBeUndefined();
		expect((await sentBody('POST', '/v2/reminders')).dueDate).toBe('2030-03-09T15:00:00.000Z');
	});

	it('a date-time with an offset is that instant, whatever the workflow zone', async () => {
		await fixture.clearRequests();
		const result = await run({
			resource: 'reminder',
			operation: 'create',
			type: 'one-time',
			dueDate: '2030-01-02T09:00:00+01:00',
			owner: byId(MEMBER_PERSON),
			about: { company: byId(COMPANY) },
		});
		expect(result.error).toBeUndefined();
		expect((await sentBody('POST', '/v2/reminders')).dueDate).toBe('2030-01-02T08:00:00.000Z');
	});

	it('across daylight saving: 09:00 in New York is 14:00 UTC in January and 13:00 UTC in July', async () => {
		for (const [dueDate, sent] of [
			['2030-01-15 09:00', '2030-01-15T14:00:00.000Z'],
			['2030-07-15T09:00:00.000', '2030-07-15T13:00:00.000Z'],
		]) {
			await fixture.clearRequests();
			const result = await run(
				{
					resource: 'reminder',
					operation: 'create',
					type: 'one-time',
					dueDate,
					owner: byId(MEMBER_PERSON),
					about: { company: byId(COMPANY) },
				},
				'America/New_York',
			);
			expect(result.error).toBeUndefined();
			expect((await sentBody('POST', '/v2/reminders')).dueDate).toBe(sent);
		}
	});

	it('Note → Create, Options → Created At', async () => {
		await fixture.clearRequests();
		const result = await run({
			resource: 'note',
			operation: 'create',
			about: 'entities',
			content: 'Backdated',
			persons: { person: [{ person: byId(PERSON) }] },
			options: { createdAt: '2025-03-01T09:30:00' },
		});
		expect(result.error).toBeUndefined();
		expect((await sentBody('POST', '/v2/notes')).createdAt).toBe('2025-03-01T00:30:00.000Z');
	});

	it('a filter condition on a date-time property (Note → Get Many, Created At)', async () => {
		await fixture.clearRequests();
		const result = await run({
			resource: 'note',
			operation: 'getAll',
			filterMode: 'conditions',
			filterConditions: {
				conditions: [
					{ property: 'createdAt', operator: 'greaterThan', value: '2025-03-01T09:30:00' },
				],
			},
			returnAll: false,
			limit: 1,
		});
		expect(result.error).toBeUndefined();
		const [request] = await fixture.requests();
		expect(new URLSearchParams(request.query).get('filter')).toBe(
			'createdAt > 2025-03-01T00:30:00Z',
		);
	});

	it('a date-time the node cannot read is refused before any request, naming the parameter', async () => {
		await fixture.clearRequests();
		const result = await run({
			resource: 'reminder',
			operation: 'create',
			type: 'one-time',
			dueDate: 'next Tuesday',
			owner: byId(MEMBER_PERSON),
			about: { company: byId(COMPANY) },
		});
		expect(result.error?.message).toBe(
			'Due Date: "next Tuesday" is not a date and time the node can read',
		);
		expect(await fixture.requests()).toHaveLength(0);
	});
});
