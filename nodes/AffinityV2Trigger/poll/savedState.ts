import type { IPollFunctions } from 'n8n-workflow';

import { decodeState, isTriggerState, type DecodedState } from '../state';

/**
 * How many entries the saved state holds (0 without one): a read is sized for it, so that its
 * arrays are not grown and copied as pages come.
 */
export function savedCount(saved: unknown): number {
	return isTriggerState(saved) ? saved.count : 0;
}

/**
 * The previous poll's state, or undefined (a new baseline) when there is none for this list
 * and view, or it cannot be read: failing every poll on a damaged state would stop the trigger
 * for good, and what it lost is lost either way. The next poll that completes replaces it.
 */
export function readState(
	this: IPollFunctions,
	saved: unknown,
	key: string,
): DecodedState | undefined {
	if (saved === undefined || saved === null) return undefined;
	if (typeof saved === 'object' && (saved as { key?: unknown }).key !== key) return undefined;
	try {
		return decodeState(saved);
	} catch (error) {
		this.logger.warn(
			`Affinity v2 Trigger: the saved state could not be read (${(error as Error).message}); starting a new baseline`,
		);
		return undefined;
	}
}
