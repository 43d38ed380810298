import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { fieldsOf } from '../AffinityV2/api/fields';
import { listSummary } from '../AffinityV2/api/lists';
import { readQuotaGuard, type QuotaGuard } from '../AffinityV2/api/quotaGuard';
import { asNodeError } from '../AffinityV2/helpers/nodeErrors';
import { simplifyListEntry } from '../AffinityV2/helpers/simplify';
import type { ApiListEntry } from '../AffinityV2/helpers/types';
import {
	affinityRequest,
	orgQuota,
	quotaExhausted,
	quotaLeftText,
	quotaResetText,
} from '../AffinityV2/transport';
import { emittedBefore, firstDelivery } from './dedupe';
import { listFilterId } from './listFilter';
import {
	deliveryIdentity,
	eventItem,
	parseDelivery,
	TEST_DELIVERY_TYPE,
	v2FieldId,
	type Delivery,
	type FieldContext,
} from './delivery';

interface Filters {
	entityType?: string;
	fieldIds?: string;
}

/** An answer that starts no execution. */
const NOTHING: IWebhookResponseData = { webhookResponse: { received: true } };

function fieldFilter(filters: Filters): Set<string> | undefined {
	const ids = (filters.fieldIds ?? '')
		.split(',')
		.map((id) => id.trim())
		.filter(Boolean);
	return ids.length ? new Set(ids) : undefined;
}

/**
 * Why this delivery may not spend a call, or undefined when it may: the account's monthly
 * quota (x-ratelimit-limit-org*) is down to the reserve. The event is still emitted, without
 * what it would have read, and says so: a failed delivery would only be retried by Affinity
 * until the retry window ends, long before the quota resets, and the event would be lost.
 */
async function quotaReserveReached(
	this: IWebhookFunctions,
	guard: QuotaGuard,
): Promise<string | undefined> {
	if (!guard.enabled) return undefined;
	const quota = await orgQuota.call(this);
	if (!quota || !quotaExhausted(quota, guard, 1)) return undefined;
	return `the account's monthly API quota is down to its reserve (${quotaLeftText(quota)}, the last ${guard.reservePercent} % kept for everything else; resets at ${quotaResetText(quota)})`;
}

/** How long the list's field names are reused; an unknown field id refreshes them sooner. */
const FIELDS_FRESH_MS = 10 * 60 * 1000;
const FIELDS_RETRY_MS = 60 * 1000;

/** What the receiver keeps of the filter's list: its entity type and its own fields' names. */
interface KeptList {
	listId: number;
	at: number;
	entityType?: string;
	names: Record<string, string>;
}

/**
 * The name of one of the list's own fields (undefined when the field is not the list's) and the
 * list's entity type. Both are kept in static data for a while: a delivery must be answered
 * quickly, and requests per event would spend the key's per-minute budget on busy lists.
 */
async function listFieldName(
	this: IWebhookFunctions,
	listId: number,
	fieldId: string,
	guard: QuotaGuard,
): Promise<{ name?: string; entityType?: string; unchecked?: string }> {
	const data = this.getWorkflowStaticData('node');
	const now = Date.now();
	const kept = data.listFields as KeptList | undefined;
	const usable =
		kept && kept.listId === listId && now - kept.at < FIELDS_FRESH_MS ? kept : undefined;
	if (usable && (fieldId in usable.names || now - usable.at < FIELDS_RETRY_MS))
		return { name: usable.names[fieldId], entityType: usable.entityType };
	const reserveReached = await quotaReserveReached.call(this, guard);
	if (reserveReached) {
		// Names kept earlier, however old, still tell the list's fields apart for free.
		if (kept && kept.listId === listId && fieldId in kept.names)
			return { name: kept.names[fieldId], entityType: kept.entityType };
		return {
			unchecked: `Not checked against the List filter (the list's fields were not read): ${reserveReached}.`,
		};
	}
	const fields = await fieldsOf.call(this, { listId });
	const names = Object.fromEntries(
		fields.filter((f) => f.type === 'list').map((f) => [f.id, f.name]),
	);
	// GET /v2/lists/{listId}: whose entries the list holds (company, person or opportunity).
	const entityType = (await listSummary.call(this, listId)).type || undefined;
	const next: KeptList = { listId, at: now, names };
	if (entityType) next.entityType = entityType;
	data.listFields = next as unknown as IDataObject;
	return { name: names[fieldId], entityType };
}

/**
 * Whether the event passes the filters, and what the list's fields tell about it. A field value
 * event belongs to a list when its field is one of the list's own fields (GET /v2/lists/{listId}/fields).
 */
