import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationModule, RunShared } from './types';

/**
 * How many items of one node run may be in flight at once. Affinity allows 900 calls a minute per
 * user (the transport paces on its rate-limit headers); a few in flight hide each request's round
 * trip, which is most of an import's time, without bursting far past that pace.
 */
export const ITEMS_IN_FLIGHT = 4;

/** One item's outcome: its answer, or what it threw. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs the operation for every item, items grouped in lanes by `op.laneKeys`: items that share a
 * key (directly or through other items) form one lane, run one after the other in their order;
 * up to ITEMS_IN_FLIGHT lanes run at once, started in the order of their first item. With
 * `stopOnFailure`, no item starts once one has failed; the outcomes of the items that did not
 * start are left undefined, for the caller to run in order up to the failure, as it would have
 * without lanes. Keys that cannot be computed (bad input) put the item in a lane of its own;
 * running it reports the problem.
 */
export async function runInLanes<T>(
	this: IExecuteFunctions,
	op: OperationModule & { laneKeys: NonNullable<OperationModule['laneKeys']> },
	itemCount: number,
	run: (itemIndex: number) => Promise<T>,
	stopOnFailure: boolean,
	shared: RunShared,
): Promise<Array<Settled<T> | undefined>> {
	// Union-find over items: each key joins the items that name it.
	const parent = Array.from({ length: itemCount }, (_, i) => i);
	const root = (i: number): number => {
		while (parent[i] !== i) i = parent[i] = parent[parent[i]];
		return i;
	};
	const firstWithKey = new Map<string, number>();
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		let keys: string[];
		try {
			keys = await op.laneKeys.call(this, itemIndex, shared);
		} catch {
			keys = [];
		}
		for (const key of keys) {
			const other = firstWithKey.get(key);
			if (other === undefined) firstWithKey.set(key, itemIndex);
			else {
				const [a, b] = [root(other), root(itemIndex)];
				// The lower item stays the root, so lanes start in the order of their first item.
				if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
			}
		}
	}
	const lanes = new Map<number, number[]>();
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		const lane = lanes.get(root(itemIndex));
		if (lane) lane.push(itemIndex);
		else lanes.set(root(itemIndex), [itemIndex]);
	}
	const outcomes: Array<Settled<T> | undefined> = Array.from(
		{ length: itemCount },
		() => undefined,
	);
	const waiting = [...lanes.entries()].sort((x, y) => x[0] - y[0]).map(([, lane]) => lane);
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
