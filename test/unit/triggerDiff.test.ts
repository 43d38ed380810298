import type { ApiField, ApiListEntry, FieldValue } from '../../nodes/AffinityV2/helpers/types';
import { Differ } from '../../nodes/AffinityV2Trigger/state/diff';
import { entryEvent, removedEvent } from '../../nodes/AffinityV2Trigger/helpers/events';
import {
	EMPTY,
	TRUNCATED,
	canonicalJson,
	fingerprint,
	hash32,
} from '../../nodes/AffinityV2Trigger/helpers/fingerprint';
import { SnapshotBuilder, decodeState } from '../../nodes/AffinityV2Trigger/state';

const person = (id: number, firstName = 'Ada') => ({
	id,
	firstName,
	lastName: 'Okafor',
	primaryEmailAddress: null,
	type: 'external',
});
const company = (id: number, name = 'Acme') => ({ id, name, domain: null });
const loc = (city: string) => ({
	streetAddress: null,
	city,
	state: null,
	country: 'Germany',
	continent: 'Europe',
});

describe('fingerprint', () => {
	const same: Array<[string, FieldValue, FieldValue]> = [
		[
			'multi-select order',
			{
				type: 'dropdown-multi',
				data: [
					{ dropdownOptionId: 1, text: 'Hot' },
					{ dropdownOptionId: 2, text: 'Warm' },
				],
			},
			{
				type: 'dropdown-multi',
				data: [
					{ dropdownOptionId: 2, text: 'Warm' },
					{ dropdownOptionId: 1, text: 'Hot' },
				],
			},
		],
		[
			'person-multi order',
			{ type: 'person-multi', data: [person(1), person(2)] },
			{ type: 'person-multi', data: [person(2), person(1)] },
		],
		[
			'a person renamed',
			{ type: 'person', data: person(1, 'Ada') },
			{ type: 'person', data: person(1, 'Adaeze') },
		],
		[
			'a company renamed',
			{ type: 'company-multi', data: [company(3, 'Acme')] },
			{ type: 'company-multi', data: [company(3, 'Acme Corp')] },
		],
		[
			'a dropdown option renamed',
			{ type: 'ranked-dropdown', data: { dropdownOptionId: 9, text: 'Won', rank: 4 } },
			{ type: 'ranked-dropdown', data: { dropdownOptionId: 9, text: 'Closed won', rank: 4 } },
		],
		[
			'date formatting',
			{ type: 'datetime', data: '2025-03-10T07:00:00Z' },
			{ type: 'datetime', data: '2025-03-10T07:00:00.000Z' },
		],
		[
			'object key order',
			{ type: 'location', data: loc('Berlin') },
			{
				type: 'location',
				data: {
					continent: 'Europe',
					country: 'Germany',
					state: null,
					city: 'Berlin',
					streetAddress: null,
				},
			},
		],
		[
			'location-multi order',
			{ type: 'location-multi', data: [loc('Berlin'), loc('Bonn')] },
			{ type: 'location-multi', data: [loc('Bonn'), loc('Berlin')] },
		],
		[
			'number-multi order',
			{ type: 'number-multi', data: [3, 1, 2] },
			{ type: 'number-multi', data: [1, 2, 3] },
		],
		[
			'filterable text order',
			{ type: 'filterable-text-multi', data: ['b', 'a'], totalCount: 2 },
			{ type: 'filterable-text-multi', data: ['a', 'b'], totalCount: 2 },
		],
		[
			'empty of different types',
			{ type: 'text', data: null },
			{ type: 'person-multi', data: null },
		],
		[
			'interaction details',
			{ type: 'interaction', data: { type: 'email', id: 5, subject: 'Hi' } },
			{ type: 'interaction', data: { type: 'email', id: 5, subject: 'Re: Hi' } },
		],
		[
			'two different cuts of a value at the 100 cut-off',
			{ type: 'person-multi', data: Array.from({ length: 100 }, (_, i) => person(i + 1)) },
			{ type: 'person-multi', data: Array.from({ length: 100 }, (_, i) => person(i + 50)) },
		],
	];
	it.each(same)('%s is not a change', (_label, a, b) => {
		expect(fingerprint(a)).toBe(fingerprint(b));
	});

	const different: Array<[string, FieldValue, FieldValue]> = [
		['text', { type: 'text', data: 'a' }, { type: 'text', data: 'b' }],
		['text emptied', { type: 'text', data: 'a' }, { type: 'text', data: null }],
		['number 1 vs "1"', { type: 'number', data: 1 }, { type: 'number', data: '1' }],
		[
			'another option',
			{ type: 'dropdown', data: { dropdownOptionId: 1, text: 'A' } },
			{ type: 'dropdown', data: { dropdownOptionId: 2, text: 'A' } },
		],
		[
			'a member added',
			{ type: 'person-multi', data: [person(1)] },
			{ type: 'person-multi', data: [person(1), person(2)] },
		],
		[
			'a duplicate number',
			{ type: 'number-multi', data: [1, 2] },
			{ type: 'number-multi', data: [1, 1, 2] },
		],
		['another person', { type: 'person', data: person(1) }, { type: 'person', data: person(2) }],
		[
			'another day',
			{ type: 'datetime', data: '2025-03-10T07:00:00Z' },
			{ type: 'datetime', data: '2025-03-11T07:00:00Z' },
		],
		[
			'another city',
			{ type: 'location', data: loc('Berlin') },
			{ type: 'location', data: loc('Bonn') },
		],
		[
			'formula result',
			{ type: 'formula-number', data: { calculatedValue: 1 } },
			{ type: 'formula-number', data: { calculatedValue: 2 } },
		],
		[
			'reaching the cut-off',
			{ type: 'company-multi', data: Array.from({ length: 99 }, (_, i) => company(i + 1)) },
			{ type: 'company-multi', data: Array.from({ length: 100 }, (_, i) => company(i + 1)) },
		],
	];
	it.each(different)('%s is a change', (_label, a, b) => {
		expect(fingerprint(a)).not.toBe(fingerprint(b));
	});

	it('gives empty its own fingerprint and a value at the cut-off another', () => {
		expect(
			fingerprint({
				type: 'company-multi',
				data: Array.from({ length: 100 }, (_, i) => company(i)),
			}),
		).toBe(TRUNCATED);
		expect(
			fingerprint({
				type: 'company-multi',
				data: Array.from({ length: 99 }, (_, i) => company(i)),
			}),
		).not.toBe(TRUNCATED);
		expect(fingerprint(null)).toBe(EMPTY);
		expect(fingerprint({ type: 'text', data: '' })).not.toBe(EMPTY);
	});

	it('tells the same text under two value types apart', () => {
		expect(fingerprint({ type: 'text', data: '5' })).not.toBe(
			fingerprint({ type: 'filterable-text', data: '5' }),
		);
		expect(fingerprint({ type: 'number', data: 5 })).not.toBe(
			fingerprint({ type: 'text', data: '5' }),
		);
	});

	it('multisets: 20,000 random small sets of ids, no two different ones alike', () => {
		const seen = new Map<number, string>();
		let collisions = 0;
		for (let i = 0; i < 20_000; i++) {
			const ids = Array.from(
				{ length: 1 + (i % 4) },
				(_, k) => ((i * 7919 + k * 104729) % 5000) + 1,
			).sort((a, b) => a - b);
			const key = ids.join(',');
			const h = fingerprint({ type: 'person-multi', data: ids.map((id) => person(id)) });
			const before = seen.get(h);
			if (before !== undefined && before !== key) collisions++;
			seen.set(h, key);
		}
		expect(collisions).toBe(0);
	});

	it('canonicalJson sorts keys at every depth', () => {
		expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 2 }], c: null } })).toBe(
			'{"a":{"c":null,"d":[2,{"e":2,"f":1}]},"b":1}',
		);
	});

	it('hash32 spreads: 100,000 distinct strings, almost no collisions', () => {
		const seen = new Set<number>();
		for (let i = 0; i < 100_000; i++) seen.add(hash32(`value ${i}`));
		// Expected collisions for 1e5 random 32-bit values: about 1.2.
		expect(100_000 - seen.size).toBeLessThan(8);
	});
});

