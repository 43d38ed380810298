import { calendarDateOf, pacificMidnight } from '../../nodes/AffinityV2/helpers/dates';
import { calendarDayInstant, dateFieldData } from '../../nodes/AffinityV2/helpers/calendarDays';
import {
	dropdownOptionIdOf,
	encodeFieldValue,
	listOf,
	needsDropdownLookup,
	rawFieldValue,
	recordIdOf,
} from '../../nodes/AffinityV2/helpers/fieldValues';
import { chunk, repeatedField } from '../../nodes/AffinityV2/helpers/fieldBatches';
import {
	parseFieldChoice,
	readOnlyFieldReason,
	readOnlyMetadataReason,
	ValueInputError,
} from '../../nodes/AffinityV2/helpers/valueTypes';
import { mergeFilter, pairKey, pollDelays, taskIdOf } from '../../nodes/AffinityV2/helpers/merges';

/** A Luxon-like DateTime, as n8n expressions give ($now, DateTime.fromISO): only what the codec uses. */
const dateTime = (isoDate: string) => ({ isValid: true, toISODate: () => isoDate });

describe('calendarDateOf: the date the user meant', () => {
	it.each([
		['2024-03-10', '2024-03-10'],
		['2024-03-10T23:30:00-05:00', '2024-03-10'], // as written in its offset, though UTC is already the 11th
		['2024-03-10T01:30:00+09:00', '2024-03-10'], // and though UTC is still the 9th
		['2024-03-10T08:00:00Z', '2024-03-10'], // Affinity's own midnight-Pacific values read back unchanged
		['2024-03-10T08:00:00.000Z', '2024-03-10'],
		['2024-03-10 14:05', '2024-03-10'],
		['  2024-12-31T00:00:00+0100 ', '2024-12-31'],
	])('%s → %s', (input, expected) => {
		expect(calendarDateOf(input, 'America/New_York')).toBe(expected);
	});

	it('n8n DateTime objects give their own calendar date', () => {
		expect(calendarDateOf(dateTime('2024-07-04'), 'UTC')).toBe('2024-07-04');
	});

	it('zone-less instants (Date, epoch ms) use the workflow time zone', () => {
		const instant = Date.UTC(2024, 2, 11, 3, 0); // 11 March 03:00Z = 10 March 23:00 in New York
		expect(calendarDateOf(new Date(instant), 'America/New_York')).toBe('2024-03-10');
		expect(calendarDateOf(new Date(instant), 'Europe/Berlin')).toBe('2024-03-11');
		expect(calendarDateOf(instant, 'America/New_York')).toBe('2024-03-10');
		expect(calendarDateOf(String(instant), 'Europe/Berlin')).toBe('2024-03-11');
		expect(calendarDateOf(new Date(instant), 'Not/AZone')).toBe('2024-03-11');
	});

	it.each(['', '2024-02-30', '2024-13-01T00:00:00Z', 'next Tuesday', '10/03/2024'])(
		'refuses %j with a hint',
		(input) => {
			expect(() => calendarDateOf(input)).toThrow(ValueInputError);
		},
	);
});

describe('pacificMidnight: DST-correct', () => {
	it.each([
		['2024-01-15', '2024-01-15T08:00:00.000Z'],
		['2024-03-09', '2024-03-09T08:00:00.000Z'],
		['2024-03-10', '2024-03-10T08:00:00.000Z'], // spring forward at 02:00: midnight is still PST
		['2024-03-11', '2024-03-11T07:00:00.000Z'],
		['2024-07-04', '2024-07-04T07:00:00.000Z'],
		['2024-11-03', '2024-11-03T07:00:00.000Z'], // fall back at 02:00: midnight is still PDT
		['2024-11-04', '2024-11-04T08:00:00.000Z'],
		['2000-02-29', '2000-02-29T08:00:00.000Z'],
	])('%s → %s', (date, expected) => {
		expect(pacificMidnight(date)).toBe(expected);
	});
});

