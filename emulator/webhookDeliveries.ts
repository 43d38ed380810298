import { diffValues } from './changeLog';
import type { FieldDef, ListEntry, StoredData, StoredValue, Webhook } from './model';
import { v1DropdownOption, v1ListEntry, type V1Records } from './v1Shapes';

/**
 * Webhook deliveries: every mutation the store makes becomes an event in v1's envelope
 * ({type, body, sent_at}, v1-shaped snake_case bodies), POSTed to every active webhook that
 * subscribes to its type (none: every type). A delivery that is not answered 2xx in time is
 * retried with exponential backoff; when its retry window has passed the webhook is disabled
 * (Affinity: retries for up to 10 hours, then disables the subscription). Base delay and window
 * are settings, so tests compress hours into milliseconds through POST /_emulator/settings.
 */

export interface WebhookDeliverySettings {
	/** The first retry's delay; each further retry waits twice as long. */
	webhookRetryBaseMs: number;
	/** How long after the first attempt an event is still retried; then the webhook is disabled. */
	webhookRetryWindowMs: number;
	/** How long a receiver may take to answer before the attempt counts as failed. */
	webhookDeliveryTimeoutMs: number;
	/**
	 * The `sent_at` of a retry: `first` keeps the first attempt's; `restamped` stamps each retry
	 * anew, the first `sent_at` plus the seconds since the first attempt (at least the retry's
	 * number, so compressed test timings still give later stamps). Affinity's documents do not
	 * say which it does.
	 */
	webhookRetrySentAt: 'first' | 'restamped';
}

export const DEFAULT_DELIVERY_SETTINGS: WebhookDeliverySettings = {
	webhookRetryBaseMs: 60_000,
	webhookRetryWindowMs: 10 * 60 * 60 * 1000,
	webhookDeliveryTimeoutMs: 5000,
	webhookRetrySentAt: 'first',
};

/** The store's mutations that webhooks report; the store calls these only while webhooks exist. */
export interface StoreEvents {
	entryAdded(entry: ListEntry): void;
	entryRemoved(entry: ListEntry): void;
	valueChanged(
		target: { values: Map<string, StoredValue> },
		field: FieldDef,
		before: StoredValue | undefined,
		after: StoredValue | null,
		via?: ListEntry,
	): void;
	/** A record changed (organization.created, person.updated, …); the body is its v1 resource. */
	announced(type: string, body: Record<string, unknown>): void;
}

interface Delivery {
	webhookId: number;
	url: string;
	/** `{"type":…,"body":…`: the envelope without `sent_at`, built once. */
	envelope: string;
	sentAt: number;
	firstAttemptAt: number;
	attempts: number;
}

export interface DeliveryCounts {
	/** Events waiting for a (re)try or in flight. */
	pending: number;
	/** Attempts answered 2xx. */
	delivered: number;
	/** Attempts that failed (error status, timeout, connection refused). */
	failedAttempts: number;
	/** Webhooks disabled because a delivery outlived the retry window. */
	disabled: number;
}

interface DeliveryHost {
	/** The account (replaced on reset, so read each time): its webhooks and records. */
	readonly store: V1Records & { webhooks: Map<number, Webhook> };
	readonly settings: WebhookDeliverySettings;
	later(ms: number, fn: () => void): void;
}

export class WebhookDeliveries implements StoreEvents {
	private counts: DeliveryCounts = { pending: 0, delivered: 0, failedAttempts: 0, disabled: 0 };
	/** v1 field value ids: one per single value or per item of a multi-value field, kept while it exists. */
	private valueIds = new Map<string, number>();
	private nextValueId = 900_000_000;
	/** Bodies carry strictly increasing times, so two changes of one value never look alike. */
	private lastStamp = 0;
	/** Bumped on reset: deliveries of an earlier generation are dropped. */
	private generation = 0;

	constructor(private readonly host: DeliveryHost) {}

	reset(): void {
		this.counts = { pending: 0, delivered: 0, failedAttempts: 0, disabled: 0 };
		this.valueIds.clear();
		this.generation++;
	}

	stats(): DeliveryCounts {
		return { ...this.counts };
	}

	entryAdded(entry: ListEntry): void {
		this.emit('list_entry.created', v1ListEntry(this.host.store, entry));
	}

	entryRemoved(entry: ListEntry): void {
		this.emit('list_entry.deleted', v1ListEntry(this.host.store, entry));
	}

	announced(type: string, body: Record<string, unknown>): void {
		this.emit(type, body);
	}

