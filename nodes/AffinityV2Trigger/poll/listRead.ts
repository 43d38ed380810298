import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ApiListEntry } from '../../AffinityV2/helpers/types';
import { triggerPagingGuard } from '../../AffinityV2/api/quotaGuard';
import { affinityPaginate, affinityRequest } from '../../AffinityV2/transport';
import { pollBudget, type PollBudget } from './budget';
import { completeEntryValues } from './allValues';
import { entriesRequest, isListEntry, lookupNames, nodeError } from './listEntries';
import { eventContext, stateKey as stateKeyOf, type TriggerConfig } from '../config';
import { PollRun, reportedFields, type PollNeeds, type ReportedFields } from './pollRun';
import { decodeState, isTriggerState, type DecodedState, type TriggerState } from '../state';

/**
 * A read of the whole list (or saved view) that may span several polls. n8n's durable scheduler
 * gives a poll a time limit; a list that takes longer to read is read in parts, one part a poll,
 * each poll going on from where the last one stopped (`next`, the API's own next-page link).
 * What was read so far is kept as a state (`partial`, encoded as the saved snapshot is) beside
 * the saved snapshot it is compared with, and is committed by n8n with the poll. A detection
 * keeps what it needs beside it (change-log detection: changeLogState.ts's ChangeLogReadProgress).
 */
export interface ReadProgress {
	/** The list, view, fields and options the read is for: anything else starts a new read. */
	key: string;
	/** The check of the saved snapshot the read compares with (0: none, a new baseline). */
	against: number;
	/** When the read began (n8n's clock): the new state's poll time. */
	startedAt: string;
	/** The API's clock when the read's first page came, when it said. */
	apiStartedAt?: number;
	/** The page to read next (a path under the base URL); null once every page is read. */
	next: string | null;
	/** Polls the read has spanned so far, this one included. */
	polls: number;
	fields: ReportedFields;
	/** The entries read so far. */
	partial: TriggerState;
	/** Every page read and the removals settled (a reconciliation waiting for the log). */
	compared?: boolean;
	/** Entries of the saved snapshot looked up after the read and found gone. */
	gone?: number[];
	/** Names of removed entries' records read so far, by record id (null: none found). */
	names?: Record<string, string | null>;
}

export interface ListRead {
	run: PollRun;
	/** What completeComparison settled so far (kept with the progress). */
	settled: Required<Pick<ReadProgress, 'compared' | 'gone' | 'names'>>;
	/** Every page is read: the comparison can be completed. */
	complete: boolean;
	/** Polls the read has spanned, this one included. */
	polls: number;
	/** When the read began: the poll time of the state it makes. */
	startedAt: string;
	/** The API's clock when the read's first page came, when it said. */
	apiStartedAt?: number;
	/** The progress to keep when the poll ends before the comparison is completed. */
	progress(): ReadProgress;
}

/** What makes a read's progress belong to this trigger's settings. */
function progressKey(stateKey: string, needs: PollNeeds): string {
	const tracked = needs.trackFields ? (needs.keepValues ? 'values' : 'hashes') : 'ids';
	return `${stateKey}|${tracked}|fields:${needs.watchedIds.join(',')}`;
}

/** The check of a saved snapshot, the identity a read in progress is compared against. */
export function checkOf(saved: unknown): number {
	return isTriggerState(saved) ? saved.check : 0;
}

/**
 * The progress of a read for these settings (`stateKey` of the list and view, `needs`) compared
 * with this saved snapshot (`against`, its check), or undefined.
 */
export function readProgress<Progress extends ReadProgress = ReadProgress>(
	saved: unknown,
	stateKey: string,
	needs: PollNeeds,
	against: number,
): Progress | undefined {
	const p = saved as Progress | null | undefined;
	const key = progressKey(stateKey, needs);
	if (!p || typeof p !== 'object' || p.key !== key || p.against !== against) return undefined;
	if (typeof p.startedAt !== 'string' || !Array.isArray(p.fields?.ids)) return undefined;
	if (p.next !== null && typeof p.next !== 'string') return undefined;
	return isTriggerState(p.partial) ? p : undefined;
}

