import { randomUUID } from 'node:crypto';

import type { Company, MergeState, MergeTask, Person, StoredValue } from './model';
import type { EmulatorServices } from './context';
import { ApiError } from './http';
import type { Store } from './store';

/**
 * Person and company merges, as the emulator runs them (the API describes them as
 * asynchronous; what a merge does to the data is our reading of "all data from the duplicate
 * is transferred to the primary, then the duplicate is deleted"):
 *
 * - The merge is `in-progress` for `settings.mergeDurationMs`, then ends `success` or (with
 *   `settings.mergeOutcome: 'failed'`, or when a record vanished meanwhile) `failed` with an
 *   errorMessage. Its task (one merge per task, as POST creates them) follows its state.
 * - On success the duplicate disappears (reads give 404). The primary keeps its own values and
 *   takes the duplicate's where it has none; multi-valued fields get the union. Email
 *   addresses (persons) and domains (companies) are united; the primary's main one stays.
 * - The duplicate's list entries move to the primary (same entry ids, same list values; a list
 *   may then hold the primary twice, as Affinity allows). Person and company values that
 *   referenced the duplicate now reference the primary; so do notes, mentions, interaction
 *   participants and a user's own person record.
 */

export type MergeKind = 'person' | 'company';

export function taskPath(kind: MergeKind): string {
	return kind === 'person' ? '/v2/tasks/person-merges' : '/v2/tasks/company-merges';
}

/** A merge that is still running and involves this record, if any. */
export function runningMergeOf(
	store: Store,
	kind: MergeKind,
	recordId: number,
): MergeState | undefined {
	for (const merge of store.merges.values()) {
		if (
			merge.entityType === kind &&
			merge.status === 'in-progress' &&
			(merge.primaryId === recordId || merge.duplicateId === recordId)
		)
			return merge;
	}
	return undefined;
}

export function startMerge(
	emulator: EmulatorServices,
	kind: MergeKind,
	primaryId: number,
	duplicateId: number,
	userId: number,
): { merge: MergeState; task: MergeTask } {
	const store = emulator.store;
	const task: MergeTask = { id: randomUUID(), entityType: kind, mergeIds: [] };
	const merge: MergeState = {
		id: store.nextId('merge', 1),
		entityType: kind,
		status: 'in-progress',
		taskId: task.id,
		startedAt: new Date().toISOString(),
		completedAt: null,
		primaryId,
		duplicateId,
		errorMessage: null,
		userId,
	};
	task.mergeIds.push(merge.id);
	store.merges.set(merge.id, merge);
	store.mergeTasks.set(task.id, task);
	store.touch();
	const { mergeDurationMs, mergeOutcome } = emulator.settings;
	emulator.later(Math.max(0, Number(mergeDurationMs) || 0), () =>
		finishMerge(store, merge, mergeOutcome),
	);
	return { merge, task };
}

function finishMerge(store: Store, merge: MergeState, outcome: 'success' | 'failed'): void {
	const kind = merge.entityType;
	const label = kind === 'person' ? 'person' : 'company';
	const records = kind === 'person' ? store.persons : store.companies;
	merge.completedAt = new Date().toISOString();
	if (!records.has(merge.primaryId)) {
		merge.status = 'failed';
		merge.errorMessage = `Primary ${label} not found`;
	} else if (!records.has(merge.duplicateId)) {
		merge.status = 'failed';
		merge.errorMessage = `Duplicate ${label} not found`;
	} else if (outcome === 'failed') {
		merge.status = 'failed';
		merge.errorMessage = `The ${label}s could not be merged; nothing was changed`;
	} else {
		applyMerge(store, kind, merge.primaryId, merge.duplicateId);
		merge.status = 'success';
	}
	store.touch();
}

export function taskStatus(
	store: Store,
	task: MergeTask,
): {
	status: MergeState['status'];
	resultsSummary: { total: number; inProgress: number; success: number; failed: number };
} {
	const merges = task.mergeIds
		.map((id) => store.merges.get(id))
		.filter((m): m is MergeState => !!m);
	const count = (status: MergeState['status']) => merges.filter((m) => m.status === status).length;
	const summary = {
		total: merges.length,
		inProgress: count('in-progress'),
		success: count('success'),
		failed: count('failed'),
	};
	const status = summary.inProgress > 0 ? 'in-progress' : summary.failed > 0 ? 'failed' : 'success';
	return { status, resultsSummary: summary };
}

export function renderMerge(merge: MergeState): Record<string, unknown> {
	const [primary, duplicate] =
		merge.entityType === 'person'
			? ['primaryPersonId', 'duplicatePersonId']
			: ['primaryCompanyId', 'duplicateCompanyId'];
	return {
		id: merge.id,
		status: merge.status,
		taskId: merge.taskId,
		startedAt: merge.startedAt,
		completedAt: merge.completedAt,
		[primary]: merge.primaryId,
		[duplicate]: merge.duplicateId,
		errorMessage: merge.errorMessage,
	};
}

export function renderTask(store: Store, task: MergeTask): Record<string, unknown> {
	return { id: task.id, ...taskStatus(store, task) };
}

// ---------------------------------------------------------------------------------------------
// What a successful merge does to the data

const REFERENCE_TYPES: Record<MergeKind, [string, string]> = {
	person: ['person', 'person-multi'],
	company: ['company', 'company-multi'],
};

