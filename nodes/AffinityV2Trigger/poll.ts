import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { toStringList } from '../AffinityV2/helpers/stringList';
import type { ApiEntity, ApiField, ApiListEntry } from '../AffinityV2/helpers/types';
import { affinityPaginate, validateId, type AffinityRequest } from '../AffinityV2/transport';
import { TRIGGER_EVENTS, type TriggerEvent } from './description';
import { Differ } from './helpers/diff';
import { entityName, entryEvent, removedEvent, type EventContext } from './helpers/events';
import { decodeState, isTriggerState, SnapshotBuilder, storableEntityId, type DecodedState, type SavedState } from './helpers/state';

export interface TriggerConfig {
	listId: number;
	savedViewId?: number;
	event: TriggerEvent;
	/** Watched field ids; empty: every field the list (or the view) returns. */
	watchedIds: string[];
	emitCurrentEntries: boolean;
	includeEntry: boolean;
	keepPreviousValues: boolean;
}

/** How many of the latest entries a manual "Fetch Test Event" shows when nothing changed. */
export const SAMPLE_SIZE = 5;

/** Time kept in hand at the end of n8n's poll budget, besides two of the slowest pages. */
const BUDGET_RESERVE_MS = 1000;

const ENTITY_PATHS: Record<string, string> = {
	company: '/v2/companies',
	person: '/v2/persons',
	opportunity: '/v2/opportunities',
};

/** Polls of one trigger node running in this process: a poll never overlaps the previous one. */
const inFlight = new Set<string>();

export function readConfig(ctx: IPollFunctions): TriggerConfig {
	const node = ctx.getNode();
	const listId = validateId(node, ctx.getNodeParameter('listId', undefined, { extractValue: true }), 'List ID', 'int64');
	const watch = ctx.getNodeParameter('watch', 'list') as string;
	const savedViewId =
		watch === 'savedView'
			? validateId(node, ctx.getNodeParameter('savedViewId', undefined, { extractValue: true }), 'Saved View ID', 'int64')
			: undefined;
	const event = ctx.getNodeParameter('event', 'anyChange') as TriggerEvent;
	if (!TRIGGER_EVENTS.includes(event)) {
		throw new NodeOperationError(node, `Invalid Event: got "${String(event)}"`, {
			description: `Event must be one of ${TRIGGER_EVENTS.join(', ')}.`,
		});
	}
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return {
		listId,
		savedViewId,
		event,
		watchedIds: [...new Set(toStringList(ctx.getNodeParameter('watchedFieldIds', [])))],
		emitCurrentEntries: options.emitCurrentEntries === true,
		includeEntry: options.includeEntry === true,
		keepPreviousValues: options.keepPreviousValues === true,
	};
}

/** What identifies the entries a state describes: another list or view is a new baseline. */
export function stateKey(config: Pick<TriggerConfig, 'listId' | 'savedViewId'>): string {
	return `list:${config.listId}|view:${config.savedViewId ?? ''}`;
}

interface Layout {
	/** The fields events report on, in order; the first `tracked` of them are fingerprinted. */
	fieldIds: string[];
	names: Map<string, string>;
	tracked: number;
}

function emptyField(id: string, name: string): ApiField {
	return { id, name, type: 'list', enrichmentSource: null, value: { type: 'text', data: null } };
}

/**
 * One poll: reads every page of the list (or saved view), compares each entry with the saved
 * state as it comes and collects the events; only when the last page has been read and every
 * event built is the new state written. A failure anywhere leaves the saved state exactly as
 * it was, so the next poll reports everything since the last complete one. A manual run
 * ("Fetch Test Event") never writes the state.
 */
export async function pollTrigger(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const config = readConfig(this);
	const manual = this.getMode() === 'manual';
	const guard = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
	if (!manual) {
		// n8n may start a poll while the previous one still runs (a large list, a slow API):
		// both would compare with the same state and report the same events twice.
		if (inFlight.has(guard)) return null;
		inFlight.add(guard);
	}
	try {
		const events = await runPoll(this, config, manual);
		return events.length ? [this.helpers.returnJsonArray(events)] : null;
	} finally {
		if (!manual) inFlight.delete(guard);
	}
}

