import { calendarDate } from '../../nodes/AffinityV2/helpers/dates';
import {
	fieldKeys,
	simplifyEntity,
	simplifyFields,
	simplifyListEntry,
	withoutFieldCopies,
} from '../../nodes/AffinityV2/helpers/simplify';
import {
	deletedReferenceText,
	mayBeTruncated,
	simplifyValue,
} from '../../nodes/AffinityV2/helpers/simplifyValue';
import type { ApiField } from '../../nodes/AffinityV2/helpers/types';

const location = {
	streetAddress: '1 Market St',
	city: 'San Francisco',
	state: 'California',
	country: 'United States',
	continent: 'North America',
};

describe('simplifyValue', () => {
	it.each([
		[{ type: 'text', data: 'hello' }, 'hello'],
		[{ type: 'number', data: 4.5 }, 4.5],
		[{ type: 'number-multi', data: [1, 2] }, [1, 2]],
		[{ type: 'filterable-text-multi', data: ['a', 'b'], totalCount: 2 }, ['a', 'b']],
		[{ type: 'dropdown', data: { dropdownOptionId: 1, text: 'Fintech' } }, 'Fintech'],
		[
			{
				type: 'ranked-dropdown',
				data: { dropdownOptionId: 2, text: 'Won', rank: 4, color: 'green' },
			},
			'Won',
		],
		[
			{
				type: 'dropdown-multi',
				data: [
					{ dropdownOptionId: 1, text: 'A' },
					{ dropdownOptionId: 2, text: 'B' },
				],
			},
			['A', 'B'],
		],
		[
			{
				type: 'person',
				data: {
					id: 7,
					firstName: 'Ada',
					lastName: 'Okafor',
					primaryEmailAddress: 'a@x.co',
					type: 'external',
				},
			},
			{ id: 7, name: 'Ada Okafor', email: 'a@x.co' },
		],
		[
			{
				type: 'person-multi',
				data: [
					{ id: 7, firstName: 'Ada', lastName: null, primaryEmailAddress: null, type: 'external' },
				],
			},
			[{ id: 7, name: 'Ada', email: null }],
		],
		[
			{ type: 'company', data: { id: 3, name: 'Acme', domain: 'acme.com' } },
			{ id: 3, name: 'Acme', domain: 'acme.com' },
		],
		[
			{ type: 'company-multi', data: [{ id: 3, name: 'Acme', domain: null }] },
			[{ id: 3, name: 'Acme', domain: null }],
		],
		[
			{ type: 'location', data: location },
			{ line: '1 Market St, San Francisco, California, United States', ...location },
		],
		[{ type: 'formula-number', data: { calculatedValue: 12.5 } }, 12.5],
		[{ type: 'datetime', data: '2025-03-10T07:00:00Z' }, '2025-03-10T07:00:00Z'],
	])('%j → %j', (value, expected) => {
		expect(simplifyValue(value)).toEqual(expected);
	});

	it('keeps null as null for every type, arrays included (the API sends null, not [])', () => {
		for (const type of [
			'text',
			'dropdown-multi',
			'person-multi',
			'location',
			'company',
			'number-multi',
		]) {
			expect(simplifyValue({ type, data: null })).toBeNull();
		}
		expect(simplifyValue(undefined)).toBeNull();
	});
});

describe('calendarDate', () => {
	it('reads the date at midnight Pacific, in summer and in winter', () => {
		expect(calendarDate('2025-07-04T07:00:00.000Z')).toBe('2025-07-04');
		expect(calendarDate('2025-01-15T08:00:00.000Z')).toBe('2025-01-15');
		// The first day of daylight saving time (midnight is still PST).
		expect(calendarDate('2025-03-09T08:00:00.000Z')).toBe('2025-03-09');
	});

	it('gives null for what is not a date', () => {
		expect(calendarDate('not a date')).toBeNull();
		expect(calendarDate(null)).toBeNull();
	});
});

