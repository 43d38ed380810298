/** The webhook trigger's pure parts: what a delivery is, its key, and the dedupe memory. */
import type { IDataObject } from 'n8n-workflow';

import {
	emittedBefore,
	firstDelivery,
	shortHash,
} from '../../nodes/AffinityV2WebhookTrigger/dedupe';
import {
	deliveryKey,
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

describe('deliveryKey', () => {
	const delivery = (type: string, body: IDataObject, sentAt = 1) =>
		parseDelivery({ type, body, sent_at: sentAt })!;

	it('is the same for the same envelope, whatever its key order', () => {
		const body = { id: 5, field_id: 12, updated_at: '2026-11-22T10:00:00.001Z', value: 'a' };
		expect(deliveryKey(delivery('field_value.updated', body, 7))).toBe(
			deliveryKey(
				delivery(
					'field_value.updated',
					{ value: 'a', updated_at: '2026-11-22T10:00:00.001Z', field_id: 12, id: 5 },
					7,
				),
			),
		);
	});

	it('tells apart two updates of a record whose body has no time, by body or by sent_at', () => {
		const person = (firstName: string) => ({ id: 38706, first_name: firstName, last_name: 'Doe' });
		const first = deliveryKey(delivery('person.updated', person('Jane'), 100));
		expect(deliveryKey(delivery('person.updated', person('Janet'), 100))).not.toBe(first);
		expect(deliveryKey(delivery('person.updated', person('Jane'), 160))).not.toBe(first);
		expect(deliveryKey(delivery('person.deleted', person('Jane'), 100))).not.toBe(first);
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
	it('remembers an event for 12 hours, then forgets it', () => {
		const data: IDataObject = {};
		const t0 = Date.UTC(2026, 10, 22, 10, 30);
		expect(firstDelivery(data, 'a', t0)).toBe(true);
		expect(firstDelivery(data, 'a', t0 + 10 * HOUR)).toBe(false);
		expect(firstDelivery(data, 'b', t0 + 10 * HOUR)).toBe(true);
		expect(firstDelivery(data, 'a', t0 + 13 * HOUR)).toBe(true);
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
		expect(emittedBefore(data, 'a', t0)).toBe(false);
		expect(emittedBefore(data, 'a', t0)).toBe(false);
		expect(firstDelivery(data, 'a', t0)).toBe(true);
		expect(emittedBefore(data, 'a', t0 + 10 * HOUR)).toBe(true);
		expect(emittedBefore(data, 'a', t0 + 13 * HOUR)).toBe(false);
	});

	it('gives distinct short hashes to 100,000 keys', () => {
		const hashes = new Set<string>();
		for (let i = 0; i < 100_000; i++)
			hashes.add(shortHash(`field_value.updated|${900_000_000 + i}|2026-11-22T10:00:00.${i}Z|`));
		expect(hashes.size).toBe(100_000);
		expect(Math.max(...[...hashes].map((h) => h.length))).toBeLessThanOrEqual(11);
	});
});
