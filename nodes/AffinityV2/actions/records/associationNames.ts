import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { entityNames } from '../../api/entityNames';

/** A reference list `[{id, name}]` of ids, in their order, named from `names` (null if unknown). */
function named(ids: unknown, names: Map<number, string | null> | undefined): IDataObject[] {
	if (!Array.isArray(ids)) return [];
	return ids
		.filter((id): id is number => typeof id === 'number')
		.map((id) => ({ id, name: names?.get(id) ?? null }));
}

/**
 * A record that gives its people and companies as `personIds` / `companyIds` (an opportunity of
 * API v1) with `persons` and `companies` as `[{id, name}]` beside them; the ids stay for
 * expressions. Names are read with GET /v2/persons?ids=… and GET /v2/companies?ids=…, each id
 * once per run. Called after a write: a failed read leaves the names null and never fails the
 * write that was already made.
 */
export async function withAssociationNames(
	this: IExecuteFunctions,
	record: IDataObject,
	itemIndex: number,
): Promise<IDataObject> {
	const ids = (key: string) =>
		Array.isArray(record[key])
			? (record[key] as unknown[]).filter((id): id is number => typeof id === 'number')
			: [];
	const read = async (kind: 'person' | 'company', wanted: number[]) => {
		if (!wanted.length) return new Map<number, string | null>();
		try {
			return await entityNames.call(this, kind, wanted, itemIndex);
		} catch {
			return undefined;
		}
	};
	const persons = await read('person', ids('personIds'));
	const companies = await read('company', ids('companyIds'));
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		out[key] = value;
		if (key === 'personIds') out.persons = named(value, persons);
		if (key === 'companyIds') out.companies = named(value, companies);
	}
	return out;
}
