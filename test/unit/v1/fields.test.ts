import { cachedPerRun, forgetPerRun } from '../../../nodes/AffinityV2/api/cache';
import { fieldFromV1, v1FieldId, v2ValueType } from '../../../nodes/AffinityV2/helpers/v1/fields';

describe('fieldFromV1', () => {
	it('a list field: v2 id field-<id>, type list, v2 value type', () => {
		expect(
			fieldFromV1({
				id: 59,
				name: '[Deals] Amount',
				list_id: 11,
				enrichment_source: 'none',
				value_type: 3,
				allows_multiple: false,
				track_changes: false,
				dropdown_options: [],
			}),
		).toEqual({
			id: 'field-59',
			name: '[Deals] Amount',
			type: 'list',
			valueType: 'number',
			enrichmentSource: null,
			listId: 11,
		});
	});

	it('a global field allowing several people', () => {
		expect(
			fieldFromV1({ id: 7, name: 'Friends', list_id: null, value_type: 0, allows_multiple: true }),
		).toMatchObject({ id: 'field-7', type: 'global', valueType: 'person-multi', listId: null });
	});
});

describe('v2ValueType', () => {
	it.each([
		[0, false, 'person'],
		[1, true, 'company-multi'],
		[2, true, 'dropdown-multi'],
		[4, false, 'datetime'],
		[5, true, 'location-multi'],
		[6, false, 'text'],
		[7, false, 'ranked-dropdown'],
		// No multi-value ranked dropdowns in v2's value types: the single one.
		[7, true, 'ranked-dropdown'],
		[42, false, null],
	])('code %i, multiple %s: %s', (code, multiple, expected) => {
		expect(v2ValueType(code, multiple)).toBe(expected);
	});
});

describe('v1FieldId takes field-123 or 123', () => {
	it.each([
		['field-123', 123],
		['123', 123],
		[' field-5 ', 5],
		[42, 42],
		['affinity-data-location', undefined],
		['field-', undefined],
		['field-0', undefined],
		['12abc', undefined],
		['', undefined],
		[undefined, undefined],
	])('%j: %j', (input, expected) => {
		expect(v1FieldId(input)).toBe(expected);
	});
});

describe('forgetPerRun: a field write leaves no stale field list in the run', () => {
	it('drops the entries under a prefix; the next read loads again', async () => {
		const run = {};
		let loads = 0;
		const load = () => cachedPerRun(run, 'fields /v2/lists/1/fields ', async () => ++loads);
		const other = cachedPerRun(run, 'lists', async () => 'lists');
		expect(await load()).toBe(1);
		expect(await load()).toBe(1);
		forgetPerRun(run, 'fields ');
		expect(await load()).toBe(2);
		expect(await cachedPerRun(run, 'lists', async () => 'reloaded')).toBe(await other);
	});
});