function isRefusedResume(error: unknown): boolean {
	return (
		error instanceof NodeApiError && ['400', '404', '410', '422'].includes(error.httpCode ?? '')
	);
}

/**
 * Reads the list from where `progress` stopped (or from its start), comparing each entry with
 * `old` as it comes, until the last page or until another page would not fit in the budget with
 * `keepMs` left for what follows. The run's events are this poll's; removals are the caller's,
 * once the read is complete. A next-page link the API no longer takes (an expired cursor) starts
 * the pages again: entries already read are skipped, never compared twice.
 */
export async function readList(
	this: IPollFunctions,
	config: TriggerConfig,
	needs: PollNeeds,
	old: DecodedState | undefined,
	against: number,
	stateKey: string,
	progress: ReadProgress | undefined,
	budget: PollBudget,
	options: { keepMs?: number; onEntry?: (entry: ApiListEntry) => void } = {},
): Promise<ListRead> {
	const { keepMs = 0, onEntry } = options;
	const context = eventContext(config);
	const expected = old?.count ?? 0;
	let run: PollRun | undefined;
	if (progress) {
		run = new PollRun(needs, context, old, progress.fields, expected);
		run.resume(decodeState(progress.partial) as DecodedState);
	}
	const startedAt = progress?.startedAt ?? new Date(budget.startedAt).toISOString();
	let apiStartedAt = progress?.apiStartedAt;
	const settled = {
		compared: progress?.compared ?? false,
		gone: [...(progress?.gone ?? [])],
		names: { ...(progress?.names ?? {}) },
	};
	if (progress?.next === null) {
		const polls = progress.polls + 1;
		return {
			run: run as PollRun,
			settled,
			complete: true,
			polls,
			startedAt,
			apiStartedAt,
			progress: () => ({
				...progress,
				...settled,
				polls,
				partial: (run as PollRun).partial(stateKey, startedAt),
			}),
		};
	}
	let next: string | null = null;
	const request = entriesRequest(config, needs);
	const readFrom = async (resumeFrom: string | undefined) =>
		await affinityPaginate.call(this, request, {
			quotaGuard: triggerPagingGuard.call(this),
			resumeFrom,
			onPage: async (page) => {
				budget.callDone();
				apiStartedAt ??= page.serverTime;
				for (const entry of page.data as ApiListEntry[]) {
					if (!isListEntry(entry)) continue;
					if (config.completeMultiValues)
						await completeEntryValues.call(this, config.listId, entry);
					run ??= new PollRun(
						needs,
						context,
						old,
						reportedFields(this.getNode(), needs, entry),
						expected,
					);
					if (run.visit(entry)) onEntry?.(entry);
				}
				next = page.resumePath ?? null;
				// Another page must fit, with time left for what follows it in this poll.
				if (next !== null && !budget.fits(2, keepMs)) return false;
				next = null;
				return true;
			},
		});
	try {
		await readFrom(progress?.next ?? undefined);
	} catch (error) {
		const failure = nodeError.call(this, error);
		if (!progress?.next || !isRefusedResume(failure)) throw failure;
		this.logger.warn(
			`Affinity v2 Trigger: the list's next page could not be read any more (${failure.message}); reading it again from its first page, skipping what was read`,
		);
		await readFrom(undefined);
	}
	const done =
		run ??
		new PollRun(needs, context, old, reportedFields(this.getNode(), needs, undefined), expected);
	const polls = (progress?.polls ?? 0) + 1;
	const progressNow = (): ReadProgress => ({
		...(progress ?? {}),
		key: progressKey(stateKey, needs),
		against,
		startedAt,
		apiStartedAt,
		next,
		polls,
		fields: done.fields,
		partial: done.partial(stateKey, startedAt),
		...settled,
	});
	return {
		run: done,
		settled,
		complete: next === null,
		polls,
		startedAt,
		apiStartedAt,
		progress: progressNow,
	};
}

/** Removed entries whose names a call reads at once (GET /v2/companies?ids=…: 100 ids). */
const NAMES_A_CALL = 100;