async function runPoll(ctx: IPollFunctions, config: TriggerConfig, manual: boolean): Promise<IDataObject[]> {
	const node = ctx.getNode();
	const startedAt = Date.now();
	const budgetMs = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : undefined;
	const staticData = ctx.getWorkflowStaticData('node');
	const saved = staticData.state as SavedState | undefined;
	const key = stateKey(config);
	let old = isTriggerState(saved) && saved.key === key ? readState(ctx, saved) : undefined;
	const baseline = !old;

	const { event, listId, savedViewId, watchedIds } = config;
	const wantsAdded = event === 'listEntryAdded' || event === 'anyChange';
	const wantsRemoved = event === 'listEntryRemoved' || event === 'anyChange';
	const wantsChanged = event === 'fieldValueChanged' || event === 'anyChange';
	// Values are kept only where an event shows them as `previous`: changes and removals.
	const keepValues = config.keepPreviousValues && (wantsChanged || wantsRemoved);
	const trackFields = wantsChanged || keepValues;
	const needFields = trackFields || wantsAdded || config.includeEntry || manual;
	const eventContext: EventContext = { listId, savedViewId, includeEntry: config.includeEntry };

	const request: AffinityRequest =
		savedViewId !== undefined
			? {
					method: 'GET',
					path: `/v2/lists/${listId}/saved-views/${savedViewId}/list-entries`,
					subject: `saved view with ID ${savedViewId} on list ${listId}`,
				}
			: {
					method: 'GET',
					path: `/v2/lists/${listId}/list-entries`,
					qs: needFields ? (watchedIds.length ? { fieldIds: watchedIds } : { fieldTypes: ['list'] }) : {},
					subject: `list with ID ${listId}`,
					parameterNames: { fieldIds: 'Watched Field Names or IDs' },
				};

	let layout: Layout | undefined;
	let builder: SnapshotBuilder | undefined;
	let differ: Differ | undefined;
	let seen: Set<number> | undefined;
	let lastId = -1;
	let count = 0;
	const events: IDataObject[] = [];
	const sample: ApiListEntry[] = [];
	let slowestPageMs = 0;
	let pageStarted = startedAt;

	const reportFields = (entry: ApiListEntry): ApiField[] => {
		const own = entry.entity?.fields ?? [];
		const { fieldIds, names } = layout as Layout;
		// The API returns the same fields in the same order for every entry: take them as they
		// come, and look them up by id only when they do not line up.
		let aligned = own.length === fieldIds.length;
		for (let i = 0; aligned && i < own.length; i++) aligned = own[i].id === fieldIds[i];
		if (aligned) return own;
		const byId = new Map(own.map((f) => [f.id, f]));
		return fieldIds.map((id) => byId.get(id) ?? emptyField(id, names.get(id) ?? id));
	};

	const begin = (first: ApiListEntry | undefined): void => {
		const returned = first?.entity?.fields ?? [];
		const names = new Map(returned.map((f) => [f.id, f.name]));
		if (first && savedViewId !== undefined) {
			const missing = watchedIds.filter((id) => !names.has(id));
			if (missing.length) {
				throw new NodeOperationError(node, `Watched field ${missing.map((id) => `"${id}"`).join(', ')} is not a column of saved view ${savedViewId}`, {
					description: 'A saved view returns only its own columns. Add the field to the view in Affinity, or remove it from Watched Fields.',
				});
			}
		}
		const fieldIds = watchedIds.length ? watchedIds : returned.map((f) => f.id);
		layout = { fieldIds, names, tracked: trackFields ? fieldIds.length : 0 };
		// Sized for the previous poll's count, so that the arrays are not grown and copied as pages come.
		builder = new SnapshotBuilder(
			fieldIds.slice(0, layout.tracked).map((id) => ({ id, keepValues })),
			isTriggerState(saved) ? saved.count : 0,
		);
		differ = new Differ(old, fieldIds.slice(0, layout.tracked));
	};

	const visit = (entry: ApiListEntry): void => {
		if (!entry || typeof entry.id !== 'number') return;
		// Pages come in ascending id order, so an id at or below the last one is a repeat or
		// out of order: only then are ids kept in a set, to never count an entry twice.
		if (entry.id <= lastId) {
			seen ??= new Set((builder as SnapshotBuilder).entryIds());
			if (seen.has(entry.id)) return;
		}
		seen?.add(entry.id);
		lastId = Math.max(lastId, entry.id);
		count++;
		if (!layout) begin(entry);
		const fields = reportFields(entry);
		const hashes = (builder as SnapshotBuilder).add(entry.id, storableEntityId(entry.entity?.id), fields);
		if (!(builder as SnapshotBuilder).entityType && typeof entry.type === 'string') (builder as SnapshotBuilder).entityType = entry.type;

		if (manual && needFields) {
			sample.push(entry);
			if (sample.length > SAMPLE_SIZE * 4) keepLatest(sample);
		}
		if (baseline) {
			if (config.emitCurrentEntries && !manual) events.push(entryEvent('listEntryAdded', entry, fields, eventContext));
			return;
		}
		const comparison = (differ as Differ).compare(entry.id, hashes);
		if (comparison.kind === 'added' && wantsAdded) {
			events.push(entryEvent('listEntryAdded', entry, fields, eventContext));
		} else if (comparison.kind === 'changed' && wantsChanged) {
			const { row } = comparison;
			events.push(
				entryEvent('fieldValueChanged', entry, fields, eventContext, {
					changed: comparison.fields,
					previous: (fieldId) => (differ as Differ).previousValue(row, fieldId),
				}),
			);
		}
	};

	await affinityPaginate.call(ctx, request, {
		onPage: (page) => {
			for (const entry of page.data as ApiListEntry[]) visit(entry);
			const now = Date.now();
			slowestPageMs = Math.max(slowestPageMs, now - pageStarted);
			pageStarted = now;
			if (budgetMs !== undefined && page.nextUrl && now - startedAt + 2 * slowestPageMs + BUDGET_RESERVE_MS > budgetMs) {
				throw new NodeOperationError(
					node,
					`The poll stopped before n8n's time limit for a poll (${Math.round(budgetMs / 1000)} s), after reading ${count} entries`,
					{
						description:
							'Nothing was saved, so the next poll compares with the last complete one again: no change is lost. If this repeats, the list takes longer to read than n8n allows a poll: watch a saved view with fewer entries, or ask the n8n admin for a longer poll budget.',
					},
				);
			}
			return true;
		},
	});
	if (!layout) begin(undefined);

	if (!baseline && wantsRemoved) {
		const gone = (differ as Differ).removedRows();
		if (gone.length) {
			const d = differ as Differ;
			const entityType = old?.entityType || (builder as SnapshotBuilder).entityType;
			const names = await lookupNames(ctx, entityType, gone.map((row) => d.entityId(row)));
			const kept = d.keptFields().filter((id) => !watchedIds.length || watchedIds.includes(id));
			for (const row of gone) {
				const entityId = d.entityId(row);
				events.push(
					removedEvent(
						eventContext,
						d.entryId(row),
						entityType,
						entityId,
						names.get(entityId) ?? null,
						kept.map((fieldId) => ({ fieldId, fieldName: (layout as Layout).names.get(fieldId) ?? fieldId, value: d.previousValue(row, fieldId).value })),
					),
				);
			}
		}
	}

	if (manual) return events.length ? events : sampleEvents(config, keepLatest(sample), reportFields, eventContext);

	// The previous state is no longer needed: let its memory go before the new one is encoded.
	old = undefined;
	differ = undefined;
	const next = (builder as SnapshotBuilder).encode(key, new Date(startedAt).toISOString());
	// Committed in one assignment, after everything that can fail. Another poll that
	// committed meanwhile already reported these changes: this one's are dropped.
	if (staticData.state !== saved) return [];
	staticData.state = next as unknown as IDataObject;
	return events;
}

