import { SEEDED_USERS } from '../../emulator/seed';
import { ADMIN_KEY, EmulatorFixture, RESTRICTED_KEY } from '../harness/emulator';
import { collect, expect400, type ErrorBody, type Page } from './helpers';
import { TARGET_ACCOUNTS } from '../harness/ids';

/** The change log: GET /v2/field-value-changes and a list entry's field-value-changes. */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const BOARD = 104;

type Change = {
	id: number;
	field: { id: string; entityType: string; name: string; type: string };
	entity: { id: number };
	listEntry: { id: number; listId: number } | null;
	changer: { id: number; firstName: string; lastName: string | null; emailAddress: string } | null;
	changedAt: string;
	actionType: 'add' | 'update' | 'delete';
	type: string;
	value: unknown;
};
type Field = { id: string; name: string; type: string; valueType: string };

async function listField(name: string): Promise<Field> {
	const res = await fixture.api<{ data: Field[] }>(`/v2/lists/${TARGET_ACCOUNTS}/fields?limit=100`);
	return res.body.data.find((f) => f.name === name && f.type === 'list')!;
}

async function firstEntries(
	listId = TARGET_ACCOUNTS,
): Promise<Array<{ id: number; entityId: number }>> {
	return fixture.control('GET', `/lists/${listId}/entries`);
}

const inOrder = (changes: Change[]) =>
	changes.every(
		(c, i) =>
			i === 0 ||
			c.changedAt > changes[i - 1].changedAt ||
			(c.changedAt === changes[i - 1].changedAt && c.id > changes[i - 1].id),
	);

