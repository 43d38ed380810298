import type {
	IAdditionalCredentialOptions,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiKeyProblem } from './apiKey';
import { normalizeBaseUrl } from './baseUrl';
import { secretsOf, type Secrets } from './redact';

/** What the transport knows of a node run: the credential, read and checked once. */

export type AffinityContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IHookFunctions
	| IWebhookFunctions;

export const CREDENTIAL_TYPE = 'affinityV2Api';

export interface Connection {
	baseUrl: string;
	apiVersion?: string;
	/**
	 * The version the last API v2 answer of this run named (every v2 answer echoes the version
	 * used in X-Affinity-Api-Version): with the key's default chosen, the only way to know it.
	 */
	answeredVersion?: string;
	budgetKey: string;
	/**
	 * The credential as read once for this context, handed to every request: n8n otherwise
	 * reads and decrypts it from its database again for each request, which in a trigger's poll
	 * cost more than the request itself.
	 */
	credential: IAdditionalCredentialOptions;
	/**
	 * The Request Options → Timeout of each item, read once: reading a node parameter resolves
	 * and copies the parameters, which cost more than the rest of a page's bookkeeping.
	 */
	timeouts: Map<number, number | undefined>;
	/** The forms of the key replaced in whatever an answer brings back (see redact.ts). */
	secrets: Secrets;
}

const connections = new WeakMap<object, Connection>();

/** FNV-1a: a non-reversible tag of the key, so budgets are per key without keeping the key. */
function fingerprint(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193);
	}
	return (hash >>> 0).toString(16);
}

export async function connection(this: AffinityContext, itemIndex?: number): Promise<Connection> {
	const cached = connections.get(this);
	if (cached) return cached;
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const base = normalizeBaseUrl(credentials.baseUrl);
	if ('error' in base) {
		throw new NodeOperationError(this.getNode(), base.error, {
			itemIndex,
			description: 'Fix the Base URL in the "Affinity V2 API" credential.',
		});
	}
	const apiKey = typeof credentials.apiKey === 'string' ? credentials.apiKey.trim() : '';
	if (!apiKey) {
		throw new NodeOperationError(
			this.getNode(),
			'The "Affinity V2 API" credential has no API key',
			{
				itemIndex,
				description: 'Enter the API key in the credential (Affinity → Settings → Manage Apps).',
			},
		);
	}
	// Checked untrimmed: the Authorization header carries the key as stored.
	const keyProblem = apiKeyProblem(String(credentials.apiKey));
	if (keyProblem) {
		throw new NodeOperationError(this.getNode(), keyProblem, {
			itemIndex,
			description:
				'Fix the API key in the "Affinity V2 API" credential; nothing was sent to Affinity.',
		});
	}
	const apiVersion =
		typeof credentials.apiVersion === 'string' ? credentials.apiVersion.trim() : '';
	const stored = this.getNode().credentials?.[CREDENTIAL_TYPE];
	const conn: Connection = {
		baseUrl: base.url,
		apiVersion: apiVersion || undefined,
		budgetKey: `${base.url}|${fingerprint(apiKey)}`,
		credential: {
			credentialsDecrypted: {
				id: stored?.id ?? '',
				name: stored?.name ?? '',
				type: CREDENTIAL_TYPE,
				data: credentials,
			},
		},
		timeouts: new Map(),
		secrets: secretsOf(String(credentials.apiKey)),
	};
	connections.set(this, conn);
	return conn;
}

/**
 * The timeout the node's "Request Options" set, if any. Execute contexts read parameters per
 * item; load-options and poll contexts have one set of parameters.
 */
function configuredTimeoutMs(this: AffinityContext, itemIndex = 0): number | undefined {
	// Read as the whole collection: a fallback of undefined would count as "no fallback".
	const options = (
		'getInputData' in this
			? (this as IExecuteFunctions).getNodeParameter('requestOptions', itemIndex, {})
			: (this as ILoadOptionsFunctions).getNodeParameter('requestOptions', {})
	) as IDataObject;
	const raw = options?.timeout;
	if (raw === undefined || raw === null || raw === '') return undefined;
	const seconds = Number(raw);
	if (!Number.isFinite(seconds) || seconds <= 0) {
		throw new NodeOperationError(
			this.getNode(),
			`Invalid Request Options → Timeout: got "${String(raw)}"`,
			{
				itemIndex,
				description: 'The timeout is a number of seconds, 1 or more.',
			},
		);
	}
	return Math.round(seconds * 1000);
}

export function itemTimeoutMs(
	this: AffinityContext,
	conn: Connection,
	itemIndex = 0,
): number | undefined {
	if (conn.timeouts.has(itemIndex)) return conn.timeouts.get(itemIndex);
	const timeout = configuredTimeoutMs.call(this, itemIndex);
	conn.timeouts.set(itemIndex, timeout);
	return timeout;
}