/**
 * Completes the comparison of a read whose every page is read: the entries of the saved snapshot
 * it did not see are removed. When the read spanned polls, each such entry is first looked up
 * (GET /v2/lists/{listId}/list-entries/{listEntryId}): one still on the list was passed over
 * while the pages moved under a read that lasted minutes, and is compared now instead. Then the
 * removed entries' names are read. Each call is made only if it fits in the poll's budget with
 * `keepMs` left: false when the poll must end first, and the next poll goes on from there (what
 * was settled is kept with the progress).
 */
export async function completeComparison(
	this: IPollFunctions,
	config: TriggerConfig,
	needs: PollNeeds,
	read: ListRead,
	budget: PollBudget,
	keepMs = 0,
): Promise<boolean> {
	const { run, settled } = read;
	if (settled.compared) return true;
	if (read.polls > 1 && config.savedViewId === undefined) {
		const request = entriesRequest(config, { ...needs, fields: true });
		const gone = new Set(settled.gone);
		for (const id of run.unseenEntryIds()) {
			if (gone.has(id)) continue;
			if (!budget.fits(2, keepMs)) return false;
			budget.callStarting();
			const entry = await stillOnList.call(this, config, request.qs ?? {}, id);
			budget.callDone();
			if (entry) run.visit(entry);
			else settled.gone.push(id);
		}
	}
	const { entityType, entityIds } = run.removedRecords();
	const unnamed = [...new Set(entityIds)].filter((id) => !(String(id) in settled.names));
	for (let i = 0; i < unnamed.length; i += NAMES_A_CALL) {
		if (!budget.fits(2, keepMs)) return false;
		const ids = unnamed.slice(i, i + NAMES_A_CALL);
		budget.callStarting();
		const names = await lookupNames.call(this, entityType, ids);
		budget.callDone();
		for (const id of ids) settled.names[String(id)] = names.get(id) ?? null;
	}
	await run.removals(async () => {
		const names = new Map<number, string>();
		for (const [id, name] of Object.entries(settled.names))
			if (name !== null) names.set(Number(id), name);
		return names;
	});
	settled.compared = true;
	return true;
}

/** The entry, if it is still on the list (404: removed). */
async function stillOnList(
	this: IPollFunctions,
	config: TriggerConfig,
	qs: IDataObject,
	listEntryId: number,
): Promise<ApiListEntry | undefined> {
	try {
		const response = await affinityRequest.call(this, {
			method: 'GET',
			path: `/v2/lists/${config.listId}/list-entries/${listEntryId}`,
			qs,
			subject: `list entry ${listEntryId}`,
		});
		return isListEntry(response.body) ? response.body : undefined;
	} catch (error) {
		const failure = nodeError.call(this, error);
		if (failure instanceof NodeApiError && failure.httpCode === '404') return undefined;
		throw failure;
	}
}

/**
 * A whole read within one poll, for a manual run ("Fetch Test Event"), which keeps nothing: a
 * list that does not fit in n8n's time limit for a poll is refused with what to do about it.
 */
export async function snapshotRead(
	this: IPollFunctions,
	config: TriggerConfig,
	needs: PollNeeds,
	old: DecodedState | undefined,
	startedAt: number,
	onEntry?: (entry: ApiListEntry) => void,
): Promise<PollRun> {
	const budget = pollBudget.call(this, startedAt);
	const read = await readList.call(
		this,
		config,
		needs,
		old,
		0,
		stateKeyOf(config),
		undefined,
		budget,
		{
			onEntry,
		},
	);
	if (!read.complete) {
		throw new NodeOperationError(
			this.getNode(),
			`The list takes longer to read than n8n's time limit for a poll (${Math.round((budget.limitMs ?? 0) / 1000)} s): ${read.run.count} entries read`,
			{
				description:
					'An active trigger reads such a list over several polls; a test event must read it at once. Watch a saved view with fewer entries to test, or activate the workflow.',
			},
		);
	}
	await read.run.removals((entityType, ids) => lookupNames.call(this, entityType, ids));
	return read.run;
}