	valueChanged(
		target: { values: Map<string, StoredValue> },
		field: FieldDef,
		before: StoredValue | undefined,
		after: StoredValue | null,
		via?: ListEntry,
	): void {
		// v1 field ids are integers (v2's "field-<id>"); enriched and computed fields send no events.
		const match = /^field-(\d+)$/.exec(field.id);
		if (!match || field.readOnly) return;
		const ownEntry = 'listId' in target && 'entityId' in target ? (target as ListEntry) : undefined;
		const entry = ownEntry ?? via;
		const entityId = ownEntry ? ownEntry.entityId : (target as unknown as { id: number }).id;
		const targetKey = ownEntry ? `e${ownEntry.id}` : `n${entityId}`;
		const multi = field.valueType.endsWith('-multi');
		for (const { action, value } of diffValues(field.valueType, before, after)) {
			const key = `${targetKey}|${field.id}${multi ? `|${JSON.stringify(value)}` : ''}`;
			let id = this.valueIds.get(key);
			if (id === undefined) {
				id = this.nextValueId++;
				this.valueIds.set(key, id);
			}
			if (action === 'delete') this.valueIds.delete(key);
			const at = this.stamp();
			const type =
				action === 'add'
					? 'field_value.created'
					: action === 'update'
						? 'field_value.updated'
						: 'field_value.deleted';
			this.emit(type, {
				id,
				field_id: Number(match[1]),
				list_entry_id: entry ? entry.id : null,
				entity_id: entityId,
				created_at: at,
				updated_at: at,
				value: this.v1Value(field, value),
			});
		}
	}

	private stamp(): string {
		this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
		return new Date(this.lastStamp).toISOString();
	}

	/** v1's value shapes: a dropdown option object, a person or company id, a snake_case location. */
	private v1Value(field: FieldDef, value: StoredData): unknown {
		if (value === null || typeof value !== 'object') return value;
		if ('dropdownOptionId' in value) {
			const option = field.dropdownOptions?.find((o) => o.id === value.dropdownOptionId);
			return option ? v1DropdownOption(field, option) : { id: value.dropdownOptionId };
		}
		if ('id' in value) return (value as { id: number }).id;
		if ('city' in value)
			return {
				city: value.city,
				state: value.state,
				country: value.country,
				continent: value.continent,
				street_address: value.streetAddress,
			};
		return value;
	}

	/**
	 * Delivers one event to every subscribed active webhook. The body is built once: a retry
	 * sends the same delivery again (the same body; its `sent_at` as webhookRetrySentAt says).
	 * `sentAt`: Unix seconds, now by default.
	 */
	emit(type: string, body: Record<string, unknown>, sentAt = Math.floor(Date.now() / 1000)): void {
		const envelope = JSON.stringify({ type, body }).slice(0, -1);
		for (const webhook of this.host.store.webhooks.values()) {
			if (webhook.status !== 'active') continue;
			if (webhook.subscriptions.length && !webhook.subscriptions.includes(type)) continue;
			this.counts.pending++;
			void this.attempt(
				{
					webhookId: webhook.id,
					url: webhook.url,
					envelope,
					sentAt,
					firstAttemptAt: Date.now(),
					attempts: 0,
				},
				this.generation,
			);
		}
	}

	private async attempt(delivery: Delivery, generation: number): Promise<void> {
		const { settings } = this.host;
		delivery.attempts++;
		const retry = delivery.attempts - 1;
		const sentAt =
			retry > 0 && settings.webhookRetrySentAt === 'restamped'
				? delivery.sentAt +
					Math.max(retry, Math.ceil((Date.now() - delivery.firstAttemptAt) / 1000))
				: delivery.sentAt;
		let ok = false;
		try {
			const res = await fetch(delivery.url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: `${delivery.envelope},"sent_at":${sentAt}}`,
				signal: AbortSignal.timeout(settings.webhookDeliveryTimeoutMs),
			});
			ok = res.status >= 200 && res.status <= 299;
			await res.body?.cancel();
		} catch {
			ok = false;
		}
		if (generation !== this.generation) return;
		if (ok) {
			this.counts.delivered++;
			this.counts.pending--;
			return;
		}
		this.counts.failedAttempts++;
		const webhook = this.host.store.webhooks.get(delivery.webhookId);
		// Retry n is due base × (2^n − 1) after the first attempt, however long attempts take.
		const dueAt =
			delivery.firstAttemptAt + settings.webhookRetryBaseMs * (2 ** delivery.attempts - 1);
		const windowEnds = delivery.firstAttemptAt + settings.webhookRetryWindowMs;
		if (!webhook || webhook.url !== delivery.url || dueAt > windowEnds) {
			this.counts.pending--;
			if (webhook && webhook.status === 'active' && webhook.url === delivery.url)
				this.disable(webhook);
			return;
		}
		const delay = Math.max(0, dueAt - Date.now());
		this.host.later(delay, () => {
			const current = this.host.store.webhooks.get(delivery.webhookId);
			if (!current || current.status !== 'active' || current.url !== delivery.url) {
				this.counts.pending--;
				return;
			}
			void this.attempt(delivery, generation);
		});
	}

	private disable(webhook: Webhook): void {
		webhook.status = 'disabled';
		webhook.updatedAt = new Date().toISOString();
		this.counts.disabled++;
	}
}