function valueKey(item: unknown): string {
	return JSON.stringify(item);
}

/** The union of two multi values, first's items first, without repeats. */
function union(a: unknown[], b: unknown[]): unknown[] {
	const seen = new Set(a.map(valueKey));
	return [
		...a,
		...b.filter((item) => !seen.has(valueKey(item)) && (seen.add(valueKey(item)), true)),
	];
}

function mergeValues(primary: Map<string, StoredValue>, duplicate: Map<string, StoredValue>): void {
	for (const [fieldId, value] of duplicate) {
		const own = primary.get(fieldId);
		if (!own || own.data === null) primary.set(fieldId, value);
		else if (Array.isArray(own.data) && Array.isArray(value.data))
			primary.set(fieldId, {
				type: own.type,
				data: union(own.data, value.data) as StoredValue['data'],
			});
	}
}

/** Re-points references to the duplicate at the primary in one record's values. */
function repoint(
	values: Map<string, StoredValue>,
	kind: MergeKind,
	from: number,
	to: number,
): void {
	const [single, multi] = REFERENCE_TYPES[kind];
	for (const [fieldId, value] of values) {
		if (value.type === single && value.data && (value.data as { id: number }).id === from) {
			values.set(fieldId, { type: value.type, data: { id: to } });
		} else if (
			value.type === multi &&
			Array.isArray(value.data) &&
			(value.data as Array<{ id: number }>).some((r) => r.id === from)
		) {
			const ids = (value.data as Array<{ id: number }>).map((r) => (r.id === from ? to : r.id));
			values.set(fieldId, { type: value.type, data: [...new Set(ids)].map((id) => ({ id })) });
		} else if (
			value.type === 'interaction' &&
			kind === 'person' &&
			value.data &&
			typeof value.data === 'object'
		) {
			const interaction = value.data as { participantPersonIds?: number[] };
			if (interaction.participantPersonIds?.includes(from)) {
				interaction.participantPersonIds = [
					...new Set(interaction.participantPersonIds.map((id) => (id === from ? to : id))),
				];
			}
		}
	}
}

function swapIds(ids: number[], from: number, to: number): number[] {
	return ids.includes(from) ? [...new Set(ids.map((id) => (id === from ? to : id)))] : ids;
}

export function applyMerge(
	store: Store,
	kind: MergeKind,
	primaryId: number,
	duplicateId: number,
): void {
	if (kind === 'person') {
		const primary = store.persons.get(primaryId) as Person;
		const duplicate = store.persons.get(duplicateId) as Person;
		mergeValues(primary.values, duplicate.values);
		primary.emailAddresses = [...new Set([...primary.emailAddresses, ...duplicate.emailAddresses])];
		primary.primaryEmailAddress ??= duplicate.primaryEmailAddress;
		if (duplicate.type === 'internal') primary.type = 'internal';
		store.persons.delete(duplicateId);
		for (const user of store.users.values())
			if (user.personId === duplicateId) user.personId = primaryId;
	} else {
		const primary = store.companies.get(primaryId) as Company;
		const duplicate = store.companies.get(duplicateId) as Company;
		mergeValues(primary.values, duplicate.values);
		primary.domains = [...new Set([...primary.domains, ...duplicate.domains])];
		primary.domain ??= duplicate.domain;
		primary.isGlobal = primary.isGlobal || duplicate.isGlobal;
		store.companies.delete(duplicateId);
	}
	for (const entry of store.entries.values()) {
		if (entry.entityType === kind && entry.entityId === duplicateId) entry.entityId = primaryId;
		repoint(entry.values, kind, duplicateId, primaryId);
	}
	for (const person of store.persons.values()) repoint(person.values, kind, duplicateId, primaryId);
	for (const company of store.companies.values())
		repoint(company.values, kind, duplicateId, primaryId);
	for (const note of store.notes.values()) {
		if (kind === 'person') {
			note.personIds = swapIds(note.personIds, duplicateId, primaryId);
			note.mentionedPersonIds = swapIds(note.mentionedPersonIds, duplicateId, primaryId);
			if (note.creatorPersonId === duplicateId) note.creatorPersonId = primaryId;
			if (note.interaction)
				note.interaction.participantPersonIds = swapIds(
					note.interaction.participantPersonIds,
					duplicateId,
					primaryId,
				);
		} else {
			note.companyIds = swapIds(note.companyIds, duplicateId, primaryId);
		}
	}
	store.touch();
}

/**
 * The answer to reading a record a merge removed: live, a 422 naming the record it went into
 * (its code is not recorded; the description's 422 is `UnprocessableEntityError`) ("<sourceId> no longer exists as it has been merged into <targetId>"); with
 * `mergedReads: 404`, undefined (the caller's plain 404).
 */
export function mergedAwayError(
	emulator: EmulatorServices,
	kind: MergeKind,
	recordId: number,
): ApiError | undefined {
	if (emulator.settings.mergedReads === 404) return undefined;
	for (const merge of emulator.store.merges.values())
		if (merge.entityType === kind && merge.status === 'success' && merge.duplicateId === recordId)
			return new ApiError(
				422,
				'unprocessable-entity',
				`${recordId} no longer exists as it has been merged into ${merge.primaryId}`,
			);
	return undefined;
}
