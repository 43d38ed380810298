import type { IDataObject } from 'n8n-workflow';

import { displayText } from '../AffinityV2/helpers/text';
import { v1Time } from '../AffinityV2/helpers/v1/times';
import type { DeliveryIdentity } from './dedupe';

/**
 * Affinity's webhook deliveries: a POST of {type, body, sent_at} whose body is the affected
 * object in v1's shape (snake_case keys, integer field ids, entity_type 0/1/8). Here they are
 * recognised and translated to the names the action node and the polling trigger use.
 */

export interface Delivery {
	type: string;
	body: IDataObject;
	/** Unix seconds. */
	sentAt: number;
}

/** The event Affinity sends to check a URL (on create, URL change, re-enable): answered, not emitted. */
export const TEST_DELIVERY_TYPE = 'sample.webhook';

/** A delivery, or undefined for anything else (which is answered 400 and starts nothing). */
export function parseDelivery(data: unknown): Delivery | undefined {
	if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
	const { type, body, sent_at: sentAt } = data as Record<string, unknown>;
	if (typeof type !== 'string' || !/^[a-z_]+\.[a-z_]+$/.test(type)) return undefined;
	if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
	// A time a Date can hold (±8.64e12 seconds): anything else is no delivery.
	if (typeof sentAt !== 'number' || !Number.isFinite(sentAt) || Math.abs(sentAt) > 8.64e12)
		return undefined;
	return { type, body: body as IDataObject, sentAt };
}

/** v1's entity_type codes (List Entry resource). */
const ENTITY_TYPES: Record<number, string> = { 0: 'person', 1: 'company', 8: 'opportunity' };

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function entityName(entity: unknown): string | null {
	if (!entity || typeof entity !== 'object') return null;
	const e = entity as Record<string, unknown>;
	if (typeof e.name === 'string') return e.name;
	if (e.name !== null && e.name !== undefined) return displayText(e.name) || null;
	const name = [e.first_name, e.last_name]
		.map(displayText)
		.filter((p) => p)
		.join(' ');
	return name || null;
}

/** The v2 field id of a v1 field id: 123 → "field-123". */
export function v2FieldId(v1FieldId: unknown): string | null {
	return typeof v1FieldId === 'number' ? `field-${v1FieldId}` : null;
}

/**
 * v1's value as the action node simplifies v2's: a dropdown option is its text, a LinkedIn
 * entry `{link, text}` its text and link.
 */
function simpleValue(value: unknown): unknown {
	if (value && typeof value === 'object' && !Array.isArray(value) && 'text' in value)
		return displayText(value) || null;
	return value ?? null;
}

/** v1 keys that hold a time: output in v2's form (ISO UTC with milliseconds). */
const TIME_KEY = /(?:^|_)(?:at|date)$/;

function camelCase(key: string): string {
	return key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

function camelKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(camelKeys);
	if (!value || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.entries(value as Record<string, unknown>).map(([k, v]) => [
			camelCase(k),
			TIME_KEY.test(k) && typeof v === 'string' ? v1Time(v) : camelKeys(v),
		]),
	);
}

/** What the receiver knows of the field beyond the delivery (from the list's fields). */
export interface FieldContext {
	listId: number | null;
	fieldName: string | null;
	/** The list's entity type (GET /v2/lists/{listId}): whose value the event is about. */
	entityType?: string | null;
}

/**
 * One item for one delivery. List entry and field value events have the polling trigger's
 * shape (event, listId, listEntryId, entityType, entityId, entityName, changes); other events
 * carry the body with camelCase keys. Every item says `detectedBy: "webhook"` and keeps
 * Affinity's event type and times.
 */
export function eventItem(delivery: Delivery, field?: FieldContext): IDataObject {
	const { type, body } = delivery;
	const meta = {
		detectedBy: 'webhook',
		affinityEvent: type,
		sentAt: new Date(delivery.sentAt * 1000).toISOString(),
	};
	if (type === 'list_entry.created' || type === 'list_entry.deleted') {
		return {
			event: type === 'list_entry.created' ? 'listEntryAdded' : 'listEntryRemoved',
			listId: num(body.list_id),
			listEntryId: num(body.id),
			entityType: ENTITY_TYPES[body.entity_type as number] ?? null,
			entityId: num(body.entity_id),
			entityName: entityName(body.entity),
			changes: [],
			...meta,
			createdAt: v1Time(body.created_at),
			creatorId: num(body.creator_id),
		};
	}
	if (type.startsWith('field_value.')) {
		const deleted = type === 'field_value.deleted';
		return {
			event: 'fieldValueChanged',
			listId: field?.listId ?? null,
			listEntryId: num(body.list_entry_id),
			// A value of a list entry: the list's entity type tells whose (v1 sends none).
			entityType: field?.entityType ?? null,
			entityId: num(body.entity_id),
			entityName: null,
			changes: [
				{
					fieldId: v2FieldId(body.field_id),
					fieldName: field?.fieldName ?? null,
					// v1 deliveries carry one value item; a deletion carries the value removed.
					action: type.slice('field_value.'.length),
					current: deleted ? null : simpleValue(body.value),
					...(deleted ? { removed: simpleValue(body.value) } : {}),
					fieldValueId: num(body.id),
				},
			],
			...meta,
			changedAt: v1Time(body.updated_at ?? body.created_at),
		};
	}
	return {
		event: camelCase(type.replace('.', '_')),
		...meta,
		body: camelKeys(body) as IDataObject,
	};
}

/** JSON with object keys sorted: the same object gives the same text whatever its key order. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object') {
		const record = value as Record<string, unknown>;
		const keys = Object.keys(record).sort();
		return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(',')}}`;
	}
	return JSON.stringify(value ?? null);
}

/**
 * What identifies a delivery. Affinity's deliveries carry no delivery id, and its documents do
 * not say whether a retry (after a timeout or connection failure, for up to 10 hours) keeps its
 * first `sent_at` or is stamped anew; so `sent_at` is no part of the key, and a retry is the
 * same `type` with the same `body`, the record as that change left it.
 * - A body that holds the change's time (`updated_at`: v1's field value and note) names its
 *   change: the same body is the same change, however late and however stamped. A → B → A
 *   gives three, since each update has its own `updated_at`.
 * - A created, deleted or merged record is so once: its body is the event.
 * - An update whose body holds no time of the change (v1's person, organization, opportunity,
 *   list, field and reminder objects) is told from a return to an earlier state (A → B → A) by
 *   the record's id and `sent_at`: the same body again is a redelivery unless the record was
 *   emitted in another state in between, with an earlier `sent_at` (dedupe.ts).
 */
export function deliveryIdentity(delivery: Delivery): DeliveryIdentity {
	const { type, body, sentAt } = delivery;
	const key = `${type}|${canonical(body)}`;
	const timed = typeof body.updated_at === 'string' && body.updated_at !== '';
	if (!type.endsWith('.updated') || timed || body.id === undefined) return { key, sentAt };
	return { key, record: `${type}|${canonical(body.id)}`, sentAt };
}
