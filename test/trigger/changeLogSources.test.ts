/**
 * Change-log detection against the emulator through n8n-core's PollContext: what the log says
 * beyond a list field's change. A cursor on the API's clock (Affinity's clock minutes behind or
 * ahead of n8n's), a watched global field (logged on the company, not on an entry), and values
 * whose person, company or dropdown option has been deleted since (DeletedEntityReference).
 */
import type { IDataObject } from 'n8n-workflow';

import { ADMIN_KEY, EmulatorFixture } from '../harness/emulator';
import {
	TARGET_ACCOUNTS,
	addEntry,
	byId,
	events,
	fetchAll,
	fieldNamed,
	setValue,
	triggerHarness,
} from './helpers';

const fixture = new EmulatorFixture();

beforeAll(async () => {
	await fixture.start();
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
});

const changeLog = (extra: IDataObject = {}) => ({
	listId: byId(TARGET_ACCOUNTS),
	detection: 'changeLog',
	...extra,
});

/** Moves the last reconciliation a day back, as if a day had passed. */
function dayLater(h: { staticData(): IDataObject }): void {
	const log = h.staticData().changeLog as { reconciledAt: string };
	log.reconciledAt = new Date(Date.parse(log.reconciledAt) - 25 * 3_600_000).toISOString();
}

const MINUTES = 60_000;

