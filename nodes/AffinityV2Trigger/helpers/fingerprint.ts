import { mayBeTruncated } from '../../AffinityV2/helpers/simplify';
import type { FieldValue } from '../../AffinityV2/helpers/types';

/**
 * What a value at the API's cut-off of 100 associations is fingerprinted as. The API shows
 * only some of its members, and which ones it shows may shift, so the visible part cannot
 * tell a real change from noise: such a value counts as changed only when it reaches or
 * leaves the cut-off, and events flag it as possibly truncated.
 */
export const TRUNCATED_IDENTITY = '\u0000truncated';

/** JSON with object keys sorted, so that key order never makes two equal values differ. */
export function canonicalJson(value: unknown): string {
	if (value === null || value === undefined) return 'null';
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (typeof value === 'object') {
		const keys = Object.keys(value as object).sort();
		return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
	}
	return JSON.stringify(value);
}

function asArray(data: unknown): unknown[] {
	return Array.isArray(data) ? data : [];
}

/** The members of a multi value as a set: order is noise, duplicates are kept. */
function setOf(items: string[]): string {
	return items.sort().join('\u0001');
}

function refId(item: unknown): string {
	if (item && typeof item === 'object' && 'id' in item) return String((item as { id: unknown }).id);
	return canonicalJson(item);
}

function optionId(item: unknown): string {
	if (item && typeof item === 'object') {
		const option = item as { dropdownOptionId?: unknown; text?: unknown };
		if (option.dropdownOptionId !== undefined && option.dropdownOptionId !== null) return `#${String(option.dropdownOptionId)}`;
		return canonicalJson(option.text ?? null);
	}
	return canonicalJson(item);
}

function location(item: unknown): string {
	const l = (item ?? {}) as Record<string, unknown>;
	return canonicalJson([l.streetAddress ?? null, l.city ?? null, l.state ?? null, l.country ?? null, l.continent ?? null]);
}

function instant(data: unknown): string {
	const time = typeof data === 'string' ? Date.parse(data) : NaN;
	return Number.isNaN(time) ? canonicalJson(data) : String(time);
}

/**
 * What a field value means, as a string: equal for values Affinity considers the same, and
 * different for any real change. References count by id (a person or company renamed is not a
 * change of the entries that name them), dropdown choices by option id (renaming an option is
 * not a change either), multi values as sets, dates as instants. Empty is empty whatever the type.
 */
export function valueIdentity(value: FieldValue | null | undefined): string {
	if (!value || value.data === null || value.data === undefined) return '';
	if (mayBeTruncated(value)) return TRUNCATED_IDENTITY;
	const { type, data } = value;
	let payload: string;
	switch (type) {
		case 'text':
		case 'filterable-text':
		case 'number':
			payload = canonicalJson(data);
			break;
		case 'datetime':
			payload = instant(data);
			break;
		case 'filterable-text-multi':
		case 'number-multi':
			payload = setOf(asArray(data).map(canonicalJson));
			break;
		case 'location':
			payload = location(data);
			break;
		case 'location-multi':
			payload = setOf(asArray(data).map(location));
			break;
		case 'dropdown':
		case 'ranked-dropdown':
			payload = optionId(data);
			break;
		case 'dropdown-multi':
			payload = setOf(asArray(data).map(optionId));
			break;
		case 'person':
		case 'company':
			payload = refId(data);
			break;
		case 'person-multi':
		case 'company-multi':
			payload = setOf(asArray(data).map(refId));
			break;
		case 'formula-number':
			payload = canonicalJson((data as { calculatedValue?: unknown }).calculatedValue ?? null);
			break;
		case 'interaction': {
			const interaction = data as { type?: unknown; id?: unknown };
			payload = interaction.id !== undefined ? `${String(interaction.type)}:${String(interaction.id)}` : canonicalJson(data);
			break;
		}
		default:
			payload = canonicalJson(data);
	}
	return `${type}:${payload}`;
}

/**
 * A 32-bit hash of a string (cyrb53's mixing, low word). Two different values of one field get
 * the same hash with a chance of 1 in 4.3 billion, which is the chance of a change going unseen.
 */
export function hash32(text: string): number {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const ch = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ ch, 2654435761);
		h2 = Math.imul(h2 ^ ch, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
	h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
	h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (h1 ^ h2) >>> 0;
}

export function fingerprint(value: FieldValue | null | undefined): number {
	return hash32(valueIdentity(value));
}
