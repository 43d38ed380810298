import type { IDataObject } from 'n8n-workflow';

/**
 * What an update makes a record show in API v2's reads, for AffinityRequest.shows: the keys the
 * update wrote (v2's names), taken from the write's answer put in v2's shape (`toV2`), which has
 * what Affinity stored (a v1 email lowercased, a time in UTC). A v2 read of the record in the
 * next node is read again, boundedly, until it shows them.
 */
export function showsAfter<T>(
	toV2: (answer: T) => object,
	keys: string[],
): ((answer: unknown) => IDataObject) | undefined {
	if (!keys.length) return undefined;
	return (answer) => {
		return pickKeys(toV2(answer as T) as IDataObject, keys);
	};
}

/** The v2 names of the v1 body keys an update sent: `{first_name: 'firstName'}` picks firstName. */
export function v2Keys(body: IDataObject, names: Record<string, string>): string[] {
	return Object.keys(body)
		.filter((k) => names[k] !== undefined)
		.map((k) => names[k]);
}

/** The given keys of an object that it has. */
export function pickKeys(object: IDataObject, keys: string[]): IDataObject {
	return Object.fromEntries(keys.filter((k) => k in object).map((k) => [k, object[k]]));
}
