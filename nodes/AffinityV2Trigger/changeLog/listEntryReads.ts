import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { ApiField, ApiListEntry } from '../../AffinityV2/helpers/types';
import { triggerPagingGuard } from '../../AffinityV2/api/quotaGuard';
import { affinityPaginate, type AffinityRequest } from '../../AffinityV2/transport';
import { entriesRequest, isListEntry } from '../poll/listEntries';
import { type TriggerConfig } from '../config';
import { pollNeeds } from '../poll/pollRun';
import type { DecodedState } from '../state';
import type { PollBudget } from '../poll/budget';

/** The list-entry reads of change-log detection: the newest entries, and a scan of the whole list. */

function fieldQuery(config: TriggerConfig): IDataObject {
	return config.watchedIds.length ? { fieldIds: config.watchedIds } : { fieldTypes: ['list'] };
}

/**
 * POST /v2/lists/{listId}/list-entries/search sorted by the date added, newest first, with
 * `totalCount`: the entries not known yet, page by page until a page holds a known one.
 */
export async function newestEntries(
	this: IPollFunctions,
	config: TriggerConfig,
	members: Map<number, number>,
): Promise<{ total: number; fresh: ApiListEntry[] }> {
	const fresh: ApiListEntry[] = [];
	let total = 0;
	const request: AffinityRequest = {
		method: 'POST',
		path: `/v2/lists/${config.listId}/list-entries/search`,
		qs: { ...fieldQuery(config), totalCount: true },
		body: { sorts: [{ fieldId: 'created-at', direction: 'desc' }] },
		subject: `list with ID ${config.listId}`,
		parameterNames: { fieldIds: 'Watched Field Names or IDs' },
	};
	await affinityPaginate.call(this, request, {
		quotaGuard: triggerPagingGuard.call(this),
		onPage: (page) => {
			if (page.totalCount !== undefined) total = page.totalCount;
			let allNew = true;
			for (const entry of page.data) {
				if (!isListEntry(entry)) continue;
				if (members.has(entry.id)) allNew = false;
				else fresh.push(entry);
			}
			return allNew;
		},
	});
	return { total, fresh };
}

/** The `count` entries added last (the same search, one request), newest first. */
export async function latestEntries(
	this: IPollFunctions,
	config: TriggerConfig,
	count: number,
): Promise<ApiListEntry[]> {
	const { items } = await affinityPaginate.call(
		this,
		{
			method: 'POST',
			path: `/v2/lists/${config.listId}/list-entries/search`,
			qs: fieldQuery(config),
			body: { sorts: [{ fieldId: 'created-at', direction: 'desc' }] },
			subject: `list with ID ${config.listId}`,
			parameterNames: { fieldIds: 'Watched Field Names or IDs' },
		},
		{ max: count },
	);
	return (items as unknown[]).filter(isListEntry);
}

/**
 * Every entry of the list, with the reported fields (the same number of requests as ids only);
 * undefined when n8n's time limit for a poll (`budget`) ends the scan before its last page.
 */
export async function scanEntries(
	this: IPollFunctions,
	config: TriggerConfig,
	budget?: PollBudget,
	keepMs = 0,
): Promise<ApiListEntry[] | undefined> {
	const entries: ApiListEntry[] = [];
	const request = entriesRequest(config, { ...pollNeeds(config, false), fields: true });
	let complete = true;
	budget?.callStarting();
	await affinityPaginate.call(this, request, {
		quotaGuard: triggerPagingGuard.call(this),
		onPage: (page) => {
			budget?.callDone();
			for (const entry of page.data) if (isListEntry(entry)) entries.push(entry);
			if (page.resumePath && budget && !budget.fits(2, keepMs)) {
				complete = false;
				return false;
			}
			return true;
		},
	});
	return complete ? entries : undefined;
}

/**
 * The fields to ask the change log for: the watched ones, or else the fields the last
 * reconciliation compared (the list's own), so that other lists' changes cost nothing.
 */
export function logFields(config: TriggerConfig, old: DecodedState): string[] {
	return config.watchedIds.length ? config.watchedIds : [...old.columns.keys()];
}

/** The entry's fields that events report on: the watched ones, or all the list's own. */
export function reported(config: TriggerConfig, entry: ApiListEntry): ApiField[] {
	const own = entry.entity?.fields ?? [];
	if (!config.watchedIds.length) return own;
	const byId = new Map(own.map((f) => [f.id, f]));
	return config.watchedIds.map((id) => byId.get(id)).filter((f): f is ApiField => f !== undefined);
}
