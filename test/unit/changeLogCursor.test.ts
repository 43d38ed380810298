import {
	CLOCK_SKEW_MS,
	advanceCursor,
	readFrom,
	type ApiFieldChange,
} from '../../nodes/AffinityV2Trigger/changeLog/fieldValueChanges';

/** Where the change-log trigger's next read starts, from the cursor its last read left. */

const at = Date.parse('2026-11-20T10:00:00.000Z');
const change = (id: number, ms: number): ApiFieldChange => ({
	id,
	field: { id: 'field-1' },
	entity: { id: 1 },
	listEntry: { id: 1, listId: 1 },
	changer: null,
	changedAt: new Date(ms).toISOString(),
	actionType: 'update',
	type: 'text',
	value: 'x',
});

describe('readFrom', () => {
	it('goes back a re-read window from a cursor near the log’s clock (a change may be logged late)', () => {
		const cursor = advanceCursor('k', undefined, [change(7, at)], 0, at + 5_000);
		expect(readFrom(cursor)).toBe(at - CLOCK_SKEW_MS);
		// A cursor saved before readAt existed: the window too.
		expect(readFrom({ key: 'k', at: new Date(at).toISOString(), id: 7, recent: [] })).toBe(
			at - CLOCK_SKEW_MS,
		);
	});

	it('starts at the cursor itself when it was more than two windows behind the log at its read', () => {
		const cursor = advanceCursor('k', undefined, [change(7, at)], 0, at + 2 * CLOCK_SKEW_MS + 1);
		expect(readFrom(cursor)).toBe(at);
		expect(cursor.recent).toEqual([[7, at]]);
	});

	it('keeps the next page of a read cut short, and drops it once a read went to the end', () => {
		const cut = advanceCursor(
			'k',
			undefined,
			[change(7, at)],
			0,
			at,
			'/v2/field-value-changes?cursor=c1',
		);
		expect(cut.next).toBe('/v2/field-value-changes?cursor=c1');
		const after = advanceCursor('k', cut, [change(8, at + 1)], 0, at + 1);
		expect(after.next).toBeUndefined();
		expect(after).toMatchObject({
			id: 8,
			recent: [
				[7, at],
				[8, at + 1],
			],
		});
	});
});