async function matches(
	this: IWebhookFunctions,
	delivery: Delivery,
	filters: Filters,
	listId: number | undefined,
	guard: QuotaGuard,
): Promise<{ pass: boolean; field?: FieldContext; note?: string }> {
	const { type, body } = delivery;
	if (type.startsWith('list_entry.')) {
		if (listId !== undefined && body.list_id !== listId) return { pass: false };
		const kind = ({ 0: 'person', 1: 'company', 8: 'opportunity' } as Record<number, string>)[
			body.entity_type as number
		];
		if (filters.entityType && kind !== filters.entityType) return { pass: false };
		return { pass: true };
	}
	if (type.startsWith('field_value.')) {
		const fieldId = v2FieldId(body.field_id);
		const wanted = fieldFilter(filters);
		if (wanted && (!fieldId || !wanted.has(fieldId))) return { pass: false };
		if (listId === undefined) return { pass: true };
		if (!fieldId) return { pass: false };
		const { name, entityType, unchecked } = await listFieldName.call(this, listId, fieldId, guard);
		if (unchecked) return { pass: true, note: unchecked };
		return name !== undefined
			? { pass: true, field: { listId, fieldName: name, entityType: entityType ?? null } }
			: { pass: false };
	}
	return { pass: listId === undefined && !filters.entityType && !fieldFilter(filters) };
}

/**
 * Waits before each re-read of an entry not found yet. Affinity's v2 reads can lag its v1 writes
 * (a list entry added through API v1 is a 404 on v2 for a moment), and a delivery can arrive
 * within that moment: about 2 s in all, only for a delivery sent in the last minute.
 */
const NOT_YET_VISIBLE_WAITS_MS = [250, 500, 1250];
const FRESH_DELIVERY_MS = 60_000;

/**
 * The list entry as it is now, with its list's fields (GET /v2/lists/{listId}/list-entries/
 * {listEntryId}?fieldTypes=list): the one
 * request a delivery may cost, but for re-reads of a fresh delivery's entry that v2 does not
 * show yet; null when the entry is gone.
 */
async function currentEntry(
	this: IWebhookFunctions,
	listId: number,
	listEntryId: number,
	sentAtMs: number,
): Promise<IDataObject | null> {
	const waits = Date.now() - sentAtMs < FRESH_DELIVERY_MS ? [...NOT_YET_VISIBLE_WAITS_MS] : [];
	for (;;) {
		try {
			const { body } = await affinityRequest.call(this, {
				method: 'GET',
				path: `/v2/lists/${listId}/list-entries/${listEntryId}`,
				// Without fieldIds or fieldTypes the API returns the entry without field data: the
				// list's own columns, as List Entry → Get reads by default.
				qs: { fieldTypes: ['list'] },
				subject: `list entry ${listEntryId} on list ${listId}`,
			});
			return simplifyListEntry(body as ApiListEntry);
		} catch (error) {
			if ((error as { httpCode?: unknown }).httpCode !== '404')
				throw asNodeError(this.getNode(), error);
			const wait = waits.shift();
			if (wait === undefined) return null;
			await sleep(wait);
		}
	}
}

/**
 * A delivery: answered at once; the test delivery, filtered-out events and redeliveries start
 * nothing; anything that is not a delivery gets 400.
 */
export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const delivery = parseDelivery(this.getBodyData());
	if (!delivery) {
		this.getResponseObject()
			.status(400)
			.json({ error: 'Expected an Affinity webhook delivery: {type, body, sent_at}' });
		return { noWebhookResponse: true };
	}
	if (delivery.type === TEST_DELIVERY_TYPE) return NOTHING;
	const events = this.getNodeParameter('events', []) as string[];
	if (events.length && !events.includes(delivery.type)) return NOTHING;
	const filters = this.getNodeParameter('filters', {}) as Filters;
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const guard = readQuotaGuard(options);
	const { pass, field, note } = await matches.call(
		this,
		delivery,
		filters,
		listFilterId.call(this),
		guard,
	);
	if (!pass) return NOTHING;
	// A redelivery of an emitted event is answered and starts nothing. It is remembered only
	// once emitted (below): a delivery whose entry read fails is answered with an error, and
	// Affinity's retry of it must then pass.
	const staticData = this.getWorkflowStaticData('node');
	const identity = deliveryIdentity(delivery);
	const sentAtMs = delivery.sentAt * 1000;
	if (emittedBefore(staticData, identity, sentAtMs)) return NOTHING;
	const item = eventItem(delivery, field);
	const notes = note ? [note] : [];
	const listId = item.listId as number | null;
	const listEntryId = item.listEntryId as number | null;
	if (options.includeEntry === true && listId !== null && listEntryId !== null) {
		const reserveReached = await quotaReserveReached.call(this, guard);
		if (reserveReached) notes.push(`"entry" was not read: ${reserveReached}.`);
		else {
			const entry = await currentEntry.call(this, listId, listEntryId, sentAtMs);
			item.entry = entry;
			// A field value delivery names no entity type or name; the entry read does.
			if (entry) {
				item.entityType ??= entry.type ?? null;
				item.entityName ??= entry.entityName ?? null;
			}
		}
	}
	if (notes.length) item.quotaNote = notes.join(' ');
	// Another delivery of this event may have been emitted while the entry was read.
	if (!firstDelivery(staticData, identity, sentAtMs)) return NOTHING;
	return { workflowData: [this.helpers.returnJsonArray([item])] };
}
