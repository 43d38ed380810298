/**
 * A seeded run of 1,000+ mutations of one list (entries added and removed, text and number
 * values set, changed and cleared, in bursts within the same millisecond) while the receiver
 * loses some answers, so Affinity (the emulator) redelivers. The trigger's executions, replayed
 * onto the first snapshot, must give the final list exactly, and match one to one the events a
 * second, always-answering webhook (the emulator's sink) received: 0 lost, 0 duplicated.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FieldDef, ListEntry } from '../../emulator/model';
import { createRandom } from '../../emulator/random';
import { ADMIN_KEY, EmulatorFixture } from '../harness/emulator';
import type { WebhookHarness } from '../harness/webhook';
import { DEAL_PIPELINE, deliveriesSettled, listField, webhookTrigger } from './helpers';

const fixture = new EmulatorFixture();
let h: WebhookHarness | undefined;

beforeAll(async () => {
	await fixture.start();
});
afterAll(async () => {
	await h?.close();
	await fixture.stop();
});

type Values = Map<string, unknown>;

/** The list's entries and the watched fields' values, read from the emulated account. */
function snapshot(fields: FieldDef[]): Map<number, Values> {
	const entries = fixture.emulator.store.entriesByList.get(DEAL_PIPELINE) as ListEntry[];
	return new Map(
		entries.map((entry) => [
			entry.id,
			new Map(
				fields
					.map((f) => [f.id, entry.values.get(f.id)?.data ?? null] as const)
					.filter(([, value]) => value !== null),
			),
		]),
	);
}

const plain = (list: Map<number, Values>) =>
	[...list.entries()]
		.sort(([a], [b]) => a - b)
		.map(([id, values]) => [id, Object.fromEntries([...values].sort())]);

it('reproduces the final list from the first snapshot plus the webhook events', async () => {
	await fixture.reset({ seed: 7 });
	await fixture.control('POST', '/settings', {
		webhookRetryBaseMs: 5,
		webhookRetryWindowMs: 60_000,
		// Each retry stamped anew (a later sent_at): still one event each.
		webhookRetrySentAt: 'restamped',
	});
	const fields = [
		listField(fixture, DEAL_PIPELINE, 'text'),
		listField(fixture, DEAL_PIPELINE, 'number'),
	];
	const events = [
		'list_entry.created',
		'list_entry.deleted',
		'field_value.created',
		'field_value.updated',
		'field_value.deleted',
	];
	h = await webhookTrigger(fixture, { events, filters: { listId: DEAL_PIPELINE } });
	await h.activate();
	// The control: Affinity's own record of what it sent, through a receiver that always answers.
	await fixture.api('/v2/webhooks', ADMIN_KEY, {
		method: 'POST',
		body: { url: `${fixture.baseUrl}/_emulator/webhook-sink`, subscriptions: events },
	});
	await fixture.control('DELETE', '/webhook-sink');

	const random = createRandom(20261122);
	// Lost answers from their own sequence, so that the mutations are the same at every run.
	const losses = createRandom(7);
	h.answer = () => (losses.chance(0.1) ? 'fail' : losses.chance(0.05) ? 'drop' : 'normal');
	const first = snapshot(fields);
	const alive = [...first.keys()];
	let mutations = 0;
	while (mutations < 1200) {
		// A burst: several mutations sent at once, many in the same millisecond.
		const burst = random.int(1, 8);
		const calls: Array<Promise<unknown>> = [];
		for (let i = 0; i < burst; i++, mutations++) {
			const roll = random.next();
			if (roll < 0.15 || alive.length < 5) {
				calls.push(
					fixture
						.control<{ id: number }>('POST', '/list-entries', { listId: DEAL_PIPELINE })
						.then(({ id }) => alive.push(id)),
				);
			} else if (roll < 0.25) {
				const [id] = alive.splice(random.int(0, alive.length - 1), 1);
				calls.push(fixture.control('DELETE', `/list-entries/${id}`));
			} else {
				const field = random.pick(fields);
				const id = random.pick(alive);
				const value = random.chance(0.15)
					? null
					: field.valueType === 'text'
						? { type: 'text', data: random.pick(['a', 'b', 'c', 'd']) }
						: { type: 'number', data: random.int(1, 5) };
				calls.push(
					fixture.control('POST', '/values', { listEntryId: id, fieldId: field.id, value }),
				);
			}
		}
		await Promise.all(calls);
	}
	await deliveriesSettled(fixture, 120_000);

	// Replay: entries added and removed, then value events in the order of their times.
	const items = h.executions.map((e) => {
		expect(e).toHaveLength(1);
		return e[0];
	});
	const replay = new Map([...first].map(([id, values]) => [id, new Map(values)]));
	for (const item of items) {
		if (item.event === 'listEntryAdded') replay.set(item.listEntryId as number, new Map());
	}
	for (const item of items)
		if (item.event === 'listEntryRemoved') replay.delete(item.listEntryId as number);
	const changes = items
		.filter((i) => i.event === 'fieldValueChanged')
		.sort((a, b) => String(a.changedAt).localeCompare(String(b.changedAt)));
	for (const item of changes) {
		const values = replay.get(item.listEntryId as number);
		if (!values) continue;
		const [change] = item.changes as IDataObject[];
		if (change.current === null) values.delete(change.fieldId as string);
		else values.set(change.fieldId as string, change.current);
	}

	const counts = await fixture.control<{ failedAttempts: number; disabled: number }>(
		'GET',
		'/webhook-deliveries',
	);
	expect(counts.disabled).toBe(0);
	// One execution per event Affinity sent: none lost, none twice, though some were redelivered.
	const sink = (
		await fixture.control<Array<{ type: string; body: IDataObject }>>('GET', '/webhook-sink')
	).filter((d) => d.type !== 'sample.webhook');
	const key = (type: unknown, id: unknown, at: unknown) =>
		`${String(type)} ${String(id)} ${String(at)}`;
	const sent = sink
		.map((d) => key(d.type, d.body.id, d.body.updated_at ?? d.body.created_at))
		.sort();
	const emitted = items
		.map((i) =>
			i.event === 'fieldValueChanged'
				? key(i.affinityEvent, (i.changes as IDataObject[])[0].fieldValueId, i.changedAt)
				: key(i.affinityEvent, i.listEntryId, i.createdAt),
		)
		.sort();
	expect(emitted).toEqual(sent);
	expect(new Set(emitted).size).toBe(emitted.length);
	expect(plain(replay)).toEqual(plain(snapshot(fields)));
	expect(counts.failedAttempts).toBeGreaterThan(50);
	const hashes = Object.values(h.staticData().seen as Record<string, string>)
		.join(' ')
		.split(' ');
	expect(hashes).toHaveLength(emitted.length);
	expect(JSON.stringify(h.staticData().seen).length).toBeLessThan(12 * emitted.length + 100);
	expect(mutations).toBeGreaterThanOrEqual(1000);
	process.stdout.write(
		`webhook randomized: ${mutations} mutations, ${sent.length} events, ${items.length} executions, ${counts.failedAttempts} failed attempts (redeliveries), ${
			Object.values(h.staticData().seen as Record<string, string>)
				.join(' ')
				.split(' ').length
		} dedupe hashes, ${JSON.stringify(h.staticData().seen).length} bytes of dedupe memory\n`,
	);
}, 300_000);