describe('simplifyFields', () => {
	const field = (
		id: string,
		name: string,
		value: ApiField['value'],
		type: ApiField['type'] = 'global',
	): ApiField => ({ id, name, type, enrichmentSource: null, value });

	it('keys fields by name, and by "name (id)" where two share a name', () => {
		expect(
			fieldKeys([
				{ id: 'field-1', name: 'Status' },
				{ id: 'field-2', name: 'Status' },
				{ id: 'field-3', name: 'Owner' },
			]),
		).toEqual(
			new Map([
				['field-1', 'Status (field-1)'],
				['field-2', 'Status (field-2)'],
				['field-3', 'Owner'],
			]),
		);
	});

	it('adds calendar dates for datetime fields and flags association arrays at the 100 cut-off', () => {
		const people = Array.from({ length: 100 }, (_, i) => ({
			id: i + 1,
			firstName: `P${i}`,
			lastName: null,
			primaryEmailAddress: null,
			type: 'external',
		}));
		const result = simplifyFields([
			field('field-1', 'Close Date', { type: 'datetime', data: '2025-07-04T07:00:00.000Z' }),
			field('field-2', 'Team', { type: 'person-multi', data: people }),
			field('field-3', 'Notes', { type: 'text', data: null }),
		]);
		expect(result.fields['Close Date']).toBe('2025-07-04T07:00:00.000Z');
		expect(result.calendarDates).toEqual({ 'Close Date': '2025-07-04' });
		expect(result.possiblyTruncated).toEqual(['Team']);
		expect(result.fields.Notes).toBeNull();
		expect(mayBeTruncated({ type: 'person-multi', data: people.slice(0, 99) })).toBe(false);
	});

	it('flattens a list entry and names its entity, persons by first and last name', () => {
		const simplified = simplifyListEntry({
			id: 5,
			type: 'person',
			listId: 9,
			createdAt: '2025-01-01T00:00:00Z',
			creatorId: 1,
			entity: {
				id: 77,
				firstName: 'Ada',
				lastName: 'Okafor',
				fields: [
					field(
						'field-1',
						'Stage',
						{ type: 'dropdown', data: { dropdownOptionId: 1, text: 'IC' } },
						'list',
					),
				],
			},
		});
		expect(simplified).toMatchObject({
			id: 5,
			listId: 9,
			type: 'person',
			entityId: 77,
			entityName: 'Ada Okafor',
			fields: { Stage: 'IC' },
		});
		expect((simplified.entity as Record<string, unknown>).fields).toBeUndefined();
	});

	it('leaves an entity without selected fields without a fields object', () => {
		expect(simplifyEntity({ id: 1, name: 'Acme' })).toEqual({ id: 1, name: 'Acme' });
	});
});

describe('value types newer API versions add', () => {
	// 2026-07-15 and later answer with types an older pack never saw; Get and Simplify must pass
	// them through readably, never fail on them.
	const newer = [
		{ type: 'note', data: { id: 12, content: { html: '<p>Met</p>' } } },
		{ type: 'reminder', data: { id: 7, dueDate: '2026-01-02T00:00:00Z' } },
		{ type: 'list-multi', data: [{ id: 101, name: 'Deal Pipeline' }] },
		{ type: 'interaction', data: { type: 'email', id: 3, sentAt: '2026-01-01T00:00:00Z' } },
		{ type: 'hidden', data: null },
		{ type: 'formula-number', data: { calculatedValue: 42 } },
	];

	// 2026-09-17's note, reminder and list-multi read as their text, content and list names
	// (sparse ones here: what is missing is null).
	const read: Record<string, unknown> = {
		note: { id: 12, text: 'Met', creator: null, createdAt: null },
		reminder: { id: 7, content: null, dueDate: '2026-01-02T00:00:00Z', type: null },
		'list-multi': [{ id: 101, name: 'Deal Pipeline', type: null }],
		'formula-number': 42,
	};

	it.each(newer.map((value) => [value.type, value]))('%s reads well', (_type, value) => {
		const expected = value.type in read ? read[value.type] : value.data;
		expect(simplifyValue(value as never)).toEqual(expected);
	});

	it('an entity with every such field simplifies, each by its name', () => {
		const fields = newer.map((value, i) => ({
			id: `field-${i}`,
			name: `F${i}`,
			type: 'global',
			value,
		})) as unknown as ApiField[];
		const simplified = simplifyEntity({ id: 1, name: 'Acme', fields } as never);
		expect(Object.keys(simplified)).toEqual(expect.arrayContaining(['name']));
		const values = simplifyFields(fields).fields;
		expect(values).toEqual({
			F0: read.note,
			F1: read.reminder,
			F2: read['list-multi'],
			F3: newer[3].data,
			F4: null,
			F5: 42,
		});
	});
});