describe('GET /v2/field-value-changes', () => {
	it('holds the seeded history, ascending by changedAt then id, the same whatever the page size', async () => {
		const all = await collect<Change>(fixture, '/v2/field-value-changes');
		expect(all.items.length).toBeGreaterThan(100);
		expect(inOrder(all.items)).toBe(true);
		const small = await collect<Change>(fixture, '/v2/field-value-changes?limit=7');
		expect(small.items.map((c) => c.id)).toEqual(all.items.map((c) => c.id));
		expect(small.pages).toBe(Math.ceil(all.items.length / 7));
		const status = all.items.find((c) => c.type === 'ranked-dropdown')!;
		expect(status.value).toEqual({
			referenceType: 'entity',
			dropdownOptionId: expect.any(Number),
			text: expect.any(String),
			rank: expect.any(Number),
			color: status.value && (status.value as { color: unknown }).color,
		});
		expect(status.field).toEqual({
			id: expect.stringMatching(/^field-/),
			entityType: expect.stringMatching(/^(company|person|opportunity)$/),
			name: 'Status',
			type: 'list',
		});
		expect(all.items.some((c) => c.changer === null)).toBe(true);
		expect(all.items.some((c) => c.actionType === 'update')).toBe(true);
	});

	it('records a write through the API: who, when, what, on which entry', async () => {
		const notes = await listField('Notes');
		const [entry] = await firstEntries();
		const before = Date.now();
		await fixture.control('POST', '/values', {
			listEntryId: entry.id,
			fieldId: notes.id,
			value: null,
		});
		const path = `/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields/${notes.id}`;
		expect(
			(
				await fixture.api(path, ADMIN_KEY, {
					method: 'POST',
					body: { value: { type: 'text', data: 'first words' } },
				})
			).status,
		).toBe(204);
		expect(
			(
				await fixture.api(path, ADMIN_KEY, {
					method: 'POST',
					body: { value: { type: 'text', data: null } },
				})
			).status,
		).toBe(204);
		// Live, filter times are whole seconds.
		const since = new Date(before - 1000).toISOString().replace(/\.\d+Z$/, 'Z');
		const { items } = await collect<Change>(
			fixture,
			`/v2/field-value-changes?filter=${encodeURIComponent(`field.id=${notes.id} & changedAt>=${since} & changer.id=${SEEDED_USERS.admin}`)}`,
		);
		expect(
			items.map((c) => [c.actionType, c.value, c.listEntry, c.entity.id, c.changer?.id]),
		).toEqual([
			[
				'add',
				'first words',
				{ id: entry.id, listId: TARGET_ACCOUNTS },
				entry.entityId,
				SEEDED_USERS.admin,
			],
			[
				'delete',
				'first words',
				{ id: entry.id, listId: TARGET_ACCOUNTS },
				entry.entityId,
				SEEDED_USERS.admin,
			],
		]);
		expect(Date.parse(items[0].changedAt)).toBeGreaterThanOrEqual(before - 5);
	});

	it('logs one add or delete per item of a multi-value field, never an update; batch writes too', async () => {
		const labels = await listField('Labels');
		const [, entry] = await firstEntries();
		const [hot, warm, cold] = fixture.emulator.store.fields.get(labels.id)!.dropdownOptions!;
		const set = (ids: number[]) =>
			fixture.api(`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields`, ADMIN_KEY, {
				method: 'PATCH',
				body: {
					operation: 'update-fields',
					updates: [
						{
							id: labels.id,
							value: {
								type: 'dropdown-multi',
								data: ids.map((dropdownOptionId) => ({ dropdownOptionId })),
							},
						},
					],
				},
			});
		expect((await set([hot.id, warm.id])).status).toBe(200);
		const mark = (await collect<Change>(fixture, '/v2/field-value-changes')).items.at(-1)!.id;
		expect((await set([warm.id, cold.id])).status).toBe(200);
		const { items } = await collect<Change>(
			fixture,
			`/v2/field-value-changes?filter=${encodeURIComponent(`listEntry.id=${entry.id}`)}`,
		);
		const after = items.filter((c) => c.id > mark);
		expect(after.map((c) => [c.actionType, (c.value as { text: string }).text])).toEqual([
			['delete', hot.text],
			['add', cold.text],
		]);
	});

	it('records control-API changes with the changer named, and only change-tracked fields', async () => {
		const notes = await listField('Notes');
		const dealSize = await listField('Deal Size');
		const [entry] = await firstEntries();
		await fixture.control('POST', `/fields/${dealSize.id}/change-tracking`, { enabled: false });
		await fixture.control('POST', '/values', {
			listEntryId: entry.id,
			fieldId: notes.id,
			value: { type: 'text', data: 'from the web app' },
			changerId: SEEDED_USERS.member,
		});
		await fixture.control('POST', '/values', {
			listEntryId: entry.id,
			fieldId: dealSize.id,
			value: { type: 'number', data: 12345 },
		});
		const { items } = await collect<Change>(
			fixture,
			`/v2/field-value-changes?orderBy=-changedAt&limit=5`,
		);
		expect(items[0]).toMatchObject({
			field: { id: notes.id },
			changer: { id: SEEDED_USERS.member },
			value: 'from the web app',
		});
		expect(items.some((c) => c.field.id === dealSize.id && c.value === 12345)).toBe(false);
		await fixture.control('POST', '/values', {
			listEntryId: entry.id,
			fieldId: notes.id,
			value: { type: 'text', data: 'by the system' },
		});
		const latest = await fixture.api<Page<Change>>(
			'/v2/field-value-changes?orderBy=-changedAt&limit=1',
		);
		expect(latest.body.data[0]).toMatchObject({
			changer: null,
			actionType: 'update',
			value: 'by the system',
		});
	});

	it('filters on field, list entry, changer, time and action, and descends on request', async () => {
		const { items: all } = await collect<Change>(fixture, '/v2/field-value-changes');
		const pick = all[Math.floor(all.length / 2)];
		// Live, filter times are whole seconds.
		const at = pick.changedAt.replace(/\.\d+Z$/, 'Z');
		const time = (c: Change) => Date.parse(c.changedAt);
		const filters: Array<[string, (c: Change) => boolean]> = [
			[`field.id=${pick.field.id}`, (c) => c.field.id === pick.field.id],
			[`listEntry.id=${pick.listEntry!.id}`, (c) => c.listEntry?.id === pick.listEntry!.id],
			[`changedAt>${at}`, (c) => time(c) > Date.parse(at)],
			[
				`changedAt<=${at} & actionType=update`,
				(c) => time(c) <= Date.parse(at) && c.actionType === 'update',
			],
			[
				`changer.id=${SEEDED_USERS.admin} | changer.id=${SEEDED_USERS.member}`,
				(c) => c.changer?.id === SEEDED_USERS.admin || c.changer?.id === SEEDED_USERS.member,
			],
		];
		for (const [filter, expected] of filters) {
			const { items } = await collect<Change>(
				fixture,
				`/v2/field-value-changes?limit=13&filter=${encodeURIComponent(filter)}`,
			);
			expect({ filter, ids: items.map((c) => c.id) }).toEqual({
				filter,
				ids: all.filter(expected).map((c) => c.id),
			});
		}
		const descending = await collect<Change>(
			fixture,
			'/v2/field-value-changes?orderBy=-changedAt&limit=9',
		);
		expect(descending.items.map((c) => c.id)).toEqual([...all].reverse().map((c) => c.id));
	});

	it('pages back with prevUrl', async () => {
		const first = await fixture.api<Page<Change>>('/v2/field-value-changes?limit=5');
		const second = await fixture.api<Page<Change>>(
			first.body.pagination.nextUrl!.replace(fixture.baseUrl, ''),
		);
		expect(first.body.pagination.prevUrl).toBeNull();
		const back = await fixture.api<Page<Change>>(
			second.body.pagination.prevUrl!.replace(fixture.baseUrl, ''),
		);
		expect(back.body.data.map((c) => c.id)).toEqual(first.body.data.map((c) => c.id));
	});

	it('a clock that ran back (POST /_emulator/clock): later changes at earlier times, in time order', async () => {
		const notes = await listField('Notes');
		const entries = await firstEntries();
		const onNotes = `/v2/field-value-changes?filter=${encodeURIComponent(`field.id="${notes.id}"`)}`;
		const before = (await collect<Change>(fixture, onNotes)).items.length;
		await fixture.control('POST', '/values', {
			listEntryId: entries[0].id,
			fieldId: notes.id,
			value: { type: 'text', data: 'on time' },
		});
		await fixture.control('POST', '/clock', { offsetMs: -1000 });
		for (let i = 1; i <= 6; i++)
			await fixture.control('POST', '/values', {
				listEntryId: entries[i].id,
				fieldId: notes.id,
				value: { type: 'text', data: `late ${i}` },
			});
		const all = (await collect<Change>(fixture, onNotes)).items.slice(before);
		expect(inOrder(all)).toBe(true);
		// Made last, logged first: ids no longer ascend with the log, times then ids do.
		expect(all.map((c) => c.value)).toEqual([
			...[1, 2, 3, 4, 5, 6].map((i) => `late ${i}`),
			'on time',
		]);
		expect(all[6].id).toBeLessThan(all[0].id);
		// Pages of 2 by cursor, forwards and back, hold the same changes.
		const paged = (await collect<Change>(fixture, `${onNotes}&limit=2`)).items.slice(before);
		expect(paged.map((c) => c.id)).toEqual(all.map((c) => c.id));
		const descending = await collect<Change>(fixture, `${onNotes}&orderBy=-changedAt&limit=2`);
		expect(descending.items.slice(0, 7).map((c) => c.id)).toEqual(all.map((c) => c.id).reverse());
	});

	it('refuses unknown properties, operators the API does not list, and bad orderBy', async () => {
		await expect400(
			fixture,
			`/v2/field-value-changes?filter=${encodeURIComponent('entity.id=3')}`,
			'filter',
		);
		await expect400(
			fixture,
			`/v2/field-value-changes?filter=${encodeURIComponent('actionType=~add')}`,
			'filter',
		);
		await expect400(
			fixture,
			`/v2/field-value-changes?filter=${encodeURIComponent('changedAt>yesterday')}`,
			'filter',
		);
		await expect400(fixture, '/v2/field-value-changes?orderBy=id', 'orderBy');
		await expect400(fixture, '/v2/field-value-changes?limit=101', 'limit');
	});

	it('leaves out changes on lists the caller cannot see', async () => {
		const notes = (
			await fixture.api<{ data: Field[] }>(`/v2/lists/${BOARD}/fields?limit=100`)
		).body.data.find((f) => f.name === 'Notes')!;
		const [entry] = await firstEntries(BOARD);
		await fixture.control('POST', '/values', {
			listEntryId: entry.id,
			fieldId: notes.id,
			value: { type: 'text', data: 'confidential' },
			changerId: SEEDED_USERS.admin,
		});
		const filter = encodeURIComponent(`listEntry.id=${entry.id}`);
		expect(
			(await collect<Change>(fixture, `/v2/field-value-changes?filter=${filter}`)).items.length,
		).toBeGreaterThan(0);
		expect(
			(await collect<Change>(fixture, `/v2/field-value-changes?filter=${filter}`, RESTRICTED_KEY))
				.items,
		).toEqual([]);
	});
});