describe('encodeFieldValue', () => {
	it('encodes every writable type', () => {
		expect(encodeFieldValue('text', 'hi')).toEqual({ type: 'text', data: 'hi' });
		expect(encodeFieldValue('text', 42)).toEqual({ type: 'text', data: '42' });
		expect(encodeFieldValue('number', '1_000.5')).toEqual({ type: 'number', data: 1000.5 });
		expect(encodeFieldValue('number-multi', '1, 2.5,-3')).toEqual({
			type: 'number-multi',
			data: [1, 2.5, -3],
		});
		expect(encodeFieldValue('number-multi', [4, '5'])).toEqual({
			type: 'number-multi',
			data: [4, 5],
		});
		// The calendar day written, sent at noon UTC: that day in Pacific time and in UTC.
		expect(encodeFieldValue('datetime', '2024-11-03T23:00:00-08:00')).toEqual({
			type: 'datetime',
			data: '2024-11-03T12:00:00Z',
		});
		expect(
			encodeFieldValue('location', { city: ' Berlin ', country: 'Germany', streetAddress: '' }),
		).toEqual({
			type: 'location',
			data: {
				streetAddress: null,
				city: 'Berlin',
				state: null,
				country: 'Germany',
				continent: null,
			},
		});
		expect(encodeFieldValue('location', '{"city": "Lagos"}').data).toMatchObject({
			city: 'Lagos',
			country: null,
		});
		expect(encodeFieldValue('location-multi', [{ city: 'A' }, { city: 'B' }]).data).toHaveLength(2);
		expect(encodeFieldValue('dropdown', 7)).toEqual({
			type: 'dropdown',
			data: { dropdownOptionId: 7 },
		});
		expect(encodeFieldValue('ranked-dropdown', '8')).toEqual({
			type: 'ranked-dropdown',
			data: { dropdownOptionId: 8 },
		});
		expect(encodeFieldValue('dropdown-multi', '1, 2, 1')).toEqual({
			type: 'dropdown-multi',
			data: [{ dropdownOptionId: 1 }, { dropdownOptionId: 2 }],
		});
		expect(
			encodeFieldValue('person', {
				__rl: true,
				mode: 'url',
				value: 'https://x.affinity.co/persons/55',
			}),
		).toEqual({ type: 'person', data: { id: 55 } });
		expect(encodeFieldValue('company', { id: 3 })).toEqual({ type: 'company', data: { id: 3 } });
		expect(encodeFieldValue('person-multi', [1, '2', { id: 2 }])).toEqual({
			type: 'person-multi',
			data: [{ id: 1 }, { id: 2 }],
		});
		expect(encodeFieldValue('company-multi', '[5, 6]')).toEqual({
			type: 'company-multi',
			data: [{ id: 5 }, { id: 6 }],
		});
		expect(encodeFieldValue('filterable-text-multi', ['a', 'b'])).toEqual({
			type: 'filterable-text-multi',
			data: ['a', 'b'],
		});
	});

	it('accepts dropdown options by name when the options are known, case and spaces ignored', () => {
		const options = [
			{ id: 11, text: 'Hot' },
			{ id: 12, text: 'Cold' },
			{ id: 13, text: '2024' },
		];
		expect(
			encodeFieldValue('dropdown-multi', ' cold ,HOT', { dropdownOptions: options }).data,
		).toEqual([{ dropdownOptionId: 12 }, { dropdownOptionId: 11 }]);
		expect(dropdownOptionIdOf('2024', options)).toBe(13); // a numeric-looking name, not an id
		expect(() => dropdownOptionIdOf('Warm', options)).toThrow(/no dropdown option "Warm"/);
		expect(() => dropdownOptionIdOf(99, options)).toThrow(/no dropdown option with ID 99/);
		expect(() => dropdownOptionIdOf('Warm')).toThrow(/needs the field's options/);
		expect(needsDropdownLookup('dropdown', 'Warm')).toBe(true);
		expect(needsDropdownLookup('dropdown', 12)).toBe(false);
		expect(needsDropdownLookup('dropdown-multi', '1, 2')).toBe(false);
		expect(needsDropdownLookup('dropdown-multi', ['1', 'Hot'])).toBe(true);
		expect(needsDropdownLookup('text', 'Hot')).toBe(false);
	});

	it.each([
		['number', 'lots', /"lots" is not a number/],
		['number-multi', '', /No numbers given/],
		['text', null, /No text given/],
		['location', {}, /no parts/],
		['location', { town: 'X' }, /Unknown location part "town"/],
		['person', 'Ada', /Invalid person ID: got "Ada"/],
		['person', 0, /Invalid person ID/],
		[
			'person-multi',
			Array.from({ length: 101 }, (_, i) => i + 1),
			/101 persons given; Affinity takes at most 100/,
		],
		['formula-number', 1, /computed by Affinity/],
		['interaction', 1, /computed by Affinity/],
		['colour', 1, /Unknown value type "colour"/],
	])('refuses %s %j', (type, input, message) => {
		expect(() => encodeFieldValue(type, input)).toThrow(message);
	});

	const many = <T>(count: number, make: (i: number) => T) =>
		Array.from({ length: count }, (_, i) => make(i));
	it.each([
		['company-multi', many(101, (i) => i + 1), '101 companies'],
		['location-multi', many(101, (i) => ({ city: `City ${i}` })), '101 locations'],
		['number-multi', many(150, (i) => i), '150 numbers'],
		['filterable-text-multi', many(101, (i) => `tag ${i}`), '101 texts'],
	])('refuses more than 100 values of %s, saying how many', (type, input, count) => {
		expect(() => encodeFieldValue(type, input)).toThrow(
			`${count} given; Affinity takes at most 100 in one ${type} value`,
		);
		expect(encodeFieldValue(type, input.slice(0, 100)).data).toHaveLength(100);
	});

	it('takes more than 100 dropdown-multi options (no cap there)', () => {
		const options = many(150, (i) => ({ id: i + 1, text: `Option ${i}` }));
		const value = encodeFieldValue(
			'dropdown-multi',
			options.map((o) => o.id),
			{ dropdownOptions: options },
		);
		expect(value.data).toHaveLength(150);
	});

	it('a raw value over the cap is refused as well', () => {
		expect(() => rawFieldValue({ type: 'number-multi', data: many(101, (i) => i) })).toThrow(
			/101 numbers given/,
		);
	});

	it('100 associations are fine; duplicates count once', () => {
		const ids = Array.from({ length: 100 }, (_, i) => i + 1);
		expect((encodeFieldValue('company-multi', [...ids, 1, 2]).data as unknown[]).length).toBe(100);
	});
});

describe('rawFieldValue', () => {
	it('checks and normalises {type, data}; data null clears', () => {
		expect(rawFieldValue('{"type": "datetime", "data": "2024-03-10"}')).toEqual({
			type: 'datetime',
			data: '2024-03-10T12:00:00Z',
		});
		expect(rawFieldValue({ type: 'person-multi', data: null })).toEqual({
			type: 'person-multi',
			data: null,
		});
		expect(() => rawFieldValue('{nope')).toThrow(/not valid JSON/);
		expect(() => rawFieldValue({ type: 'text' })).toThrow(/no "data"/);
		expect(() => rawFieldValue({ type: 'interaction', data: null })).toThrow(
			/computed by Affinity/,
		);
		expect(() => rawFieldValue([1])).toThrow(/must be an object/);
	});
});

describe('fields', () => {
	it('parses the pickers\' "id|type" and bare ids', () => {
		expect(parseFieldChoice('field-12|ranked-dropdown')).toEqual({
			fieldId: 'field-12',
			valueType: 'ranked-dropdown',
		});
		expect(parseFieldChoice(' field-12 ')).toEqual({ fieldId: 'field-12' });
		expect(parseFieldChoice(undefined)).toEqual({ fieldId: '' });
	});

	it('knows read-only fields from their id or metadata', () => {
		expect(readOnlyFieldReason('affinity-data-location')).toMatch(/enriched/);
		expect(readOnlyFieldReason('dealroom-total-funding')).toMatch(/enriched/);
		expect(readOnlyFieldReason('last-email')).toMatch(/relationship-intelligence/);
		expect(readOnlyFieldReason('field-12')).toBeUndefined();
		expect(readOnlyFieldReason('companies')).toBeUndefined(); // an opportunity list's association field
		expect(
			readOnlyMetadataReason({
				id: 'field-9',
				name: 'Weighted',
				type: 'list',
				valueType: 'formula-number',
			}),
		).toMatch(/formula/);
		expect(readOnlyMetadataReason({ id: 'x', type: 'enriched', valueType: 'text' })).toMatch(
			/enriched/,
		);
		expect(
			readOnlyMetadataReason({ id: 'field-1', type: 'global', valueType: 'text' }),
		).toBeUndefined();
	});

	it('reads lists and ids in the forms expressions give', () => {
		expect(listOf('a, b,,c')).toEqual(['a', 'b', 'c']);
		expect(listOf('["a", 1]')).toEqual(['a', 1]);
		expect(listOf(undefined)).toEqual([]);
		expect(recordIdOf({ __rl: true, mode: 'id', value: ' 42 ' }, 'company')).toBe(42);
		expect(recordIdOf('https://team.affinity.co/companies/77/overview', 'company')).toBe(77);
	});

	it('chunks in 100s, keeping order', () => {
		const items = Array.from({ length: 250 }, (_, i) => i);
		expect(chunk(items).map((c) => c.length)).toEqual([100, 100, 50]);
		expect(chunk(items).flat()).toEqual(items);
		expect(chunk(items.slice(0, 100)).length).toBe(1);
		expect(chunk([])).toEqual([]);
	});
});

describe('merge helpers', () => {
	it('takes a task id from the id or the task URL', () => {
		const id = '123e4567-e89b-12d3-a456-426614174000';
		expect(taskIdOf(id.toUpperCase())).toBe(id);
		expect(taskIdOf(`https://api.affinity.co/v2/tasks/person-merges/${id}`)).toBe(id);
		expect(taskIdOf('http://127.0.0.1:4010/v2/tasks/company-merges/' + id + '/')).toBe(id);
		expect(taskIdOf('123')).toBeUndefined();
		expect(taskIdOf(`https://evil.example/${id}`)).toBeUndefined();
	});

	it('builds the listing filter, one key per pair in either order, polls with backoff', () => {
		expect(mergeFilter({ status: 'failed', taskId: 'abc' })).toBe('status=failed & taskId=abc');
		expect(mergeFilter({})).toBeUndefined();
		expect(pairKey('person', 2, 1)).toBe(pairKey('person', 1, 2));
		expect(pairKey('person', 1, 2)).not.toBe(pairKey('company', 1, 2));
		const next = pollDelays();
		expect([next(), next(), next(), next(), next(), next()]).toEqual([
			500, 1000, 2000, 4000, 5000, 5000,
		]);
	});
});

describe('dateFieldData: a calendar day, stored as that day whichever day Affinity keeps', () => {
	const pacificDay = (iso: string) =>
		new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(Date.parse(iso));
	const utcDay = (iso: string) => iso.slice(0, 10);

	it.each([
		['2024-04-01', 'UTC', '2024-04-01'],
		['2024-04-01', 'Asia/Tokyo', '2024-04-01'],
		['2024-04-01T00:00:00Z', 'UTC', '2024-04-01'],
		['2024-04-01T23:30:00-05:00', 'UTC', '2024-04-01'],
		['2024-04-01T08:00:00+09:00', 'UTC', '2024-04-01'],
		['2024-04-01T00:30:00', 'Asia/Tokyo', '2024-04-01'],
		['2024-03-10', 'America/Los_Angeles', '2024-03-10'],
		['2024-11-03', 'America/Los_Angeles', '2024-11-03'],
	])('%s (workflow in %s) is sent as noon UTC of %s', (input, zone, day) => {
		const sent = dateFieldData(input, zone);
		expect(sent).toBe(`${day}T12:00:00Z`);
		expect(pacificDay(sent)).toBe(day);
		expect(utcDay(sent)).toBe(day);
	});

	it('a Date is the day it falls on in the workflow time zone', () => {
		const instant = Date.parse('2024-03-10T23:30:00Z');
		expect(dateFieldData(new Date(instant), 'Europe/Berlin')).toBe('2024-03-11T12:00:00Z');
		expect(dateFieldData(new Date(instant), 'America/New_York')).toBe('2024-03-10T12:00:00Z');
	});

	it('refuses what is not a day', () => {
		expect(() => dateFieldData('2024-02-30')).toThrow(ValueInputError);
		expect(() => calendarDayInstant('April 1')).toThrow(/not a YYYY-MM-DD date/);
	});
});

describe('repeatedField', () => {
	it('names the first field given twice and the updates that give it', () => {
		expect(repeatedField(['field-1', 'field-2', 'field-1', 'field-2'])).toEqual({
			fieldId: 'field-1',
			updates: [1, 3],
		});
		expect(repeatedField(['field-1', 'field-2'])).toBeUndefined();
		expect(repeatedField([])).toBeUndefined();
	});
});
