import type { IncomingMessage, ServerResponse } from 'node:http';

import type { ApiKey } from './auth';
import type { FaultQueue, FaultSpec } from './faults';
import type { Query } from './http';
import type { LiveShapeSettings } from './liveShapes';
import type { User } from './model';
import type { RateLimiter, RateLimitSettings } from './rateLimit';
import type { SeedSizes } from './seed';
import type { Store } from './store';
import type { ApiVersion } from './versions';
import type { DeliveryCounts, WebhookDeliverySettings } from './webhookDeliveries';

/**
 * What handlers see of the emulator. Routes and the control API import these types, never the
 * server, so the server is the only module that knows every route and none of them knows it.
 */

/**
 * Settings of behaviours that tests and demos tune through the control API. The answer shapes
 * (LiveShapeSettings, emulator/liveShapes.ts): v1Timestamps, nullArrays, linkedInTexts,
 * malformedFormats, hiddenFieldShape.
 */
export interface EmulatorSettings extends WebhookDeliverySettings, LiveShapeSettings {
	/** How long a merge stays in progress before it ends. */
	mergeDurationMs: number;
	/** How merges end: success, or failed with a message. */
	mergeOutcome: 'success' | 'failed';
	/** How many webhooks the organization may have (POST /v2/webhooks answers bad-request beyond). */
	webhookLimit: number;
	/**
	 * Labels of keys that API v1 refuses with 401 while v2 takes them (a key Affinity accepts on
	 * one version only), so that tests show what the node says then. Empty by default.
	 */
	v1RefusedKeys: string[];
	/**
	 * How long every API answer waits before it is sent, in ms (0 by default): a stand-in for the
	 * network between n8n and Affinity, which loopback does not have (benchmarks).
	 */
	answerDelayMs: number;
	// Live behaviours (emulator/README.md, "Live behaviours"); the defaults are what the live API does.
	/** A date-time with a fraction inside a v2 `filter`: a 400 ('whole-second') or accepted ('any'). */
	filterTimes: 'whole-second' | 'any';
	/** Every N-th page answered is empty but carries a nextUrl to the data that would have come; 0 = off. */
	emptyPageEvery: number;
	/** How long v2 reads do not see a v1 write (create, update, delete), in ms; 0 = at once. */
	v1ReadDelayMs: number;
	/** What reading a merged-away company or person by id answers: 422 (live) or 404. */
	mergedReads: 422 | 404;
	/** GET /v2/companies `filter`: ignored (live) or applied. */
	companyFilter: 'ignored' | 'applied';
	/** v1 POST /entity-files answers the uploaded files ('entity-files') or only `success`. */
	v1UploadAnswer: 'entity-files' | 'success-only';
	/** The signed download link of a v1 file: on another loopback host ('other') or this one. */
	fileHost: 'other' | 'same';
	/** The calendar day a date field keeps of a written instant: its Pacific date or its UTC date. */
	dateFieldDay: 'pacific' | 'utc';
}

export interface RequestLogEntry {
	seq: number;
	at: string;
	method: string;
	path: string;
	query: string;
	status: number;
	/** The key's label (admin, member…), never the key. */
	key: string | null;
	remoteAddress: string;
	fault?: FaultSpec['kind'];
	/** Request body of writes, as sent (first 10 kB). */
	body?: string;
	durationMs: number;
}

/** The services /v2 routes use beyond the request: the account, rate limits, timers, settings. */
export interface EmulatorServices {
	/** The seeded account; replaced on reset, so read it per request. */
	readonly store: Store;
	readonly limiter: RateLimiter;
	readonly settings: EmulatorSettings;
	/** Runs fn after ms (a merge finishing); pending runs are dropped on reset and close. */
	later(ms: number, fn: () => void): void;
	/** host:port of the listener serving signed file links (another host than the API's). */
	readonly fileHostPort?: string;
}

/** What the control API (/_emulator) reaches: the services plus the scene around them. */
export interface EmulatorControl extends EmulatorServices {
	store: Store;
	settings: EmulatorSettings;
	readonly baseUrl: string;
	readonly keys: ApiKey[];
	readonly requests: RequestLogEntry[];
	readonly faults: FaultQueue;
	/** Webhook deliveries so far: pending, delivered, failed attempts, webhooks disabled. */
	webhookDeliveryCounts(): DeliveryCounts;
	/** Delivers an event the store does not make itself (person.updated, …) as Affinity would. */
	deliverWebhookEvent(type: string, body: Record<string, unknown>, sentAt?: number): void;
	reset(options?: {
		seed?: number;
		sizes?: Partial<SeedSizes>;
		rateLimit?: Partial<RateLimitSettings>;
	}): void;
}

/** One /v2 request as a route handler gets it. */
export interface RouteContext {
	req: IncomingMessage;
	res: ServerResponse;
	method: string;
	path: string;
	params: Record<string, string>;
	query: Query;
	/** http://host:port as the client reached the server: the base of nextUrl and taskUrl. */
	origin: string;
	key: ApiKey;
	/** The API version the request is answered in (X-Affinity-Api-Version, else the key's default). */
	version: ApiVersion;
	user: User;
	store: Store;
	emulator: EmulatorServices;
	/** The parsed JSON body (read once). */
	body(): Promise<unknown>;
	/** The body as bytes (a multipart/form-data upload), read once. */
	rawBody(): Promise<Buffer>;
}

/** One control API request. */
export interface ControlContext {
	req: IncomingMessage;
	params: Record<string, string>;
	query: Query;
	body(): Promise<unknown>;
	emulator: EmulatorControl;
}
