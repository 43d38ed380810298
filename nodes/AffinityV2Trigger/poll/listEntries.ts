import type { IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { entityDisplayName } from '../../AffinityV2/helpers/entities';
import type { ApiListEntry } from '../../AffinityV2/helpers/types';
import { affinityPaginate, type AffinityRequest } from '../../AffinityV2/transport';
import type { TriggerConfig } from '../config';
import type { PollNeeds } from './pollRun';

/*
 * The list's entries as a poll reads them: the request for a page, the check of an entry, the
 * names of removed entries' records, and what a whole read costs.
 */

/** What a snapshot poll costs: 1 request per 100 entries (at least 1). */
export function snapshotCost(count: number): number {
	return Math.max(1, Math.ceil(count / 100));
}

export function isListEntry(value: unknown): value is ApiListEntry {
	return (
		value !== null &&
		typeof value === 'object' &&
		typeof (value as { id?: unknown }).id === 'number'
	);
}

/** GET /v2/lists/{listId}/list-entries, or the saved view's (which returns only its own columns). */
export function entriesRequest(config: TriggerConfig, needs: PollNeeds): AffinityRequest {
	const { listId, savedViewId, watchedIds } = config;
	if (savedViewId !== undefined) {
		return {
			method: 'GET',
			path: `/v2/lists/${listId}/saved-views/${savedViewId}/list-entries`,
			subject: `saved view with ID ${savedViewId} on list ${listId}`,
		};
	}
	return {
		method: 'GET',
		path: `/v2/lists/${listId}/list-entries`,
		qs: needs.fields
			? watchedIds.length
				? { fieldIds: watchedIds }
				: { fieldTypes: ['list'] }
			: {},
		subject: `list with ID ${listId}`,
		parameterNames: { fieldIds: 'Watched Field Names or IDs' },
	};
}

/** Where the API lists each entity type by id (GET /v2/companies, /v2/persons, /v2/opportunities). */
const ENTITY_PATHS = new Map([
	['company', '/v2/companies'],
	['person', '/v2/persons'],
	['opportunity', '/v2/opportunities'],
]);

/**
 * Names of removed entries' companies, persons or opportunities, 100 per request. The entries
 * are gone, so their names come from the entities. A key that may not read the directory
 * (403) or an entity deleted since gives no name rather than a failed poll.
 */
export async function lookupNames(
	this: IPollFunctions,
	entityType: string,
	ids: number[],
): Promise<Map<number, string>> {
	const names = new Map<number, string>();
	const path = ENTITY_PATHS.get(entityType);
	const unique = [...new Set(ids)].filter((id) => id > 0);
	if (!path) return names;
	for (let i = 0; i < unique.length; i += 100) {
		try {
			await affinityPaginate.call(
				this,
				{ method: 'GET', path, qs: { ids: unique.slice(i, i + 100) } },
				{
					onPage: (page) => {
						for (const entity of page.data) {
							const id =
								entity !== null && typeof entity === 'object'
									? (entity as { id?: unknown }).id
									: undefined;
							if (typeof id === 'number') names.set(id, entityDisplayName(entity));
						}
					},
				},
			);
		} catch (error) {
			const failure = nodeError.call(this, error);
			if (
				failure instanceof NodeApiError &&
				(failure.httpCode === '403' || failure.httpCode === '404')
			)
				return names;
			throw failure;
		}
	}
	return names;
}

/** An error as a node error: the transport's NodeApiErrors already say what went wrong. */
export function nodeError(this: IPollFunctions, error: unknown): NodeApiError | NodeOperationError {
	return error instanceof NodeApiError || error instanceof NodeOperationError
		? error
		: new NodeOperationError(this.getNode(), error as Error);
}