function field(id: string, name: string, value: FieldValue): ApiField {
	return { id, name, type: 'list', enrichmentSource: null, value };
}

function entry(id: number, entityId: number, fields: ApiField[]): ApiListEntry {
	return {
		id,
		type: 'company',
		listId: 102,
		createdAt: '2026-01-01T00:00:00Z',
		creatorId: 1,
		entity: { id: entityId, name: `Company ${entityId}`, domain: null, fields },
	};
}

/** A poll of entries through SnapshotBuilder and Differ, as the trigger runs them. */
function poll(
	previous: ReturnType<SnapshotBuilder['encode']> | undefined,
	entries: Array<{ id: number; entity: number; values: FieldValue[] }>,
	tracked: string[],
	keep = false,
) {
	const builder = new SnapshotBuilder(tracked.map((id) => ({ id, keepValues: keep })));
	const differ = new Differ(previous ? decodeState(previous) : undefined, tracked);
	const comparisons = entries.map((e) => {
		const hashes = builder.add(
			e.id,
			e.entity,
			e.values.map((value) => ({ value })),
		);
		return { id: e.id, ...differ.compare(e.id, hashes) };
	});
	return {
		state: builder.encode('k', 't'),
		comparisons,
		removed: differ.removedRows().map((r) => differ.entryId(r)),
		differ,
	};
}

