import type { IExecuteFunctions } from 'n8n-workflow';

import { ITEMS_IN_FLIGHT, runInLanes } from '../../nodes/AffinityV2/actions/itemLanes';
import { RunShared, type OperationModule } from '../../nodes/AffinityV2/actions/types';

/** runInLanes on its own: which items run together, in which order, and what a failure stops. */

const ctx = {} as IExecuteFunctions;
const tick = () => new Promise((resolve) => setImmediate(resolve));

function opWithKeys(keys: Array<string | Error>) {
	return {
		description: [],
		execute: async () => ({}),
		laneKeys: async (itemIndex: number) => {
			const key = keys[itemIndex];
			if (key instanceof Error) throw key;
			return key.split('+');
		},
	} as OperationModule & { laneKeys: (itemIndex: number) => Promise<string[]> };
}

describe('runInLanes', () => {
	it('runs items of one key in order and never more than ITEMS_IN_FLIGHT at once', async () => {
		const keys = ['a', 'b', 'a', 'c', 'd', 'e', 'f', 'a', 'b'];
		let inFlight = 0;
		let most = 0;
		const order: number[] = [];
		const outcomes = await runInLanes.call(
			ctx,
			opWithKeys(keys),
			keys.length,
			async (i) => {
				inFlight += 1;
				most = Math.max(most, inFlight);
				await tick();
				order.push(i);
				inFlight -= 1;
				return i * 10;
			},
			true,
			new RunShared(),
		);
		expect(outcomes.map((o) => (o?.ok ? o.value : 'x'))).toEqual(keys.map((_, i) => i * 10));
		expect(most).toBe(ITEMS_IN_FLIGHT);
		for (const key of ['a', 'b']) {
			const ofKey = keys.flatMap((k, i) => (k === key ? [i] : []));
			expect(order.filter((i) => ofKey.includes(i))).toEqual(ofKey);
		}
	});

	it('stops starting items after a failure, leaving them for the caller; with continue, runs all', async () => {
		const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
		const run = async (i: number) => {
			await tick();
			if (i === 1) throw new Error('row 2');
			return i;
		};
		const stopped = await runInLanes.call(
			ctx,
			opWithKeys(keys),
			keys.length,
			run,
			true,
			new RunShared(),
		);
		expect(stopped[1]).toMatchObject({ ok: false });
		expect(stopped.filter((o) => o === undefined).length).toBeGreaterThan(0);
		expect(stopped[0]).toEqual({ ok: true, value: 0 });
		const all = await runInLanes.call(
			ctx,
			opWithKeys(keys),
			keys.length,
			run,
			false,
			new RunShared(),
		);
		expect(all.filter((o) => o?.ok).length).toBe(7);
	});

	it('items sharing any key, directly or through others, form one lane in their order', async () => {
		// 0 and 3 share "a"; 3 and 5 share "x": 0, 3, 5 are one lane; 1, 2, 4 stand alone.
		const keys = ['a', 'b', 'c', 'a+x', 'd', 'x'];
		const log: string[] = [];
		await runInLanes.call(
			ctx,
			opWithKeys(keys),
			keys.length,
			async (i) => {
				log.push(`start ${i}`);
				await tick();
				await tick();
				log.push(`end ${i}`);
				return i;
			},
			false,
			new RunShared(),
		);
		expect(log.indexOf('start 3')).toBeGreaterThan(log.indexOf('end 0'));
		expect(log.indexOf('start 5')).toBeGreaterThan(log.indexOf('end 3'));
		// The others do overlap: 1 starts before 0 ends.
		expect(log.indexOf('start 1')).toBeLessThan(log.indexOf('end 0'));
	});

	it('an item whose key cannot be computed runs in a lane of its own', async () => {
		const keys: Array<string | Error> = ['a', new Error('bad'), 'a'];
		const seen: number[] = [];
		const outcomes = await runInLanes.call(
			ctx,
			opWithKeys(keys),
			3,
			async (i) => {
				seen.push(i);
				return i;
			},
			false,
			new RunShared(),
		);
		expect(outcomes.every((o) => o?.ok)).toBe(true);
		expect(seen.sort()).toEqual([0, 1, 2]);
	});
});

describe('RunShared: what one run of the node shares between its items', () => {
	it('makes a value once per key and keeps it for the run; another run starts empty', () => {
		const run = new RunShared();
		let made = 0;
		const make = () => ({ made: ++made });
		const first = run.once('columns:0', make);
		expect(run.once('columns:0', make)).toBe(first);
		expect(run.once('columns:1', make)).toEqual({ made: 2 });
		expect(new RunShared().once('columns:0', make)).toEqual({ made: 3 });
		expect(made).toBe(3);
	});

	it('keeps a failed promise as it is: the second caller sees the same failure, nothing is made again', async () => {
		const run = new RunShared();
		let made = 0;
		const failing = () => {
			made++;
			return Promise.reject(new Error('Row 2: bad domain'));
		};
		await expect(run.once('columns:2', failing)).rejects.toThrow('Row 2: bad domain');
		await expect(run.once('columns:2', failing)).rejects.toThrow('Row 2: bad domain');
		expect(made).toBe(1);
	});
});
