import { badRequest } from './http';

/**
 * API versions (X-Affinity-Api-Version). Each key has a Default API Version; the request header
 * overrides it for one request; an unsupported value is a validation error; `current` means the
 * latest version; every answer names the version used in the same header.
 */
export const API_VERSIONS = ['2024-01-01', '2026-07-15', '2026-09-17'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

export const LATEST_VERSION: ApiVersion = '2026-09-17';
export const VERSION_HEADER = 'x-affinity-api-version';

/** The version a request is answered in: the header's, else the key's default. */
export function requestedVersion(
	header: string | string[] | undefined,
	keyDefault: ApiVersion,
): ApiVersion {
	if (header === undefined) return keyDefault;
	const value = (Array.isArray(header) ? header.join(',') : header).trim();
	if (value === 'current') return LATEST_VERSION;
	if ((API_VERSIONS as readonly string[]).includes(value)) return value as ApiVersion;
	// The API's own wording for a version it does not know.
	throw badRequest(`The provided version: '${value}' is not valid.`, 'X-Affinity-Api-Version');
}

/** Whether a version includes the behaviour introduced in `since` (versions are ISO dates). */
export function isAtLeast(version: ApiVersion, since: ApiVersion): boolean {
	return version >= since;
}

/**
 * The edition of FieldMetadata.description and isRequired, InteractionValue.internalPerson, the
 * note, reminder and list-multi value types, RelativeDateRange and amounts of at least 1, and
 * the 400 for inverted is-between bounds in the search endpoints.
 */
export const EDITION_2026_09_17: ApiVersion = '2026-09-17';
