import { resources } from '../../nodes/AffinityV2/actions/resources';

/**
 * Whether an operation only reads: Get…, searches (sent as POST on some endpoints, yet they
 * change nothing) and downloads. Everything else writes and belongs to the write plan.
 */
export const isRead = (operation: string): boolean =>
	/\.(get[A-Z]?\w*|search|semanticSearch|download)$/.test(operation);

/**
 * The oldest API v2 edition an operation works on, as its endpoints declare (`since`): set only
 * when every endpoint of it needs one (an operation with another endpoint for older editions,
 * such as API v1's, works on every edition).
 */
export function requiredEdition(operation: string): string | undefined {
	const [resource, name] = operation.split('.');
	const endpoints = resources[resource]?.operations[name]?.endpoint ?? [];
	if (!endpoints.length || endpoints.some((e) => !e.since)) return undefined;
	return endpoints.map((e) => e.since!).sort()[0];
}

/** Why an operation cannot run on `edition`, or undefined when it can. */
export function editionSkip(operation: string, edition: string | undefined): string | undefined {
	const needed = requiredEdition(operation);
	if (!needed || (edition && /^\d{4}-\d{2}-\d{2}$/.test(edition) && edition >= needed))
		return undefined;
	return `needs API version ${needed} or later (this run uses ${edition || 'an unknown version'})`;
}