describe('Differ', () => {
	const text = (s: string | null): FieldValue => ({ type: 'text', data: s });

	it('finds added, removed and changed entries, and which fields changed', () => {
		const first = poll(
			undefined,
			[
				{ id: 10, entity: 1, values: [text('a'), text('x')] },
				{ id: 11, entity: 1, values: [text('b'), text('y')] },
				{ id: 12, entity: 2, values: [text('c'), text('z')] },
			],
			['f1', 'f2'],
		);
		const second = poll(
			first.state,
			[
				{ id: 10, entity: 1, values: [text('a'), text('x')] },
				{ id: 11, entity: 1, values: [text('B'), text('y')] },
				{ id: 13, entity: 1, values: [text('d'), text('w')] },
			],
			['f1', 'f2'],
		);
		expect(second.comparisons).toEqual([
			{ id: 10, kind: 'unchanged', row: 0 },
			{ id: 11, kind: 'changed', row: 1, fields: ['f1'] },
			{ id: 13, kind: 'added' },
		]);
		expect(second.removed).toEqual([12]);
		expect(second.differ.entityId(2)).toBe(2);
	});

	it('takes a newly tracked field as it is (no event) and forgets an untracked one', () => {
		const first = poll(undefined, [{ id: 10, entity: 1, values: [text('a')] }], ['f1']);
		const second = poll(
			first.state,
			[{ id: 10, entity: 1, values: [text('CHANGED'), text('new')] }],
			['f1', 'f2'],
		);
		expect(second.comparisons[0]).toEqual({ id: 10, kind: 'changed', row: 0, fields: ['f1'] });
		const third = poll(second.state, [{ id: 10, entity: 1, values: [text('other')] }], ['f2']);
		expect(third.comparisons[0]).toEqual({ id: 10, kind: 'changed', row: 0, fields: ['f2'] });
	});

	it('gives kept previous values, and says when there are none', () => {
		const first = poll(undefined, [{ id: 10, entity: 1, values: [text('a')] }], ['f1'], true);
		const second = poll(first.state, [{ id: 10, entity: 1, values: [text('b')] }], ['f1'], true);
		expect(second.differ.previousValue(0, 'f1')).toEqual({ known: true, value: 'a' });
		const unkept = poll(
			poll(undefined, [{ id: 10, entity: 1, values: [text('a')] }], ['f1']).state,
			[{ id: 10, entity: 1, values: [text('b')] }],
			['f1'],
		);
		expect(unkept.differ.previousValue(0, 'f1')).toEqual({ known: false });
	});

	it('finds entries by id whatever order the pages come in', () => {
		const ids = Array.from({ length: 300 }, (_, i) => 1000 + i * 3);
		const first = poll(
			undefined,
			ids.map((id) => ({ id, entity: id, values: [text(String(id))] })),
			['f'],
		);
		const shuffled = [...ids].reverse();
		const second = poll(
			first.state,
			shuffled.map((id) => ({ id, entity: id, values: [text(String(id))] })),
			['f'],
		);
		expect(second.comparisons.every((c) => c.kind === 'unchanged')).toBe(true);
		expect(second.removed).toEqual([]);
	});
});

