/** The webhook trigger's pure parts: what a delivery is, its key, and the dedupe memory. */
import type { IDataObject } from 'n8n-workflow';

import {
	emittedBefore,
	firstDelivery,
	shortHash,
} from '../../nodes/AffinityV2WebhookTrigger/dedupe';
import {
	deliveryIdentity,
	eventItem,
	parseDelivery,
} from '../../nodes/AffinityV2WebhookTrigger/delivery';

const HOUR = 60 * 60 * 1000;

describe('parseDelivery', () => {
	it('accepts v1 envelopes and nothing else', () => {
		expect(
			parseDelivery({ type: 'list_entry.created', body: { id: 1 }, sent_at: 1631120151 }),
		).toEqual({ type: 'list_entry.created', body: { id: 1 }, sentAt: 1631120151 });
		for (const bad of [
			null,
			[],
			'x',
			{},
			{ type: 'list_entry.created', body: {} },
			{ type: 'nope', body: {}, sent_at: 1 },
			{ type: 'a.b', body: [], sent_at: 1 },
			{ type: 'a.b', body: {}, sent_at: '1' },
		]) {
			expect(parseDelivery(bad)).toBeUndefined();
		}
	});
});

describe('deliveryIdentity', () => {
	const delivery = (type: string, body: IDataObject, sentAt = 1) =>
		parseDelivery({ type, body, sent_at: sentAt })!;

	it('is the same for the same envelope, whatever its key order', () => {
		const body = { id: 5, field_id: 12, updated_at: '2026-11-22T10:00:00.001Z', value: 'a' };
		expect(deliveryIdentity(delivery('field_value.updated', body, 7))).toEqual(
			deliveryIdentity(
				delivery(
					'field_value.updated',
					{ value: 'a', updated_at: '2026-11-22T10:00:00.001Z', field_id: 12, id: 5 },
					7,
				),
			),
		);
	});

	it('holds no sent_at: a retry stamped anew is the same event', () => {
		const body = { id: 5, field_id: 12, updated_at: '2026-11-22T10:00:00.001Z', value: 'a' };
		const first = deliveryIdentity(delivery('field_value.updated', body, 7));
		const retry = deliveryIdentity(delivery('field_value.updated', body, 7 + 3600));
		expect(retry.key).toBe(first.key);
		expect(retry.sentAt).toBe(7 + 3600);
		// The body names its change (updated_at): no record is needed to tell A → B → A apart.
		expect(first.record).toBeUndefined();
		expect(
			deliveryIdentity(
				delivery('field_value.updated', { ...body, updated_at: '2026-11-22T10:00:01.000Z' }),
			).key,
		).not.toBe(first.key);
	});

	it('names the record of an update whose body has no time, and only then', () => {
		const person = (firstName: string) => ({ id: 38706, first_name: firstName, last_name: 'Doe' });
		const first = deliveryIdentity(delivery('person.updated', person('Jane'), 100));
		expect(first.record).toBe('person.updated|38706');
		expect(deliveryIdentity(delivery('person.updated', person('Janet'), 100)).key).not.toBe(
			first.key,
		);
		expect(deliveryIdentity(delivery('person.updated', person('Jane'), 160)).key).toBe(first.key);
		const deleted = deliveryIdentity(delivery('person.deleted', person('Jane'), 100));
		expect(deleted.key).not.toBe(first.key);
		expect(deleted.record).toBeUndefined();
	});

	it('translates other event types with camelCase keys', () => {
		const item = eventItem(
			parseDelivery({
				type: 'organization.merged',
				body: { id: 3, merged_into_id: 4 },
				sent_at: 0,
			})!,
		);
		expect(item).toEqual({
			event: 'organizationMerged',
			detectedBy: 'webhook',
			affinityEvent: 'organization.merged',
			sentAt: '1970-01-01T00:00:00.000Z',
			body: { id: 3, mergedIntoId: 4 },
		});
	});
});

