/** The webhook trigger's pure parts: what a delivery is, its key, and the dedupe memory. */
import type { IDataObject } from 'n8n-workflow';

import { firstDelivery, shortHash } from '../../nodes/AffinityV2WebhookTrigger/dedupe';
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
	const delivery = (body: IDataObject, sentAt = 1) =>
		parseDelivery({ type: 'field_value.updated', body, sent_at: sentAt })!;

	it('is the same for a redelivery and differs for another change of the same value', () => {
		const first = delivery({
			id: 5,
			field_id: 12,
			updated_at: '2026-11-22T10:00:00.001Z',
			value: 'a',
		});
		expect(
			deliveryKey(
				delivery({ id: 5, field_id: 12, updated_at: '2026-11-22T10:00:00.001Z', value: 'a' }, 99),
			),
		).toBe(deliveryKey(first));
		expect(
			deliveryKey(
				delivery({ id: 5, field_id: 12, updated_at: '2026-11-22T10:00:00.002Z', value: 'b' }),
			),
		).not.toBe(deliveryKey(first));
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

	it('gives distinct short hashes to 100,000 keys', () => {
		const hashes = new Set<string>();
		for (let i = 0; i < 100_000; i++)
			hashes.add(shortHash(`field_value.updated|${900_000_000 + i}|2026-11-22T10:00:00.${i}Z|`));
		expect(hashes.size).toBe(100_000);
		expect(Math.max(...[...hashes].map((h) => h.length))).toBeLessThanOrEqual(11);
	});
});
