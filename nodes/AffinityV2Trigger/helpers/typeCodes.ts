import { hash32 } from './hash';

/**
 * The type codes of field values: small integers compared in the hot path instead of type
 * strings, and each type's hash seed. Part of the saved state, as fingerprint.ts says.
 */

const typeSeeds = new Map<string, number>();
export function seedOf(type: string): number {
	let seed = typeSeeds.get(type);
	if (seed === undefined) {
		seed = hash32(type, 0x5eed);
		typeSeeds.set(type, seed);
	}
	return seed;
}

/** The value types with a hash of their own; their index + 1 is their type code (0: any other type). */
export const VALUE_TYPES = [
	'text',
	'filterable-text',
	'number',
	'datetime',
	'filterable-text-multi',
	'number-multi',
	'location',
	'location-multi',
	'dropdown',
	'ranked-dropdown',
	'dropdown-multi',
	'person',
	'company',
	'person-multi',
	'company-multi',
	'formula-number',
	'interaction',
	// 2026-09-17: appended, so the codes above (kept in saved states) stay as they were; no
	// state saved before holds values of these types.
	'note',
	'reminder',
	'list-multi',
] as const;

/** Type codes, compared as small integers in the hot path instead of type strings. */
export const T = {
	other: 0,
	text: 1,
	filterableText: 2,
	number: 3,
	datetime: 4,
	filterableTextMulti: 5,
	numberMulti: 6,
	location: 7,
	locationMulti: 8,
	dropdown: 9,
	rankedDropdown: 10,
	dropdownMulti: 11,
	person: 12,
	company: 13,
	personMulti: 14,
	companyMulti: 15,
	formulaNumber: 16,
	interaction: 17,
	note: 18,
	reminder: 19,
	listMulti: 20,
} as const;

const CODES = new Map<string, number>(VALUE_TYPES.map((type, i) => [type, i + 1]));
export const SEEDS = Uint32Array.from([0, ...VALUE_TYPES.map((type) => seedOf(type))]);

export function typeCode(type: unknown): number {
	return typeof type === 'string' ? (CODES.get(type) ?? T.other) : T.other;
}

/** Multi-valued types: their value is a multiset of members, hashed member by member. */
export function isMultiType(code: number): boolean {
	return (
		code === T.filterableTextMulti ||
		code === T.numberMulti ||
		code === T.locationMulti ||
		code === T.dropdownMulti ||
		code === T.personMulti ||
		code === T.companyMulti ||
		code === T.listMulti
	);
}

/** Types whose values are numbers on a line (amounts, instants): their dictionary is not capped. */
export function isNumericType(code: number): boolean {
	return code === T.number || code === T.formulaNumber || code === T.datetime;
}
