import { normalizeDomain } from '../../../nodes/AffinityV2/helpers/domains';
import { applySetChange } from '../../../nodes/AffinityV2/helpers/setChange';
import { simplifyListEntry } from '../../../nodes/AffinityV2/helpers/simplify';
import { companyFromV1 } from '../../../nodes/AffinityV2/helpers/v1/companies';
import { listEntryFromV1 } from '../../../nodes/AffinityV2/helpers/v1/listEntries';
import { personFromV1 } from '../../../nodes/AffinityV2/helpers/v1/persons';

describe('v1 records in v2 names', () => {
	it('an organization is a Company with personIds', () => {
		expect(
			companyFromV1({
				id: 7,
				name: 'Acme',
				domain: 'acme.co',
				domains: ['acme.co'],
				global: false,
				person_ids: [1, 2],
			}),
		).toEqual({
			id: 7,
			name: 'Acme',
			domain: 'acme.co',
			domains: ['acme.co'],
			isGlobal: false,
			personIds: [1, 2],
		});
		// Keys v1 left out stay out.
		expect(companyFromV1({ id: 7, name: 'Acme' })).toEqual({ id: 7, name: 'Acme' });
	});

	it('a person is a Person with companyIds; type 1 is internal', () => {
		expect(
			personFromV1({
				id: 3,
				type: 1,
				first_name: 'Jo',
				last_name: null,
				primary_email: 'jo@acme.co',
				emails: ['jo@acme.co'],
				organization_ids: [7],
			}),
		).toEqual({
			id: 3,
			firstName: 'Jo',
			lastName: null,
			primaryEmailAddress: 'jo@acme.co',
			emailAddresses: ['jo@acme.co'],
			type: 'internal',
			companyIds: [7],
		});
		expect(personFromV1({ id: 3, type: 0, first_name: 'Jo' }).type).toBe('external');
	});

	it('a list entry is a ListEntryWithEntity: type from entity_type, else the list; time in UTC', () => {
		const entry = listEntryFromV1(
			{
				id: 53510,
				list_id: 450,
				creator_id: 38596,
				entity_id: 38706,
				created_at: '2017-02-22T15:22:21.125-08:00',
				entity: { type: 0, first_name: 'John', last_name: 'Doe', emails: [] },
			},
			'person',
		);
		expect(entry).toEqual({
			id: 53510,
			type: 'person',
			listId: 450,
			createdAt: '2017-02-22T23:22:21.125Z',
			creatorId: 38596,
			entity: {
				id: 38706,
				firstName: 'John',
				lastName: 'Doe',
				emailAddresses: [],
				type: 'external',
			},
		});
		expect(simplifyListEntry(entry)).toMatchObject({
			entityName: 'John Doe',
			entityId: 38706,
			fields: {},
		});
		const company = listEntryFromV1(
			{
				id: 1,
				list_id: 2,
				creator_id: null,
				entity_id: 9,
				entity_type: 1,
				created_at: 'x',
				entity: { name: 'Acme' },
			},
			'person',
		);
		expect(company).toMatchObject({
			type: 'company',
			createdAt: 'x',
			entity: { id: 9, name: 'Acme' },
		});
	});
});

describe('applySetChange', () => {
	it('replaces, adds and removes, without duplicates, keeping order', () => {
		expect(applySetChange([1, 2], 'replace', [3, 3])).toEqual([3]);
		expect(applySetChange([1, 2], 'add', [2, 3])).toEqual([1, 2, 3]);
		expect(applySetChange([1, 2, 3], 'remove', [2, 9])).toEqual([1, 3]);
		expect(
			applySetChange(['a@x.io'], 'add', ['A@x.io'], (a, b) => a.toLowerCase() === b.toLowerCase()),
		).toEqual(['a@x.io']);
	});
});

describe('normalizeDomain', () => {
	it.each([
		['acme.com', 'acme.com'],
		['  HTTPS://Acme.com/about?x=1 ', 'acme.com'],
		['www.acme.co.uk.', 'www.acme.co.uk'],
	])('%s → %s', (input, expected) => {
		expect(normalizeDomain(input)).toBe(expected);
	});

	it.each(['', 'acme', 'not a domain', 'acme..com', 'https://'])('refuses %p', (input) => {
		expect(normalizeDomain(input)).toBeUndefined();
	});
});
