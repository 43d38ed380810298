import {
	mappedFieldName,
	mapperDisplayName,
	mapperFieldType,
} from '../../nodes/AffinityV2/helpers/columnValues';
import {
	lookupKey,
	needsLookup,
	recordReferenceOf,
	recordReferencesOf,
	referenceTypeOf,
	shownReferences,
} from '../../nodes/AffinityV2/helpers/recordReferences';

describe('person and company column values', () => {
	it('knows the person and company types', () => {
		expect(referenceTypeOf('person')).toEqual({ entity: 'person', multi: false });
		expect(referenceTypeOf('company-multi')).toEqual({ entity: 'company', multi: true });
		expect(referenceTypeOf('text')).toBeUndefined();
		expect(referenceTypeOf(undefined)).toBeUndefined();
	});

	it('reads an ID first: a number, a numeric text, {id}, an Affinity URL', () => {
		for (const given of [12, ' 12 ', { id: 12 }, 'https://acme.affinity.co/persons/12'])
			expect(recordReferenceOf('person', given)).toEqual({ kind: 'id', id: 12, given });
		expect(recordReferenceOf('company', 'https://acme.affinity.co/companies/7')).toMatchObject({
			kind: 'id',
			id: 7,
		});
	});

	it('a person by email address, lower-cased; a company by domain or URL, reduced to the host', () => {
		expect(recordReferenceOf('person', ' Ann@Acme.COM ')).toEqual({
			kind: 'email',
			email: 'ann@acme.com',
			given: ' Ann@Acme.COM ',
		});
		expect(recordReferenceOf('company', 'Acme.com')).toMatchObject({
			kind: 'domain',
			domain: 'acme.com',
		});
		expect(recordReferenceOf('company', 'https://www.acme.com/about?x=1')).toMatchObject({
			kind: 'domain',
			domain: 'www.acme.com',
		});
	});

	it('anything else is invalid: a domain for a person, an email for a company, names, 0, decimals', () => {
		for (const given of ['acme.com', 'Ann Smith', 0, -3, 1.5, '', null, [12]])
			expect(recordReferenceOf('person', given).kind).toBe('invalid');
		for (const given of ['ann@acme.com', 'Acme', 'localhost', 0, true])
			expect(recordReferenceOf('company', given).kind).toBe('invalid');
	});

	it('several: an array or a comma-separated text, mixing IDs and emails', () => {
		const references = recordReferencesOf('person', true, '12, ann@acme.com');
		expect(references.map((r) => r.kind)).toEqual(['id', 'email']);
		expect(needsLookup(references)).toBe(true);
		expect(needsLookup(recordReferencesOf('company', true, [1, '2']))).toBe(false);
		// A single column takes one value: a comma-separated text is not an ID.
		expect(recordReferencesOf('person', false, '1,2')[0].kind).toBe('invalid');
		expect(lookupKey(references[1])).toBe('person:ann@acme.com');
		expect(lookupKey(references[0])).toBeUndefined();
		expect(lookupKey(recordReferenceOf('company', 'acme.com'))).toBe('company:acme.com');
	});

	it('shows what was given beside the ID found', () => {
		const references = recordReferencesOf('person', true, ['12', 'ann@acme.com']);
		expect(shownReferences(references, [12, 40], true)).toEqual([
			12,
			{ email: 'ann@acme.com', id: 40 },
		]);
		expect(shownReferences(recordReferencesOf('company', false, 'acme.com'), [7], false)).toEqual({
			domain: 'acme.com',
			id: 7,
		});
	});

	it('the editor: person and company columns are text, named with what they take', () => {
		for (const type of ['person', 'person-multi', 'company', 'company-multi'])
			expect(mapperFieldType(type)).toBe('string');
		expect(mapperDisplayName('Owner', 'person')).toBe('Owner (ID, email)');
		expect(mapperDisplayName('Champions', 'person-multi')).toBe('Champions (IDs, emails)');
		expect(mapperDisplayName('Parent', 'company')).toBe('Parent (ID, domain)');
		expect(mapperDisplayName('Rivals', 'company-multi')).toBe('Rivals (IDs, domains)');
		expect(mapperDisplayName('Notes', 'text')).toBe('Notes');
		expect(mappedFieldName('Owner (ID, email)', 'person')).toBe('Owner');
		expect(mappedFieldName('Owner (ID, email)', 'company')).toBe('Owner (ID, email)');
		expect(mappedFieldName('Owner', 'person')).toBe('Owner');
		expect(mappedFieldName('Notes (ID, email)', undefined)).toBe('Notes (ID, email)');
	});
});
