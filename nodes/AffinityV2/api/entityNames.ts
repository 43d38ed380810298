import { NodeApiError } from 'n8n-workflow';

import { entityDisplayName } from '../helpers/entities';
import { asNodeError } from '../helpers/nodeErrors';
import { affinityPaginate, type AffinityContext } from '../transport';
import { cachedPerRunMany } from './cache';

export type NamedEntity = 'person' | 'company' | 'opportunity';

/** Where each kind is listed by id: GET /v2/persons, /v2/companies, /v2/opportunities (`ids`). */
const PATHS: Record<NamedEntity, string> = {
	person: '/v2/persons',
	company: '/v2/companies',
	opportunity: '/v2/opportunities',
};

/** How many ids one request asks for (the endpoints' page size). */
const IDS_PER_REQUEST = 100;

/**
 * The display names of persons, companies or opportunities by id, for outputs that carry only
 * `{id}` references. Each id is read once per run; the ids not read yet are read together, 100
 * a request. A record the key may not read (403) or that is gone (404) has no name (null)
 * rather than failing the operation that only wanted to label it.
 */
export async function entityNames(
	this: AffinityContext,
	kind: NamedEntity,
	ids: number[],
	itemIndex?: number,
): Promise<Map<number, string | null>> {
	const wanted = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
	const key = (id: number) => `name ${kind} ${id}`;
	const byKey = await cachedPerRunMany(this, wanted.map(key), async (missing) => {
		const missingIds = missing.map((k) => Number(k.slice(k.lastIndexOf(' ') + 1)));
		const names = new Map<string, string | null>(missing.map((k) => [k, null]));
		for (let start = 0; start < missingIds.length; start += IDS_PER_REQUEST) {
			const read = await readNames.call(
				this,
				kind,
				missingIds.slice(start, start + IDS_PER_REQUEST),
				itemIndex,
			);
			for (const [id, name] of read) names.set(key(id), name);
		}
		return names;
	});
	return new Map(wanted.map((id) => [id, byKey.get(key(id)) ?? null]));
}

async function readNames(
	this: AffinityContext,
	kind: NamedEntity,
	ids: number[],
	itemIndex?: number,
): Promise<Map<number, string>> {
	const names = new Map<number, string>();
	try {
		const { items } = await affinityPaginate.call(this, {
			method: 'GET',
			path: PATHS[kind],
			qs: { ids },
			itemIndex,
		});
		for (const record of items)
			if (typeof record.id === 'number') names.set(record.id, entityDisplayName(record));
	} catch (error) {
		const code = error instanceof NodeApiError ? error.httpCode : undefined;
		if (code !== '403' && code !== '404') throw asNodeError(this.getNode(), error, itemIndex);
	}
	return names;
}
