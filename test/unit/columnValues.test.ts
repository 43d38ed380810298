import { DateTime } from 'luxon';

import {
	holdsValue,
	isEmptyMapped,
	mapperFieldType,
	plainMappedValue,
} from '../../nodes/AffinityV2/helpers/columnValues';

describe('column mapping values', () => {
	it('types each writable value type for the editor', () => {
		expect(mapperFieldType('number')).toBe('number');
		expect(mapperFieldType('datetime')).toBe('dateTime');
		expect(mapperFieldType('dropdown')).toBe('options');
		expect(mapperFieldType('ranked-dropdown')).toBe('options');
		expect(mapperFieldType('dropdown-multi')).toBe('array');
		// Several people or companies are a comma-separated text of IDs, emails or domains.
		expect(mapperFieldType('person-multi')).toBe('string');
		expect(mapperFieldType('location')).toBe('object');
		expect(mapperFieldType('text')).toBe('string');
		expect(mapperFieldType('person')).toBe('string');
	});

	it('leaves empty columns out, never zero or false', () => {
		expect([undefined, null, '', '  ', []].every(isEmptyMapped)).toBe(true);
		expect([0, false, 'x', [1]].some(isEmptyMapped)).toBe(false);
	});

	it('turns a date column into its calendar date, a time into its instant', () => {
		const midnight = DateTime.fromISO('2026-03-01T00:00:00', { zone: 'Europe/Lisbon' });
		expect(plainMappedValue(midnight)).toBe('2026-03-01');
		const later = DateTime.fromISO('2026-03-01T09:30:00', { zone: 'America/New_York' });
		expect(plainMappedValue(later)).toBe('2026-03-01T09:30:00.000-05:00');
		expect(plainMappedValue('text')).toBe('text');
	});

	it('knows a value the field already holds, as read', () => {
		expect(holdsValue({ type: 'number', data: 5 }, { type: 'number', data: 5 })).toBe(true);
		expect(holdsValue({ type: 'number', data: 5 }, { type: 'number', data: 6 })).toBe(false);
		expect(holdsValue({ type: 'text', data: 'a' }, { type: 'text', data: null })).toBe(false);
		expect(
			holdsValue(
				{ type: 'dropdown', data: { dropdownOptionId: 3 } },
				{ type: 'dropdown', data: { dropdownOptionId: 3, text: 'Lead' } },
			),
		).toBe(true);
		expect(
			holdsValue(
				{ type: 'person-multi', data: [{ id: 2 }, { id: 1 }] },
				{ type: 'person-multi', data: [{ id: 1, firstName: 'A' }, { id: 2 }] },
			),
		).toBe(true);
		expect(
			holdsValue(
				{ type: 'datetime', data: '2026-03-01T08:00:00.000Z' },
				{ type: 'datetime', data: '2026-03-01T08:00:00Z' },
			),
		).toBe(true);
		// A date field: written at noon UTC of the day, read back at midnight Pacific of it.
		expect(
			holdsValue(
				{ type: 'datetime', data: '2026-03-02T12:00:00Z' },
				{ type: 'datetime', data: '2026-03-02T08:00:00Z' },
			),
		).toBe(true);
		expect(
			holdsValue(
				{ type: 'datetime', data: '2026-07-02T12:00:00Z' },
				{ type: 'datetime', data: '2026-07-01T07:00:00Z' },
			),
		).toBe(false);
		expect(
			holdsValue(
				{ type: 'location', data: { city: 'Lisbon', country: 'Portugal' } },
				{
					type: 'location',
					data: {
						city: 'Lisbon',
						country: 'Portugal',
						streetAddress: null,
						state: null,
						continent: null,
					},
				},
			),
		).toBe(true);
		expect(holdsValue({ type: 'number', data: 5 }, undefined)).toBe(false);
	});
});
