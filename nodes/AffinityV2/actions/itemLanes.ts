import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationModule } from './types';

/**
 * How many items of one node run may be in flight at once. Affinity allows 900 calls a minute per
 * user (the transport paces on its rate-limit headers); a few in flight hide each request's round
 * trip, which is most of an import's time, without bursting far past that pace.
 */
export const ITEMS_IN_FLIGHT = 4;

/** One item's outcome: its answer, or what it threw. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs the operation for every item, items grouped in lanes by `op.laneKey`: a lane's items one
 * after the other in their order, up to ITEMS_IN_FLIGHT lanes at once, lanes started in the
 * order of their first item. With `stopOnFailure`, no item starts once one has failed; the
 * outcomes of the items that did not start are left undefined, for the caller to run in order
 * up to the failure, as it would have without lanes. A key that cannot be computed (bad input)
 * puts the item in a lane of its own; running it reports the problem.
 */
export async function runInLanes<T>(
	ctx: IExecuteFunctions,
	op: OperationModule & { laneKey: NonNullable<OperationModule['laneKey']> },
	itemCount: number,
	run: (itemIndex: number) => Promise<T>,
	stopOnFailure: boolean,
): Promise<Array<Settled<T> | undefined>> {
	const lanes = new Map<string, number[]>();
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		let key: string;
		try {
			key = `key:${op.laneKey.call(ctx, itemIndex)}`;
		} catch {
			key = `item:${itemIndex}`;
		}
		const lane = lanes.get(key);
		if (lane) lane.push(itemIndex);
		else lanes.set(key, [itemIndex]);
	}
	const outcomes: Array<Settled<T> | undefined> = Array.from(
		{ length: itemCount },
		() => undefined,
	);
	const waiting = [...lanes.values()];
	let failed = false;
	const worker = async () => {
		for (let lane = waiting.shift(); lane; lane = waiting.shift()) {
			for (const itemIndex of lane) {
				if (failed && stopOnFailure) return;
				try {
					outcomes[itemIndex] = { ok: true, value: await run(itemIndex) };
				} catch (error) {
					outcomes[itemIndex] = { ok: false, error };
					failed = true;
				}
			}
		}
	};
	await Promise.all(
		Array.from({ length: Math.min(ITEMS_IN_FLIGHT, waiting.length) }, () => worker()),
	);
	return outcomes;
}
