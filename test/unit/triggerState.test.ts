import {
	BitReader,
	BitWriter,
	ByteReader,
	ByteWriter,
	bitsFor,
	fromBase64,
	toBase64,
	unzigzag,
	zigzag,
} from '../../nodes/AffinityV2Trigger/helpers/codec';
import { DICTIONARY_LIMIT, SnapshotBuilder, decodeState, isTriggerState } from '../../nodes/AffinityV2Trigger/helpers/state';
import { createRandom } from '../../emulator/random';

describe('codec', () => {
	it('base64 matches Node for every length and byte value', () => {
		const rng = createRandom(5);
		for (let length = 0; length < 70; length++) {
			const bytes = Uint8Array.from({ length }, () => rng.int(0, 255));
			const text = toBase64(bytes);
			expect(text).toBe(Buffer.from(bytes).toString('base64'));
			expect([...fromBase64(text)]).toEqual([...bytes]);
		}
	});

	it('refuses a corrupted base64 string instead of decoding garbage', () => {
		expect(() => fromBase64('AB$C')).toThrow(/invalid base64/);
	});

	it('varints round-trip from 0 to 2^53 - 1', () => {
		const values = [0, 1, 127, 128, 300, 2 ** 31 - 1, 2 ** 31, 2 ** 32 + 5, 2_147_483_500, Number.MAX_SAFE_INTEGER];
		const writer = new ByteWriter();
		for (const v of values) writer.varint(v);
		const reader = new ByteReader(writer.result());
		expect(values.map(() => reader.varint())).toEqual(values);
		expect(reader.done).toBe(true);
		expect(() => writer.varint(-1)).toThrow();
		expect(() => writer.varint(1.5)).toThrow();
	});

	it('zigzag keeps small magnitudes small and round-trips large ones', () => {
		expect([0, -1, 1, -2, 2].map(zigzag)).toEqual([0, 1, 2, 3, 4]);
		for (const v of [0, 5, -5, 2 ** 40, -(2 ** 40), 2 ** 52 - 1, -(2 ** 52)]) expect(unzigzag(zigzag(v))).toBe(v);
	});

	it('bit packing round-trips widths 0 to 32, across byte boundaries', () => {
		const rng = createRandom(9);
		const items = Array.from({ length: 500 }, () => {
			const width = rng.int(0, 32);
			const value = width === 0 ? 0 : Math.floor(rng.next() * 2 ** width);
			return { width, value };
		});
		const writer = new BitWriter(items.reduce((s, i) => s + i.width, 0));
		for (const { value, width } of items) writer.write(value, width);
		const reader = new BitReader(writer.result());
		expect(items.map(({ width }) => reader.read(width))).toEqual(items.map((i) => i.value));
		expect(new BitWriter(64).result()).toHaveLength(8);
		const full = new BitWriter(32);
		full.write(0xffffffff, 32);
		expect(new BitReader(full.result()).read(32)).toBe(0xffffffff);
	});

	it('bitsFor gives the bits to tell n values apart', () => {
		expect([0, 1, 2, 3, 4, 5, 7, 8, 9, 16384, 16385].map(bitsFor)).toEqual([0, 0, 1, 2, 2, 3, 3, 3, 4, 14, 15]);
	});
});