describe('firstDelivery', () => {
	const at = (key: string, sentAt: number, record?: string) => ({ key, sentAt, record });

	it('remembers an event for 12 hours, then forgets it', () => {
		const data: IDataObject = {};
		const t0 = Date.UTC(2026, 10, 22, 10, 30);
		expect(firstDelivery(data, at('a', t0 / 1000), t0)).toBe(true);
		expect(firstDelivery(data, at('a', t0 / 1000), t0 + 10 * HOUR)).toBe(false);
		expect(firstDelivery(data, at('b', t0 / 1000), t0 + 10 * HOUR)).toBe(true);
		expect(firstDelivery(data, at('a', t0 / 1000), t0 + 13 * HOUR)).toBe(true);
		// The group of the first 'a' is gone; 'b' and the second 'a' remain.
		expect(
			Object.values(data.seen as object)
				.join(' ')
				.split(' ')
				.sort(),
		).toEqual([shortHash('a'), shortHash('b')].sort());
	});

	it('tells whether an event was emitted without recording it', () => {
		const data: IDataObject = {};
		const t0 = Date.UTC(2026, 10, 22, 10, 30);
		expect(emittedBefore(data, at('a', 1), t0)).toBe(false);
		expect(emittedBefore(data, at('a', 1), t0)).toBe(false);
		expect(firstDelivery(data, at('a', 1), t0)).toBe(true);
		expect(emittedBefore(data, at('a', 1), t0 + 10 * HOUR)).toBe(true);
		expect(emittedBefore(data, at('a', 1), t0 + 13 * HOUR)).toBe(false);
	});

	it('an update without a time: A → B → A is three, a retry of A (first or later stamp) none', () => {
		const data: IDataObject = {};
		const s = Date.UTC(2026, 10, 22, 10, 30) / 1000;
		const once = (key: string, sentAt: number) =>
			firstDelivery(data, at(key, sentAt, 'person.updated|1'), sentAt * 1000);
		expect(once('A', s)).toBe(true);
		expect(once('A', s)).toBe(false);
		expect(once('A', s + 30)).toBe(false);
		expect(once('B', s + 60)).toBe(true);
		// A late retry of A with its first stamp: older than B.
		expect(once('A', s)).toBe(false);
		expect(once('A', s + 60)).toBe(false);
		expect(once('A', s + 120)).toBe(true);
		// Retries of that third A, stamped as first sent and anew, within 10 hours.
		expect(once('A', s + 120)).toBe(false);
		expect(once('A', s + 120 + 10 * 3600)).toBe(false);
		// Another record (its body differs: its id) has a state of its own.
		expect(firstDelivery(data, at('A of 2', s, 'person.updated|2'), s * 1000)).toBe(true);
		expect(Object.keys(data.latest as object)).toHaveLength(2);
	});

	it('keeps a returning state from its latest hour: its retries 10 hours later are none', () => {
		const data: IDataObject = {};
		const s = Date.UTC(2026, 10, 22, 10, 30) / 1000;
		const once = (key: string, sentAt: number) =>
			firstDelivery(data, at(key, sentAt, 'person.updated|1'), sentAt * 1000);
		expect(once('A', s)).toBe(true);
		expect(once('B', s + 5 * 3600)).toBe(true);
		expect(once('A', s + 6 * 3600)).toBe(true);
		expect(once('A', s + 15 * 3600)).toBe(false);
	});

	it('gives distinct short hashes to 100,000 keys', () => {
		const hashes = new Set<string>();
		for (let i = 0; i < 100_000; i++)
			hashes.add(shortHash(`field_value.updated|${900_000_000 + i}|2026-11-22T10:00:00.${i}Z|`));
		expect(hashes.size).toBe(100_000);
		expect(Math.max(...[...hashes].map((h) => h.length))).toBeLessThanOrEqual(11);
	});
});
