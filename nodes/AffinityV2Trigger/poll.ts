import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { entityDisplayName } from '../AffinityV2/helpers/entities';
import { toStringList } from '../AffinityV2/helpers/stringList';
import type { ApiListEntry } from '../AffinityV2/helpers/types';
import { affinityPaginate, validateId, type AffinityRequest } from '../AffinityV2/transport';
import { readQuotaGuard, type QuotaGuard } from '../AffinityV2/api/quotaGuard';
import { DETECTIONS, TRIGGER_EVENTS, type Detection, type TriggerEvent } from './description';
import type { EventContext } from './helpers/events';
import { readIgnoredChangers, type IgnoredChangers } from './ignoredChangers';
import type { PollNeeds } from './pollRun';
import { decodeState, isTriggerState, type DecodedState } from './state';

export interface TriggerConfig {
	detection: Detection;
	listId: number;
	savedViewId?: number;
	event: TriggerEvent;
	/** Watched field ids; empty: every field the list (or the view) returns. */
	watchedIds: string[];
	emitCurrentEntries: boolean;
	includeEntry: boolean;
	keepPreviousValues: boolean;
	/** Read multi-values cut at 100 whole from their values pages (2026-09-17) in whole reads. */
	completeMultiValues: boolean;
	/** Hours between reconciliations in change-log detection; 0: never. */
	reconcileHours: number;
	quotaGuard: QuotaGuard;
	/** Whose changes are passed over (change-log detection). */
	ignoredChangers: IgnoredChangers;
}

/** Where the API lists each entity type by id (GET /v2/companies, /v2/persons, /v2/opportunities). */
const ENTITY_PATHS = new Map([
	['company', '/v2/companies'],
	['person', '/v2/persons'],
	['opportunity', '/v2/opportunities'],
]);

export function readConfig(ctx: IPollFunctions): TriggerConfig {
	const node = ctx.getNode();
	const listId = validateId(
		node,
		ctx.getNodeParameter('listId', undefined, { extractValue: true }),
		'List ID',
		'int64',
	);
	const watch = ctx.getNodeParameter('watch', 'list') as string;
	const savedViewId =
		watch === 'savedView'
			? validateId(
					node,
					ctx.getNodeParameter('savedViewId', undefined, { extractValue: true }),
					'Saved View ID',
					'int64',
				)
			: undefined;
	const event = ctx.getNodeParameter('event', 'anyChange') as TriggerEvent;
	if (!TRIGGER_EVENTS.includes(event)) {
		throw new NodeOperationError(node, `Invalid Event: got "${String(event)}"`, {
			description: `Event must be one of ${TRIGGER_EVENTS.join(', ')}.`,
		});
	}
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	// The change log cannot tell which entries a saved view's filters hold: views are compared whole.
	const detection =
		watch === 'savedView'
			? 'snapshot'
			: (ctx.getNodeParameter('detection', 'snapshot') as Detection);
	if (!DETECTIONS.includes(detection)) {
		throw new NodeOperationError(node, `Invalid Detection: got "${String(detection)}"`, {
			description: `Detection must be one of ${DETECTIONS.join(', ')}.`,
		});
	}
	const reconcileHours = Number(options.reconcileHours ?? 24);
	return {
		detection,
		listId,
		savedViewId,
		event,
		watchedIds: [...new Set(toStringList(ctx.getNodeParameter('watchedFieldIds', [])))],
		emitCurrentEntries: options.emitCurrentEntries === true,
		includeEntry: options.includeEntry === true,
		keepPreviousValues: options.keepPreviousValues === true,
		completeMultiValues: options.completeMultiValues === true,
		reconcileHours: Number.isFinite(reconcileHours) && reconcileHours > 0 ? reconcileHours : 0,
		quotaGuard: readQuotaGuard(options),
		ignoredChangers:
			detection === 'changeLog' ? readIgnoredChangers(node, options) : { own: false, userIds: [] },
	};
}

/** What identifies the entries a state describes: another list or view is a new baseline. */
export function stateKey(config: Pick<TriggerConfig, 'listId' | 'savedViewId'>): string {
	return `list:${config.listId}|view:${config.savedViewId ?? ''}`;
}

/** What a snapshot poll costs: 1 request per 100 entries (at least 1). */
export function snapshotCost(count: number): number {
	return Math.max(1, Math.ceil(count / 100));
}

/**
 * How many entries the saved state holds (0 without one): a read is sized for it, so that its
 * arrays are not grown and copied as pages come.
 */
export function savedCount(saved: unknown): number {
	return isTriggerState(saved) ? saved.count : 0;
}

export function eventContext(config: TriggerConfig): EventContext {
	return {
		listId: config.listId,
		savedViewId: config.savedViewId,
		includeEntry: config.includeEntry,
	};
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

/**
 * The previous poll's state, or undefined (a new baseline) when there is none for this list
 * and view, or it cannot be read: failing every poll on a damaged state would stop the trigger
 * for good, and what it lost is lost either way. The next poll that completes replaces it.
 */
export function readState(
	ctx: IPollFunctions,
	saved: unknown,
	key: string,
): DecodedState | undefined {
	if (saved === undefined || saved === null) return undefined;
	if (typeof saved === 'object' && (saved as { key?: unknown }).key !== key) return undefined;
	try {
		return decodeState(saved);
	} catch (error) {
		ctx.logger.warn(
			`Affinity v2 Trigger: the saved state could not be read (${(error as Error).message}); starting a new baseline`,
		);
		return undefined;
	}
}

/**
 * Names of removed entries' companies, persons or opportunities, 100 per request. The entries
 * are gone, so their names come from the entities. A key that may not read the directory
 * (403) or an entity deleted since gives no name rather than a failed poll.
 */
export async function lookupNames(
	ctx: IPollFunctions,
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
				ctx,
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
			const failure = nodeError(ctx, error);
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
export function nodeError(ctx: IPollFunctions, error: unknown): NodeApiError | NodeOperationError {
	return error instanceof NodeApiError || error instanceof NodeOperationError
		? error
		: new NodeOperationError(ctx.getNode(), error as Error);
}
