import { normalizeDomain } from './domains';
import { listOf, recordIdOf } from './fieldValues';

/**
 * The values of person and company columns: each an ID, or what names the record for a person
 * an email address, for a company a domain (or a URL of it). Pure: which value is which; finding
 * the records they name is actions/fieldValues/columnReferences.ts.
 */

export type ReferencedEntity = 'person' | 'company';

export type RecordReference =
	| { kind: 'id'; id: number; given: unknown }
	| { kind: 'email'; email: string; given: unknown }
	| { kind: 'domain'; domain: string; given: unknown }
	| { kind: 'invalid'; given: unknown };

/** The record type a FieldValueUpdate `type` holds and whether it holds several; undefined for other types. */
export function referenceTypeOf(
	valueType: string | undefined,
): { entity: ReferencedEntity; multi: boolean } | undefined {
	switch (valueType) {
		case 'person':
			return { entity: 'person', multi: false };
		case 'person-multi':
			return { entity: 'person', multi: true };
		case 'company':
			return { entity: 'company', multi: false };
		case 'company-multi':
			return { entity: 'company', multi: true };
	}
	return undefined;
}

/**
 * One value: an ID first (a number, a numeric text, `{id}`, an Affinity URL), then an email
 * address (a person: any text with @; its form is checked where errors are made) or a domain
 * (a company: acme.com, or https://www.acme.com/about reduced to its host).
 */
export function recordReferenceOf(entity: ReferencedEntity, given: unknown): RecordReference {
	try {
		return { kind: 'id', id: recordIdOf(given, entity), given };
	} catch {
		// not an ID: an email address or a domain, or nothing this column takes
	}
	if (typeof given !== 'string') return { kind: 'invalid', given };
	const text = given.trim();
	if (entity === 'person')
		return text.includes('@')
			? { kind: 'email', email: text.toLowerCase(), given }
			: { kind: 'invalid', given };
	const domain = text.includes('@') ? undefined : normalizeDomain(text);
	return domain ? { kind: 'domain', domain, given } : { kind: 'invalid', given };
}

/** The values of a column: one, or for a multi type an array or a comma-separated text. */
export function recordReferencesOf(
	entity: ReferencedEntity,
	multi: boolean,
	value: unknown,
): RecordReference[] {
	return (multi ? listOf(value) : [value]).map((item) => recordReferenceOf(entity, item));
}

/** Whether any of the values needs a search to find its record. */
export function needsLookup(references: RecordReference[]): boolean {
	return references.some((r) => r.kind === 'email' || r.kind === 'domain');
}

/** The key a value is found under, and cached by, in a run ("person:ann@acme.com"). */
export function lookupKey(reference: RecordReference): string | undefined {
	if (reference.kind === 'email') return `person:${reference.email}`;
	if (reference.kind === 'domain') return `company:${reference.domain}`;
	return undefined;
}

/**
 * What the output shows for a column whose values were looked up: what was given beside the ID
 * it names (`{email, id}`, `{domain, id}`), an ID as the ID. `ids` holds the found ID of each
 * value, in order.
 */
export function shownReferences(
	references: RecordReference[],
	ids: number[],
	multi: boolean,
): unknown {
	const shown = references.map((reference, k) => {
		if (reference.kind === 'email') return { email: reference.email, id: ids[k] };
		if (reference.kind === 'domain') return { domain: reference.domain, id: ids[k] };
		return ids[k];
	});
	return multi ? shown : shown[0];
}