describe('GET /v2/lists/{listId}/list-entries/{listEntryId}/field-value-changes', () => {
	it("returns one entry's changes, filtered, and 404 for an entry of another list", async () => {
		const { items: all } = await collect<Change>(fixture, '/v2/field-value-changes');
		const entryId = all[0].listEntry!.id;
		const listId = all[0].listEntry!.listId;
		const { items } = await collect<Change>(
			fixture,
			`/v2/lists/${listId}/list-entries/${entryId}/field-value-changes?limit=2`,
		);
		expect(items.map((c) => c.id)).toEqual(
			all.filter((c) => c.listEntry?.id === entryId).map((c) => c.id),
		);
		const adds = await collect<Change>(
			fixture,
			`/v2/lists/${listId}/list-entries/${entryId}/field-value-changes?filter=actionType%3Dadd`,
		);
		expect(adds.items.every((c) => c.actionType === 'add')).toBe(true);
		const other = listId === TARGET_ACCOUNTS ? 103 : TARGET_ACCOUNTS;
		const res = await fixture.api<ErrorBody>(
			`/v2/lists/${other}/list-entries/${entryId}/field-value-changes`,
		);
		expect(res.status).toBe(404);
		await expect400(
			fixture,
			`/v2/lists/${listId}/list-entries/${entryId}/field-value-changes?filter=${encodeURIComponent('listEntry.id=1')}`,
			'filter',
		);
	});
});