describe("the cursor is on Affinity's clock", () => {
	it.each([
		['3 minutes behind', -3 * MINUTES],
		['3 minutes ahead', 3 * MINUTES],
	])(
		"with Affinity's clock %s n8n's, a change right after activation is reported once",
		async (_label, offsetMs) => {
			await fixture.control('POST', '/clock', { offsetMs });
			const h = triggerHarness(fixture, changeLog());
			expect(await h.poll()).toBeNull();
			const [entry] = await fetchAll(fixture, TARGET_ACCOUNTS);
			const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
			await setValue(fixture, entry.id, notes.id, { type: 'text', data: 'Right after' });

			const got = events(await h.poll());
			expect(got).toEqual([
				expect.objectContaining({
					listEntryId: entry.id,
					detectedBy: 'changeLog',
					changes: [expect.objectContaining({ fieldId: notes.id, current: 'Right after' })],
				}),
			]);
			// Logged on Affinity's clock: minutes away from n8n's.
			expect(Math.abs(Date.parse(String(got[0].changedAt)) - Date.now() - offsetMs)).toBeLessThan(
				MINUTES,
			);
			expect(await h.poll()).toBeNull();
		},
	);

	it("a change made while a reconciliation reads the list, with Affinity's clock behind, is reported once", async () => {
		await fixture.control('POST', '/clock', { offsetMs: -3 * MINUTES });
		const h = triggerHarness(fixture, changeLog());
		await h.poll();
		const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		dayLater(h);
		// The second page of the reconciliation's read is answered late; meanwhile an entry of
		// the first page changes: the log reports it, the snapshot does not hold it.
		await fixture.fault({
			kind: 'delay',
			delayMs: 1500,
			method: 'GET',
			path: `^/v2/lists/${TARGET_ACCOUNTS}/list-entries$`,
			skip: 1,
		});
		await fixture.clearRequests();
		const polling = h.poll();
		for (;;) {
			const reads = (await fixture.requests()).filter((r) =>
				r.path.endsWith(`/lists/${TARGET_ACCOUNTS}/list-entries`),
			);
			if (reads.length >= 2) break;
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		await setValue(fixture, entries[0].id, notes.id, { type: 'text', data: 'During the read' });
		const during = events(await polling);
		expect(during).toEqual([
			expect.objectContaining({ listEntryId: entries[0].id, detectedBy: 'changeLog' }),
		]);
		// The next reconciliation finds the value its snapshot lacked: the log reported it already.
		dayLater(h);
		expect(await h.poll()).toBeNull();
	});
});

describe('a watched global field', () => {
	it.each([
		['with reconciliation', 24],
		['with reconciliation off', 0],
	])(
		"a company's own field changed is a change of the list's entry of that company (%s)",
		async (_label, reconcileHours) => {
			const description = [...fixture.emulator.store.fields.values()].find(
				(f) => f.type === 'global' && f.entityKind === 'company' && f.name === 'Description',
			)!;
			const h = triggerHarness(
				fixture,
				changeLog({ watchedFieldIds: [description.id], options: { reconcileHours } }),
			);
			await h.poll();
			const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
			const [entry] = entries;
			// The list may hold a company more than once: each of its entries changed.
			const ofCompany = entries.filter((e) => e.entity.id === entry.entity.id);
			expect(ofCompany.length).toBeGreaterThanOrEqual(1);
			// Set on the company itself (as its profile page does): logged with listEntry null.
			await fixture.control('POST', '/values', {
				companyId: entry.entity.id,
				fieldId: description.id,
				value: { type: 'text', data: 'Now a global leader' },
			});
			const logged = await fixture.api<{ data: Array<{ listEntry: unknown }> }>(
				`/v2/field-value-changes?filter=${encodeURIComponent(`field.id="${description.id}"`)}&orderBy=-changedAt&limit=1`,
			);
			expect(logged.body.data[0].listEntry).toBeNull();

			const got = events(await h.poll());
			expect(got).toEqual(
				ofCompany.map((e) =>
					expect.objectContaining({
						event: 'fieldValueChanged',
						listId: TARGET_ACCOUNTS,
						listEntryId: e.id,
						entityId: entry.entity.id,
						entityType: 'company',
						detectedBy: 'changeLog',
						changes: [
							expect.objectContaining({
								fieldId: description.id,
								fieldName: 'Description',
								current: 'Now a global leader',
							}),
						],
					}),
				),
			);
			expect(await h.poll()).toBeNull();
			// A later reconciliation does not report it again.
			dayLater(h);
			expect(await h.poll()).toBeNull();
		},
	);
});

describe('a value whose person, company or dropdown option was deleted since', () => {
	it('shows the text Affinity kept, marked deleted, for every reference type', async () => {
		// A new entry: no values yet, so every change below is one of these references.
		const entry = await addEntry(fixture, TARGET_ACCOUNTS, undefined, 'Fresh Co');
		const h = triggerHarness(fixture, changeLog());
		await h.poll();
		const field = (name: string) => fieldNamed(fixture, TARGET_ACCOUNTS, name);
		const { id: personId } = await fixture.control<{ id: number }>('POST', '/persons', {
			name: 'Gone Person',
		});
		const { id: companyId } = await fixture.control<{ id: number }>('POST', '/companies', {
			name: 'Gone Co',
		});
		const option = (name: string) => field(name).dropdownOptions![0];
		const stage = option('Stage');
		const status = option('Status');
		const label = option('Labels');
		const set = (name: string, type: string, data: unknown) =>
			setValue(fixture, entry.id, field(name).id, { type, data });
		await set('Owner', 'person', { id: personId });
		await set('Champions', 'person-multi', [{ id: personId }]);
		await set('Related Company', 'company', { id: companyId });
		await set('Co-investors', 'company-multi', [{ id: companyId }]);
		await set('Stage', 'dropdown', { dropdownOptionId: stage.id });
		await set('Status', 'ranked-dropdown', { dropdownOptionId: status.id });
		await set('Labels', 'dropdown-multi', [{ dropdownOptionId: label.id }]);

		expect(
			(await fixture.api(`/v2/persons/${personId}`, ADMIN_KEY, { method: 'DELETE' })).status,
		).toBe(204);
		await fixture.control('DELETE', `/companies/${companyId}`);
		for (const [name, id] of [
			['Stage', stage.id],
			['Status', status.id],
			['Labels', label.id],
		] as const) {
			const res = await fixture.api(
				`/v2/lists/${TARGET_ACCOUNTS}/fields/${field(name).id}/dropdown-options/${id}`,
				ADMIN_KEY,
				{ method: 'DELETE' },
			);
			expect(res.status).toBe(204);
		}

		const changes = events(await h.poll())
			.filter((e) => e.listEntryId === entry.id)
			.map((e) => (e.changes as IDataObject[])[0]);
		const added = (name: string) =>
			changes.find((c) => c.fieldName === name && c.actionType === 'add');
		const person = { id: null, name: 'Gone Person', email: null, deleted: true };
		const company = { id: null, name: 'Gone Co', domain: null, deleted: true };
		expect(added('Owner')).toMatchObject({ current: person, referenceDeleted: true });
		expect(added('Champions')).toMatchObject({ current: person, referenceDeleted: true });
		expect(added('Related Company')).toMatchObject({ current: company, referenceDeleted: true });
		expect(added('Co-investors')).toMatchObject({ current: company, referenceDeleted: true });
		expect(added('Stage')).toMatchObject({ current: stage.text, referenceDeleted: true });
		expect(added('Status')).toMatchObject({ current: status.text, referenceDeleted: true });
		expect(added('Labels')).toMatchObject({ current: label.text, referenceDeleted: true });
		// Deleting an option cleared it from the entry: the removal shows the option's text too.
		expect(changes.find((c) => c.fieldName === 'Stage' && c.actionType === 'delete')).toMatchObject(
			{ previous: stage.text, current: null, referenceDeleted: true },
		);
		// A live reference is not marked.
		expect(changes.filter((c) => c.referenceDeleted !== true)).toEqual([]);
	});
});