describe('SnapshotBuilder / decodeState', () => {
	const fields = [
		{ id: 'status', keepValues: false },
		{ id: 'notes', keepValues: false },
		{ id: 'owner', keepValues: true },
	];

	it('round-trips ids, entity ids, hashes and kept values, sorting rows by entry id', () => {
		const builder = new SnapshotBuilder(fields);
		builder.entityType = 'company';
		const rows = [
			{ id: 2_147_483_600, entity: 3_000_010, hashes: [11, 0xfffffffe, 7], value: { id: 7, name: 'Ada' } },
			{ id: 2_147_483_501, entity: 3_000_001, hashes: [12, 5, 8], value: null },
			// The same company listed twice: another entry.
			{ id: 2_147_483_555, entity: 3_000_001, hashes: [11, 6, 7], value: { id: 7, name: 'Ada' } },
		];
		for (const r of rows) builder.add(r.id, r.entity, r.hashes, [undefined, undefined, r.value]);
		const state = builder.encode('list:102|view:', '2026-01-01T00:00:00.000Z');
		expect(isTriggerState(JSON.parse(JSON.stringify(state)))).toBe(true);
		const decoded = decodeState(JSON.parse(JSON.stringify(state)));
		expect([...decoded.entryIds]).toEqual([2_147_483_501, 2_147_483_555, 2_147_483_600]);
		expect([...decoded.entityIds]).toEqual([3_000_001, 3_000_001, 3_000_010]);
		expect([...decoded.columns.get('status')!.hashes]).toEqual([12, 11, 11]);
		expect([...decoded.columns.get('notes')!.hashes]).toEqual([5, 6, 0xfffffffe]);
		const owner = decoded.columns.get('owner')!;
		expect([...owner.hashes]).toEqual([8, 7, 7]);
		expect([...owner.valueIndex!].map((i) => owner.values![i])).toEqual([null, { id: 7, name: 'Ada' }, { id: 7, name: 'Ada' }]);
		expect(decoded.entityType).toBe('company');
		expect(decoded.key).toBe('list:102|view:');
	});

	it('uses a dictionary for few distinct values and direct hashes for many, whichever is smaller', () => {
		const count = 20_000;
		const builder = new SnapshotBuilder([
			{ id: 'constant', keepValues: false },
			{ id: 'status', keepValues: false },
			{ id: 'free', keepValues: false },
		]);
		const rng = createRandom(3);
		const free: number[] = [];
		for (let i = 0; i < count; i++) {
			const h = Math.floor(rng.next() * 2 ** 32);
			free.push(h);
			builder.add(1000 + i, 5000 + i, [42, [1, 2, 3, 4, 5, 6][i % 6] * 1000, h]);
		}
		const state = builder.encode('k', 't');
		const [constant, status, direct] = state.fields;
		expect(constant.bits).toBe(0);
		expect(status.bits).toBe(3);
		expect(direct.bits).toBe(32);
		expect(direct.dictionary).toBeUndefined();
		const decoded = decodeState(state);
		expect(decoded.columns.get('constant')!.hashes.every((h) => h === 42)).toBe(true);
		expect([...decoded.columns.get('free')!.hashes]).toEqual(free);
		// ids and entity ids both step by 1: one byte each; status 3 bits; free hashes 32 bits.
		const bytesPerEntry = JSON.stringify(state).length / count;
		expect(bytesPerEntry).toBeGreaterThan(((1 + 1) * 4) / 3 + (35 / 8) * (4 / 3) - 0.1);
		expect(bytesPerEntry).toBeLessThan(((1 + 1) * 4) / 3 + (35 / 8) * (4 / 3) + 0.1);
	});

	it('gives up a dictionary past its limit without losing a value', () => {
		const builder = new SnapshotBuilder([{ id: 'f', keepValues: false }]);
		const hashes = Array.from({ length: DICTIONARY_LIMIT + 10 }, (_, i) => i * 7919 + 1);
		hashes.forEach((h, i) => builder.add(i + 1, i + 1, [h]));
		const decoded = decodeState(builder.encode('k', 't'));
		expect([...decoded.columns.get('f')!.hashes]).toEqual(hashes);
	});

	it('encodes an empty list and ids beyond 2^52 (raw entity coding)', () => {
		const empty = decodeState(new SnapshotBuilder([{ id: 'f', keepValues: true }]).encode('k', 't'));
		expect(empty.count).toBe(0);
		const builder = new SnapshotBuilder([]);
		builder.add(1, Number.MAX_SAFE_INTEGER, []);
		builder.add(2, 1, []);
		const state = builder.encode('k', 't');
		expect(state.entityIdCoding).toBe('raw');
		expect([...decodeState(state).entityIds]).toEqual([Number.MAX_SAFE_INTEGER, 1]);
	});

	it('does not take a foreign or older object for a state', () => {
		expect(isTriggerState(undefined)).toBe(false);
		expect(isTriggerState({ version: 0, key: 'k' })).toBe(false);
		expect(isTriggerState({ lastPoll: 123 })).toBe(false);
	});
});