describe('events', () => {
	const ctx = { listId: 102, includeEntry: false };
	const status = field('field-1', 'Status', {
		type: 'ranked-dropdown',
		data: { dropdownOptionId: 3, text: 'Qualified', rank: 2 },
	});
	const champions = field('field-2', 'Champions', {
		type: 'person-multi',
		data: Array.from({ length: 100 }, (_, i) => person(i + 1)),
	});

	it('an addition lists the fields with previous null, simplified, and flags a possibly truncated value', () => {
		const item = entryEvent(
			'listEntryAdded',
			entry(7, 3000001, [status, champions]),
			[status, champions],
			ctx,
		);
		expect(item).toMatchObject({
			event: 'listEntryAdded',
			listId: 102,
			listEntryId: 7,
			entityType: 'company',
			entityId: 3000001,
			entityName: 'Company 3000001',
		});
		expect((item.changes as unknown[])[0]).toEqual({
			fieldId: 'field-1',
			fieldName: 'Status',
			previous: null,
			current: 'Qualified',
		});
		expect((item.changes as Array<Record<string, unknown>>)[1].possiblyTruncated).toBe(true);
		expect(item.possiblyTruncated).toEqual(['Champions']);
		expect(item.entry).toBeUndefined();
		expect(item.savedViewId).toBeUndefined();
	});

	it('a change lists only the changed fields; previous only when known', () => {
		const e = entry(7, 3000001, [status, champions]);
		const unknown = entryEvent(
			'fieldValueChanged',
			e,
			[status, champions],
			{ ...ctx, savedViewId: 503 },
			{ changed: ['field-1'], previous: () => ({ known: false }) },
		);
		expect(unknown.changes).toEqual([
			{ fieldId: 'field-1', fieldName: 'Status', current: 'Qualified' },
		]);
		expect(unknown.savedViewId).toBe(503);
		const known = entryEvent(
			'fieldValueChanged',
			e,
			[status],
			{ ...ctx, includeEntry: true },
			{ changed: ['field-1'], previous: () => ({ known: true, value: 'New' }) },
		);
		expect(known.changes).toEqual([
			{ fieldId: 'field-1', fieldName: 'Status', previous: 'New', current: 'Qualified' },
		]);
		expect((known.entry as Record<string, unknown>).fields).toEqual({
			Status: 'Qualified',
			Champions: expect.any(Array),
		});
	});

	it('a removal carries the ids from the state and kept values as previous', () => {
		expect(
			removedEvent(ctx, 9, 'person', 5000001, null, [
				{ fieldId: 'f', fieldName: 'Owner', value: { id: 1, name: 'Ada' } },
			]),
		).toEqual({
			event: 'listEntryRemoved',
			listId: 102,
			listEntryId: 9,
			entityType: 'person',
			entityId: 5000001,
			entityName: null,
			changes: [
				{ fieldId: 'f', fieldName: 'Owner', previous: { id: 1, name: 'Ada' }, current: null },
			],
		});
	});
});
