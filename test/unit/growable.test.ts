import {
	Growable,
	growableFloat64,
	growableUint32,
} from '../../nodes/AffinityV2Trigger/state/buffers';

/** The per-entry arrays a poll fills: values kept in order, grown in place while there is room. */
describe('Growable', () => {
	it('keeps every value pushed, in order, past its first capacity', () => {
		const ids = growableFloat64(16);
		const values = Array.from({ length: 5_000 }, (_, i) => i * 1_000_003 + 0.5);
		for (const v of values) ids.push(v);
		expect(ids.length).toBe(5_000);
		expect(Array.from(ids.data.subarray(0, ids.length))).toEqual(values);
		expect(ids.data.length).toBeGreaterThanOrEqual(5_000);
	});

	it('grows in place: the same array, longer, no copy left behind', () => {
		const hashes = growableUint32(16);
		const first = hashes.data;
		for (let i = 0; i < 1_000; i++) hashes.push(i * 7);
		expect(hashes.data).toBe(first);
		expect(first.length).toBe(1_024);
		expect(first[999]).toBe(6_993);
	});

	it('past the room reserved, copies into a larger array and keeps the values', () => {
		const hashes = new Growable(Uint32Array, 4, 16, 32);
		const first = hashes.data;
		for (let i = 0; i < 100; i++) hashes.push(4_000_000_000 + i);
		expect(hashes.data).not.toBe(first);
		// The array outgrown is given back at once, not left for a collection.
		expect(first.length).toBe(0);
		expect(hashes.length).toBe(100);
		expect(Array.from(hashes.data.subarray(0, 100))).toEqual(
			Array.from({ length: 100 }, (_, i) => 4_000_000_000 + i),
		);
	});

	it('gives its memory back on release, and can be filled again after', () => {
		const ids = growableFloat64(4_096);
		for (let i = 0; i < 3_000; i++) ids.push(i);
		const view = ids.data;
		ids.release();
		expect(ids.length).toBe(0);
		expect(view.length).toBe(0);
		expect(view.buffer.byteLength).toBe(0);
		for (let i = 0; i < 20; i++) ids.push(i + 0.25);
		expect(Array.from(ids.data.subarray(0, ids.length))).toEqual(
			Array.from({ length: 20 }, (_, i) => i + 0.25),
		);
	});
});