/**
 * The previous poll's state, or undefined (a new baseline) if it cannot be read: failing every
 * poll on a damaged state would stop the trigger for good, and what it lost is lost either way.
 */
function readState(ctx: IPollFunctions, saved: SavedState): DecodedState | undefined {
	try {
		return decodeState(saved);
	} catch (error) {
		ctx.logger.warn(`Affinity v2 Trigger: the saved state could not be read (${(error as Error).message}); starting a new baseline`);
		return undefined;
	}
}

/** Keeps the SAMPLE_SIZE entries with the highest ids (the latest added), newest first. */
function keepLatest(entries: ApiListEntry[]): ApiListEntry[] {
	entries.sort((a, b) => b.id - a.id);
	entries.length = Math.min(entries.length, SAMPLE_SIZE);
	return entries;
}

/** Test events for a manual run when nothing changed: the latest entries, shaped as the chosen event. */
function sampleEvents(config: TriggerConfig, entries: ApiListEntry[], fieldsOf: (entry: ApiListEntry) => ApiField[], ctx: EventContext): IDataObject[] {
	return entries.map((entry) => {
		const fields = fieldsOf(entry);
		switch (config.event) {
			case 'listEntryRemoved':
				return removedEvent(ctx, entry.id, entry.type, entry.entity?.id ?? 0, entityName(entry.entity), []);
			case 'fieldValueChanged':
				return entryEvent('fieldValueChanged', entry, fields, ctx, { previous: () => ({ known: false }) });
			default:
				return entryEvent('listEntryAdded', entry, fields, ctx);
		}
	});
}

/**
 * Names of removed entries' companies, persons or opportunities, 100 per request. The entries
 * are gone, so their names come from the entities. A key that may not read the directory
 * (403) or an entity deleted since gives no name rather than a failed poll.
 */
async function lookupNames(ctx: IPollFunctions, entityType: string, ids: number[]): Promise<Map<number, string>> {
	const names = new Map<number, string>();
	const path = ENTITY_PATHS[entityType];
	const unique = [...new Set(ids)].filter((id) => id > 0);
	if (!path) return names;
	for (let i = 0; i < unique.length; i += 100) {
		try {
			await affinityPaginate.call(
				ctx,
				{ method: 'GET', path, qs: { ids: unique.slice(i, i + 100) } },
				{
					onPage: (page) => {
						for (const entity of page.data as ApiEntity[]) names.set(entity.id, entityName(entity));
					},
				},
			);
		} catch (error) {
			// The transport throws NodeApiErrors that already say what went wrong.
			const failure = error instanceof NodeApiError ? error : new NodeOperationError(ctx.getNode(), error as Error);
			if (failure instanceof NodeApiError && (failure.httpCode === '403' || failure.httpCode === '404')) return names;
			throw failure;
		}
	}
	return names;
}