describe('a change log value whose reference was deleted (fieldValueChanges.DeletedEntityReference)', () => {
	const gone = (displayValue: string) => ({ referenceType: 'deleted-entity', displayValue });

	it('shows the text kept, marked deleted, for persons, companies and dropdown options', () => {
		expect(simplifyValue({ type: 'person', data: gone('Jane Doe') } as never)).toEqual({
			id: null,
			name: 'Jane Doe',
			email: null,
			deleted: true,
		});
		expect(simplifyValue({ type: 'company-multi', data: [gone('Acme')] } as never)).toEqual([
			{ id: null, name: 'Acme', domain: null, deleted: true },
		]);
		expect(simplifyValue({ type: 'ranked-dropdown', data: gone('Won') } as never)).toBe('Won');
		expect(simplifyValue({ type: 'dropdown-multi', data: [gone('Old')] } as never)).toEqual([
			'Old',
		]);
		expect(deletedReferenceText(gone('Won'))).toBe('Won');
		expect(deletedReferenceText({ referenceType: 'entity', text: 'Won' })).toBeUndefined();
	});
});

describe('field values at the top level', () => {
	const field = (id: string, name: string, value: unknown) =>
		({ id, name, type: 'list', enrichmentSource: null, value }) as unknown as ApiField;

	it('a list entry gives each field by name beside its ids, and under fields; a field named as one of its keys only under fields', () => {
		const simplified = simplifyListEntry({
			id: 5,
			listId: 9,
			type: 'company',
			createdAt: '2025-01-01T00:00:00Z',
			creatorId: 1,
			entity: {
				id: 3,
				name: 'Acme',
				fields: [
					field('field-1', 'Status', { type: 'text', data: 'Won' }),
					field('field-2', 'id', { type: 'text', data: 'not the id' }),
					field('field-3', 'type', { type: 'text', data: 'not the type' }),
				],
			},
		} as never);
		expect(simplified.Status).toBe('Won');
		expect(simplified.id).toBe(5);
		expect(simplified.type).toBe('company');
		expect(simplified.fields).toEqual({ Status: 'Won', id: 'not the id', type: 'not the type' });
		expect(Object.keys(simplified).slice(0, 3)).toEqual(['entityName', 'type', 'Status']);
	});

	it('an entity gives its fields by name after its name; withoutFieldCopies takes the copies away again', () => {
		const simplified = simplifyEntity({
			id: 1,
			name: 'Acme',
			domain: 'acme.com',
			fields: [
				field('field-1', 'Industry', { type: 'text', data: 'Fintech' }),
				field('field-2', 'name', { type: 'text', data: 'Other' }),
			],
		} as never);
		expect(simplified).toMatchObject({ name: 'Acme', Industry: 'Fintech', id: 1 });
		expect(Object.keys(simplified)[1]).toBe('Industry');
		const once = withoutFieldCopies(simplified);
		expect(once.Industry).toBeUndefined();
		expect(once).toMatchObject({
			name: 'Acme',
			domain: 'acme.com',
			id: 1,
			fields: { Industry: 'Fintech', name: 'Other' },
		});
		// A record without fields, or a key with another value than its field's, is kept.
		expect(withoutFieldCopies({ id: 1, Industry: 'x', fields: { Industry: 'y' } })).toEqual({
			id: 1,
			Industry: 'x',
			fields: { Industry: 'y' },
		});
	});

	it('a field named __proto__ is an own key at the top level too (keyed with its id)', () => {
		const simplified = simplifyEntity({
			id: 1,
			name: 'Acme',
			fields: [field('field-9', '__proto__', { type: 'text', data: 'x' })],
		} as never);
		expect(Object.getPrototypeOf(simplified)).toBe(Object.prototype);
		expect(simplified['__proto__ (field-9)']).toBe('x');
	});
});
