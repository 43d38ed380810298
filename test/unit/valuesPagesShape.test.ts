import { pageProblem, shapeProblem } from '../../nodes/AffinityV2/transport/shape';

/**
 * The pages of one field's values (GET …/fields/{fieldId}/values, 2026-09-17) hold the values
 * themselves: texts, locations without ids, people. Other pages still need records with ids.
 */

const page = (data: unknown[]) => ({ data, pagination: { nextUrl: null, prevUrl: null } });
const VALUES = '/v2/companies/3000003/fields/affinity-data-industry/values';

describe('values pages', () => {
	it('take texts, locations and references, on the first page and a next page by URL', () => {
		expect(pageProblem(page(['Industry 1', 'Industry 2']), VALUES)).toBeUndefined();
		expect(
			pageProblem(page([{ city: 'Berlin', country: 'Germany', streetAddress: null }]), VALUES),
		).toBeUndefined();
		expect(
			shapeProblem(
				page([{ id: 5000007, firstName: 'Ada' }]),
				'page',
				'http://127.0.0.1:1/v2/lists/102/list-entries/9/fields/field-7/values',
			),
		).toBeUndefined();
	});

	it('refuse a null value, and a body that is no page', () => {
		expect(pageProblem(page(['a', null]), VALUES)).toBe('item 1 of "data" is null, not a value');
		expect(pageProblem({ data: ['a'] }, VALUES)).toBe('no "data" array with "pagination"');
	});

	it('leave the other pages as they were: a text is no record there', () => {
		expect(pageProblem(page(['a']), '/v2/companies')).toMatch(/item 0 of "data" is a string/);
		expect(pageProblem(page(['a']), '/v2/companies/3000003/fields')).toMatch(/not a record/);
	});
});
