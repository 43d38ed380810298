import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { cachedPerRun } from '../../api/cache';
import { asNodeError } from '../../helpers/nodeErrors';
import { writeMayHaveApplied } from '../../transport';

/**
 * What an earlier item of this run found or made, so that a later item about the same record
 * (one domain, one email address, one entity on one list) reuses it instead of searching
 * again. A search through API v2 right after a create through API v1 may not see the new
 * record for a moment, so searching again could create it twice. Only this run's items are
 * covered: another execution's create can stay unseen by v2 searches for a short while.
 */
interface RunRecord<T> {
	/** The record, as the first item had it. */
	value?: T;
	/** The first item's write failed but may have been applied: later items must not write. */
	unknownOutcome?: boolean;
	/** The item that first asked: a later item gets `earlier: true`. */
	firstItem: number;
}

/**
 * The record under `key` for this run: `load` runs for the first item that asks; a later item
 * gets the same record with `earlier: true`. A load that failed surely (nothing was written) is
 * not remembered, so the next item tries again; one whose write may have been applied is, and a
 * later item with the same key fails without sending it again.
 */
export async function onceInRun<T>(
	this: IExecuteFunctions,
	key: string,
	itemIndex: number,
	load: () => Promise<T>,
): Promise<{ value: T; earlier: boolean }> {
	let failure: unknown;
	const record = await cachedPerRun<RunRecord<T>>(this, `sameRun:${key}`, async () => {
		try {
			return { value: await load(), firstItem: itemIndex };
		} catch (error) {
			if (!writeMayHaveApplied(error)) throw asNodeError(this.getNode(), error, itemIndex);
			failure = error;
			return { unknownOutcome: true, firstItem: itemIndex };
		}
	});
	if (failure !== undefined) throw asNodeError(this.getNode(), failure, itemIndex);
	if (record.unknownOutcome) {
		throw new NodeOperationError(
			this.getNode(),
			`Not sent: row ${record.firstItem + 1} of this run wrote the same record and its outcome is unknown`,
			{
				itemIndex,
				description:
					'Sending it again could create it twice. Check in Affinity whether the earlier write was applied, then run again.',
			},
		);
	}
	return { value: record.value as T, earlier: record.firstItem !== itemIndex };
}
