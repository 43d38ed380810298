import { ApiError } from './http';
import { SEEDED_USERS } from './seedUsers';
import type { ApiVersion } from './versions';

export interface ApiKey {
	key: string;
	/** A name for logs and docs; the key itself is never logged. */
	label: string;
	/** The key's user: a user id is its internal person's id. */
	userId: number;
	description: string;
	/** Source addresses allowed to use the key; undefined: any. */
	allowlist?: string[];
	createdAt: string;
	/** The key's Default API Version: what a request without X-Affinity-Api-Version gets. */
	defaultVersion: ApiVersion;
}

/**
 * The demo keys. Distinctive strings on purpose: tests scan every output for them to prove the
 * key never leaks.
 */
export const DEMO_KEYS: ApiKey[] = [
	{
		key: 'affv2-demo-admin-4f1c7a9e2b6d',
		label: 'admin',
		userId: SEEDED_USERS.admin,
		description: 'Alex Admin: every permission, including Manage Users',
		createdAt: '2025-06-01T12:00:00.000Z',
		defaultVersion: '2026-07-15',
	},
	{
		key: 'affv2-demo-member-8d3e5b1f0a72',
		label: 'member',
		userId: SEEDED_USERS.member,
		description:
			'Morgan Member: standard permissions, no Manage Users, cannot see the private list',
		createdAt: '2025-06-02T12:00:00.000Z',
		defaultVersion: '2026-07-15',
	},
	{
		key: 'affv2-demo-restricted-c2a9f64e1d08',
		label: 'restricted',
		userId: SEEDED_USERS.restricted,
		description: 'Riley Restricted: may not export the company or person directory',
		createdAt: '2025-06-03T12:00:00.000Z',
		defaultVersion: '2026-07-15',
	},
	{
		key: 'affv2-demo-allowlisted-7b0e2d9c5f13',
		label: 'allowlisted',
		userId: SEEDED_USERS.admin,
		description:
			'Alex Admin, with an IP allowlist of 127.0.0.1 only (other loopback addresses get 403)',
		allowlist: ['127.0.0.1'],
		createdAt: '2025-06-04T12:00:00.000Z',
		defaultVersion: '2026-07-15',
	},
	{
		key: 'affv2-demo-elsewhere-3e8a1c6b9d42',
		label: 'elsewhere',
		userId: SEEDED_USERS.admin,
		description:
			'Alex Admin, with an IP allowlist of 203.0.113.10 only (every local request gets 403)',
		allowlist: ['203.0.113.10'],
		createdAt: '2025-06-05T12:00:00.000Z',
		defaultVersion: '2026-07-15',
	},
	{
		key: 'affv2-demo-legacy-5a7d2c9e0b41',
		label: 'legacy',
		userId: SEEDED_USERS.admin,
		description: 'Alex Admin, with Default API Version 2024-01-01 (answers in the older edition)',
		createdAt: '2025-06-06T12:00:00.000Z',
		defaultVersion: '2024-01-01',
	},
	{
		key: 'affv2-demo-current-9c4e1a7b3d58',
		label: 'current',
		userId: SEEDED_USERS.admin,
		description:
			'Alex Admin, with Default API Version 2026-09-17 (the current edition, as a key created today has)',
		createdAt: '2026-09-18T12:00:00.000Z',
		defaultVersion: '2026-09-17',
	},
];

export const DEMO_KEY = DEMO_KEYS[0].key;

function normalizeAddress(address: string | undefined): string {
	return (address ?? '').replace(/^::ffff:/, '');
}

/**
 * The key an Authorization header carries: `Bearer <key>` (v1 and v2), or HTTP Basic with the
 * key as the password and any user name (v1: "Provide your API key as the basic auth password").
 */
function presentedKey(header: string | undefined, basicAllowed: boolean): string | undefined {
	const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
	if (bearer) return bearer[1];
	const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
	if (!basic || !basicAllowed) return undefined;
	const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	return colon < 0 ? undefined : decoded.slice(colon + 1);
}

/** The key of a request, or the API's 401/403. v1 paths also take HTTP Basic. */
export function authenticate(
	header: string | undefined,
	remoteAddress: string | undefined,
	keys: ApiKey[],
	basicAllowed = false,
): ApiKey {
	const presented = presentedKey(header, basicAllowed);
	if (!presented) {
		throw new ApiError(
			401,
			'authentication',
			basicAllowed
				? 'Missing or malformed Authorization header: expected "Bearer <API key>" or Basic with the key as the password'
				: 'Missing or malformed Authorization header: expected "Bearer <API key>"',
		);
	}
	const key = keys.find((k) => k.key === presented);
	if (!key) throw new ApiError(401, 'authentication', 'Invalid API key');
	const address = normalizeAddress(remoteAddress);
	if (key.allowlist && !key.allowlist.includes(address)) {
		throw new ApiError(
			403,
			'authorization',
			`Requests from IP address ${address} are not permitted for this API key`,
		);
	}
	return key;
}
