/**
 * The webhook trigger and the account's monthly quota (x-ratelimit-limit-org*): down to the
 * reserve, a delivery spends no call and is still emitted, saying what it did not read.
 */
import { EmulatorFixture } from '../harness/emulator';
import type { WebhookHarness } from '../harness/webhook';
import { DEAL_PIPELINE, deliveriesSettled, listField, webhookTrigger } from './helpers';

const fixture = new EmulatorFixture();
const open: WebhookHarness[] = [];
const RESERVE_NOTE =
	/the account's monthly API quota is down to its reserve \(\d+ of 100 calls left, the last 99 % kept for everything else; resets at \d{4}-\d\d-\d\dT[^)]+\)/;

async function trigger(options: Record<string, unknown>, filters: Record<string, unknown> = {}) {
	const h = await webhookTrigger(fixture, {
		events: ['list_entry.created', 'field_value.updated', 'field_value.created'],
		filters,
		options,
	});
	open.push(h);
	await h.activate();
	return h;
}

const apiCalls = async () =>
	(await fixture.requests()).map((r) => `${r.method} ${r.path}`).filter((r) => r.includes('/v2/'));

beforeAll(async () => {
	await fixture.start();
});
afterEach(async () => {
	while (open.length) await open.pop()!.close();
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
	// 100 calls a month: after activation about 97 are left, under a reserve of 99 %.
	await fixture.control('POST', '/rate-limit', { orgLimit: 100 });
});

describe('Include Current Entry', () => {
	it('down to the reserve: the event without "entry", a note, no call', async () => {
		const h = await trigger({ includeEntry: true, quotaReservePercent: 99 });
		const before = await apiCalls();
		const added = await fixture.control<{ id: number }>('POST', '/list-entries', {
			listId: DEAL_PIPELINE,
			name: 'Hooli',
		});
		await deliveriesSettled(fixture);
		expect(h.executions).toHaveLength(1);
		const [item] = h.executions[0];
		expect(item).toMatchObject({ event: 'listEntryAdded', listEntryId: added.id });
		expect(item).not.toHaveProperty('entry');
		expect(item.quotaNote).toMatch(/^"entry" was not read: /);
		expect(item.quotaNote).toMatch(RESERVE_NOTE);
		expect(await apiCalls()).toEqual(before);
	});

	it('above the reserve, or with the guard off, reads the entry', async () => {
		for (const options of [{}, { quotaReservePercent: 99, stopBeforeQuota: false }]) {
			await fixture.reset();
			await fixture.control('POST', '/rate-limit', { orgLimit: 100 });
			const h = await trigger({ includeEntry: true, ...options });
			const added = await fixture.control<{ id: number }>('POST', '/list-entries', {
				listId: DEAL_PIPELINE,
				name: 'Hooli',
			});
			await deliveriesSettled(fixture);
			expect(h.executions).toHaveLength(1);
			expect(h.executions[0][0].entry).toMatchObject({ id: added.id });
			expect(h.executions[0][0]).not.toHaveProperty('quotaNote');
			expect((await apiCalls()).at(-1)).toBe(
				`GET /v2/lists/${DEAL_PIPELINE}/list-entries/${added.id}`,
			);
			await open.pop()!.close();
		}
	});
});

describe('the List filter of field value events', () => {
	let entryId: number;
	beforeEach(async () => {
		// An entry that exists since the seed (its creation sends no event here).
		const { body } = await fixture.api<{ data: Array<{ id: number }> }>(
			`/v2/lists/${DEAL_PIPELINE}/list-entries?limit=1`,
		);
		entryId = body.data[0].id;
	});

	async function changeText(h: WebhookHarness, data: string) {
		const text = listField(fixture, DEAL_PIPELINE, 'text');
		await fixture.control('POST', '/values', {
			listEntryId: entryId,
			fieldId: text.id,
			value: { type: 'text', data },
		});
		await deliveriesSettled(fixture);
		return { text, last: h.executions.at(-1)?.[0] };
	}

	it('down to the reserve, uses field names kept earlier however old, without a call', async () => {
		const h = await trigger({ quotaReservePercent: 99 }, { listId: DEAL_PIPELINE });
		const text = listField(fixture, DEAL_PIPELINE, 'text');
		// Kept a day ago: stale, and normally read again.
		h.staticData().listFields = {
			listId: DEAL_PIPELINE,
			at: Date.now() - 86_400_000,
			names: { [text.id]: text.name },
		};
		const before = await apiCalls();
		const { last } = await changeText(h, 'kept names');
		expect(h.executions).toHaveLength(1);
		expect(last).toMatchObject({
			event: 'fieldValueChanged',
			listId: DEAL_PIPELINE,
			changes: [expect.objectContaining({ fieldId: text.id, fieldName: text.name })],
		});
		expect(last).not.toHaveProperty('quotaNote');
		expect(await apiCalls()).toEqual(before);
	});

	it('down to the reserve with no names kept: emitted unchecked, saying so, without a call', async () => {
		const h = await trigger({ quotaReservePercent: 99 }, { listId: DEAL_PIPELINE });
		const before = await apiCalls();
		const { text, last } = await changeText(h, 'no names');
		expect(h.executions).toHaveLength(1);
		expect(last).toMatchObject({
			event: 'fieldValueChanged',
			changes: [expect.objectContaining({ fieldId: text.id })],
		});
		expect(last?.quotaNote).toMatch(/^Not checked against the List filter/);
		expect(last?.quotaNote).toMatch(RESERVE_NOTE);
		expect(await apiCalls()).toEqual(before);
	});

	it("above the reserve, reads the list's fields once", async () => {
		const h = await trigger({}, { listId: DEAL_PIPELINE });
		const before = await apiCalls();
		const { text, last } = await changeText(h, 'first');
		await changeText(h, 'second');
		expect(h.executions).toHaveLength(2);
		expect(last).toMatchObject({
			listId: DEAL_PIPELINE,
			changes: [expect.objectContaining({ fieldId: text.id, fieldName: text.name })],
		});
		expect((await apiCalls()).slice(before.length)).toEqual([
			`GET /v2/lists/${DEAL_PIPELINE}/fields`,
			`GET /v2/lists/${DEAL_PIPELINE}`,
		]);
	});
});
