import { ChangeLog, diffValues } from '../../emulator/changeLog';
import { timeBounds, timeRange } from '../../emulator/routes/fieldValueChanges';

/** The emulator's change log index: time windows by binary search, whatever the log's size. */

describe('change log scale', () => {
	it('finds a time window among 1,000,000 changes of 100,000 entries in O(log n) comparisons', () => {
		const log = new ChangeLog();
		const start = Date.parse('2026-01-01T00:00:00Z');
		const n = 1_000_000;
		for (let i = 0; i < n; i++) {
			log.append({
				at: start + i * 1000,
				fieldId: 'field-1',
				entityId: 1 + (i % 100_000),
				listEntry: { id: 1 + (i % 100_000), listId: 1 },
				changerId: 1,
				action: 'update',
				valueType: 'number',
				value: i,
			});
		}
		const view = log.all();
		const from = new Date(start + 600_000 * 1000).toISOString();
		const to = new Date(start + 600_050 * 1000).toISOString();
		log.comparisons = 0;
		const range = timeRange(log, view, `changedAt>=${from} & changedAt<${to} & field.id=field-1`);
		expect(range).toEqual({ lo: 600_000, hi: 600_050 });
		// Two binary searches over 1,000,000 items: at most 2 * ceil(log2(1,000,001)) = 40.
		expect(log.comparisons).toBeLessThanOrEqual(40);
		// One entry's changes (10 of them) are found through its own index, as fast.
		log.comparisons = 0;
		const entryView = log.ofEntry(42);
		expect(entryView.length).toBe(10);
		expect(
			timeRange(log, entryView, `changedAt>${new Date(start + 500_000 * 1000).toISOString()}`),
		).toEqual({ lo: 5, hi: 10 });
		expect(log.comparisons).toBeLessThanOrEqual(4);
	});

	it('reads time bounds only from conjuncts that bind every match', () => {
		expect(timeBounds('changedAt>2026-01-01T00:00:00Z | changedAt<2025-01-01T00:00:00Z')).toEqual(
			{},
		);
		expect(timeBounds('changedAt>2026-01-01T00:00:00Z & changedAt>=2026-02-01T00:00:00Z')).toEqual({
			after: { at: Date.parse('2026-02-01T00:00:00Z'), inclusive: true },
		});
		expect(timeBounds('!(changedAt>2026-01-01T00:00:00Z)')).toEqual({});
	});
});

describe('diffValues', () => {
	it('adds, updates and deletes single values; adds and deletes items of multi values', () => {
		expect(diffValues('text', undefined, { type: 'text', data: 'a' })).toEqual([
			{ action: 'add', value: 'a' },
		]);
		expect(diffValues('text', { type: 'text', data: 'a' }, { type: 'text', data: 'b' })).toEqual([
			{ action: 'update', value: 'b' },
		]);
		expect(diffValues('text', { type: 'text', data: 'a' }, { type: 'text', data: 'a' })).toEqual(
			[],
		);
		expect(diffValues('text', { type: 'text', data: 'a' }, null)).toEqual([
			{ action: 'delete', value: 'a' },
		]);
		expect(
			diffValues(
				'number-multi',
				{ type: 'number-multi', data: [1, 2] },
				{ type: 'number-multi', data: [2, 3] },
			),
		).toEqual([
			{ action: 'delete', value: 1 },
			{ action: 'add', value: 3 },
		]);
	});
});
