import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { entityDisplayName } from '../AffinityV2/helpers/entities';
import { toStringList } from '../AffinityV2/helpers/stringList';
import type { ApiListEntry } from '../AffinityV2/helpers/types';
import { affinityPaginate, validateId, type AffinityRequest } from '../AffinityV2/transport';
import {
	assertQuotaLeft,
	readQuotaGuard,
	triggerPagingGuard,
	type QuotaGuard,
} from '../AffinityV2/api/quotaGuard';
import { completeEntryValues } from './allValues';
import { DETECTIONS, TRIGGER_EVENTS, type Detection, type TriggerEvent } from './description';
import type { EventContext } from './helpers/events';
import { PollRun, pollNeeds, type PollNeeds } from './pollRun';
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
}

/** Time kept in hand at the end of n8n's poll budget, besides two of the slowest pages. */
const BUDGET_RESERVE_MS = 1000;

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

/** Snapshot detection, one poll (a manual run is manualRun.ts's): see pollTrigger.ts. */
export async function runPoll(ctx: IPollFunctions, config: TriggerConfig): Promise<IDataObject[]> {
	const startedAt = Date.now();
	const staticData = ctx.getWorkflowStaticData('node');
	const saved: unknown = staticData.state;
	const key = stateKey(config);
	const old = readState(ctx, saved, key);
	const expected = savedCount(saved);
	const cost = snapshotCost(expected);
	await assertQuotaLeft(
		ctx,
		config.quotaGuard,
		cost,
		`about ${cost} calls a poll (1 per 100 entries)`,
	);
	const complete = await snapshotRead(
		ctx,
		config,
		pollNeeds(config, false),
		old,
		expected,
		startedAt,
	);
	const events = complete.events;
	const next = complete.commit(key, new Date(startedAt).toISOString());
	// Committed in one assignment, after everything that can fail. Another poll that
	// committed meanwhile already reported these changes: this one's are dropped.
	if (staticData.state !== saved) return [];
	staticData.state = next as unknown as IDataObject;
	return events;
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

/**
 * Reads every page of the list (or saved view), comparing each entry with `old` as it comes,
 * then reports the removed entries. Nothing is saved: the caller commits the run. `onEntry` sees
 * each entry once (a manual run keeps the few it shows).
 */
export async function snapshotRead(
	ctx: IPollFunctions,
	config: TriggerConfig,
	needs: PollNeeds,
	old: DecodedState | undefined,
	expected: number,
	startedAt: number,
	onEntry?: (entry: ApiListEntry) => void,
): Promise<PollRun> {
	const context = eventContext(config);
	const budget = new PollBudget(ctx, startedAt);
	let run: PollRun | undefined;
	let apiStartedAt: number | undefined;
	await affinityPaginate.call(ctx, entriesRequest(config, needs), {
		quotaGuard: triggerPagingGuard(ctx),
		onPage: async (page) => {
			apiStartedAt ??= page.serverTime;
			for (const entry of page.data) {
				if (!isListEntry(entry)) continue;
				if (config.completeMultiValues) await completeEntryValues(ctx, config.listId, entry);
				run ??= new PollRun(ctx.getNode(), needs, context, old, entry, expected);
				if (run.visit(entry)) onEntry?.(entry);
			}
			budget.afterPage(Boolean(page.nextUrl), run?.count ?? 0);
			return true;
		},
	});
	const complete = run ?? new PollRun(ctx.getNode(), needs, context, old, undefined, expected);
	complete.apiStartedAt = apiStartedAt;
	await complete.removals((entityType, ids) => lookupNames(ctx, entityType, ids));
	return complete;
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
 * n8n's time limit for a poll, when it sets one: the poll stops while it can still end on its
 * own (two of the slowest pages and a reserve in hand) rather than be cut off.
 */
class PollBudget {
	private readonly budgetMs: number | undefined;
	private slowestPageMs = 0;
	private pageStarted: number;

	constructor(
		private readonly ctx: IPollFunctions,
		private readonly startedAt: number,
	) {
		this.budgetMs = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : undefined;
		this.pageStarted = startedAt;
	}

	/** After each page; throws when another page would not fit. `read`: entries read so far. */
	afterPage(more: boolean, read: number): void {
		const now = Date.now();
		this.slowestPageMs = Math.max(this.slowestPageMs, now - this.pageStarted);
		this.pageStarted = now;
		const budgetMs = this.budgetMs;
		if (budgetMs === undefined || !more) return;
		if (now - this.startedAt + 2 * this.slowestPageMs + BUDGET_RESERVE_MS <= budgetMs) return;
		throw new NodeOperationError(
			this.ctx.getNode(),
			`The poll stopped before n8n's time limit for a poll (${Math.round(budgetMs / 1000)} s), after reading ${read} entries`,
			{
				description:
					'Nothing was saved, so the next poll compares with the last complete one again: no change is lost. If this repeats, the list takes longer to read than n8n allows a poll: watch a saved view with fewer entries, or ask the n8n admin for a longer poll budget.',
			},
		);
	}
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
			// The transport throws NodeApiErrors that already say what went wrong.
			const failure =
				error instanceof NodeApiError
					? error
					: new NodeOperationError(ctx.getNode(), error as Error);
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
