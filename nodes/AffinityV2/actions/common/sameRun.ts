import type { IExecuteFunctions } from 'n8n-workflow';

import { cachedPerRun } from '../../api/cache';

/**
 * What an earlier item of this run found or made, so that a later item about the same record
 * (one domain, one email address, one entity on one list) reuses it instead of searching
 * again. A search through API v2 right after a create through API v1 may not see the new
 * record for a moment, so searching again could create it twice. Only this run's items are
 * covered: another execution's create can stay unseen by v2 searches for a short while.
 */
export interface RunRecord<T> {
	/** The record, as the first item had it. */
	value: T;
	/** The item that first asked: a later item gets `earlier: true`. */
	firstItem: number;
}

/**
 * The record under `key` for this run: `load` runs for the first item that asks; a later item
 * gets the same record with `earlier: true`. A failed load is not remembered.
 */
export async function onceInRun<T>(
	ctx: IExecuteFunctions,
	key: string,
	itemIndex: number,
	load: () => Promise<T>,
): Promise<{ value: T; earlier: boolean }> {
	const record = await cachedPerRun<RunRecord<T>>(ctx, `sameRun:${key}`, async () => ({
		value: await load(),
		firstItem: itemIndex,
	}));
	return { value: record.value, earlier: record.firstItem !== itemIndex };
}
