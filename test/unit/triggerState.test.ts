import { createHash } from 'node:crypto';

import { createRandom, type Random } from '../../emulator/random';
import { simplifyValue } from '../../nodes/AffinityV2/helpers/simplifyValue';
import type { FieldValue } from '../../nodes/AffinityV2/helpers/types';
import {
	TextBitReader,
	TextBitWriter,
	bitsFor,
	expGolombBits,
	expGolombOrder,
	unzigzag,
	zigzag,
} from '../../nodes/AffinityV2Trigger/state/codec';
import { EMPTY, TRUNCATED, fingerprint } from '../../nodes/AffinityV2Trigger/helpers/fingerprint';
import {
	DICTIONARY_LIMIT,
	STATE_VERSION,
	SnapshotBuilder,
	decodeState,
	isTriggerState,
	storableEntityId,
	type TrackedField,
	type TriggerState,
} from '../../nodes/AffinityV2Trigger/state';
import { checksum } from '../../nodes/AffinityV2Trigger/state/format';

describe('codec', () => {
	it('zigzag keeps small magnitudes small and round-trips large ones', () => {
		expect([0, -1, 1, -2, 2].map(zigzag)).toEqual([0, 1, 2, 3, 4]);
		for (const v of [0, 5, -5, 2 ** 40, -(2 ** 40), 2 ** 52 - 1, -(2 ** 52)])
			expect(unzigzag(zigzag(v))).toBe(v);
	});

	it('bitsFor gives the bits to tell n values apart', () => {
		expect([0, 1, 2, 3, 4, 5, 7, 8, 9, 16384, 16385].map(bitsFor)).toEqual([
			0, 0, 1, 2, 2, 3, 3, 3, 4, 14, 15,
		]);
	});

	it('bit text round-trips widths 0 to 53, flags and Exp-Golomb codes, in JSON-safe characters', () => {
		const rng = createRandom(9);
		type Item =
			| { kind: 'bits'; width: number; value: number }
			| { kind: 'flag'; value: boolean }
			| { kind: 'eg'; k: number; value: number };
		const items: Item[] = Array.from({ length: 3000 }, (): Item => {
			const pick = rng.int(0, 2);
			if (pick === 0) {
				const width = rng.int(0, 53);
				return {
					kind: 'bits',
					width,
					value: width === 0 ? 0 : Math.floor(rng.next() * 2 ** width),
				};
			}
			if (pick === 1) return { kind: 'flag', value: rng.chance(0.5) };
			const magnitude = rng.int(0, 53);
			return { kind: 'eg', k: rng.int(0, 20), value: Math.floor(rng.next() * 2 ** magnitude) };
		});
		items.push(
			{ kind: 'bits', width: 32, value: 0xffffffff },
			{ kind: 'eg', k: 0, value: Number.MAX_SAFE_INTEGER },
			{ kind: 'eg', k: 48, value: 0 },
		);
		const writer = new TextBitWriter(16);
		let expectedBits = 0;
		for (const item of items) {
			if (item.kind === 'bits') writer.write(item.value, item.width);
			else if (item.kind === 'flag') writer.flag(item.value);
			else writer.expGolomb(item.value, item.k);
			expectedBits +=
				item.kind === 'bits'
					? item.width
					: item.kind === 'flag'
						? 1
						: expGolombBits(item.value, item.k);
		}
		expect(writer.bits).toBe(expectedBits);
		const text = writer.finish();
		// Two characters per 13 bits, and none that JSON escapes.
		expect(text).toHaveLength(2 * Math.ceil(expectedBits / 13));
		expect(JSON.stringify(text)).toHaveLength(text.length + 2);
		const reader = new TextBitReader(text);
		const read = items.map((item) =>
			item.kind === 'bits'
				? reader.read(item.width)
				: item.kind === 'flag'
					? reader.flag()
					: reader.expGolomb(item.k),
		);
		expect(read).toEqual(items.map((i) => i.value));
		expect(() => reader.end()).not.toThrow();
	});

	it('refuses a damaged bit text instead of reading garbage', () => {
		const writer = new TextBitWriter();
		writer.write(12345, 20);
		const text = writer.finish();
		expect(() => new TextBitReader(text.slice(1))).toThrow(/odd length/);
		expect(() => new TextBitReader(`"${text.slice(1)}`).read(20)).toThrow(/invalid bit text/);
		expect(() => new TextBitReader(text).read(40)).toThrow(/truncated/);
		const short = new TextBitReader(text);
		short.read(10);
		expect(() => short.end()).toThrow(/longer than its content/);
	});

	it('expGolombOrder picks the order that codes a sequence in the fewest bits', () => {
		const rng = createRandom(4);
		for (const scale of [1, 30, 1000, 2 ** 20, 2 ** 40]) {
			const values = Array.from({ length: 500 }, () => Math.floor(rng.next() * scale));
			const cost = (k: number) => values.reduce((sum, v) => sum + expGolombBits(v, k), 0);
			const best = Math.min(...Array.from({ length: 49 }, (_, k) => cost(k)));
			const chosen = expGolombOrder(values);
			expect(chosen.bits).toBe(cost(chosen.k));
			expect(chosen.bits).toBe(best);
		}
	});
});

// ---------------------------------------------------------------------------------------------

const person = (id: number, name = `P${id}`) => ({
	id,
	firstName: name,
	lastName: null,
	primaryEmailAddress: null,
	type: 'external',
});
const company = (id: number) => ({ id, name: `C${id}`, domain: null });
const option = (id: number, text = `O${id}`) => ({ dropdownOptionId: id, text });
const place = (city: string) => ({
	streetAddress: null,
	city,
	state: null,
	country: 'France',
	continent: 'Europe',
});

/** A random value of one of the API's value types, often empty, sometimes odd (a type change, a huge number). */
function randomValue(rng: Random, type: string): FieldValue {
	if (rng.chance(0.15)) return { type, data: null };
	switch (type) {
		case 'text':
			return {
				type,
				data: rng.chance(0.5)
					? rng.pick(['Lead', 'Won', 'Lost'])
					: `note ${rng.int(0, 1e9)} "quoted" \\ é 日本`,
			};
		case 'number':
			return {
				type,
				data: rng.pick([0, -3, 2500.5, 1e21, 0.1 + 0.2, rng.int(-1e6, 1e6), rng.int(0, 100) / 8]),
			};
		case 'datetime':
			return {
				type,
				data: new Date(Date.UTC(2025, 0, 1) + rng.int(0, 800) * 3_600_000)
					.toISOString()
					.replace('.000Z', 'Z'),
			};
		case 'dropdown':
			return { type, data: option(rng.int(1, 6)) };
		case 'ranked-dropdown':
			return { type, data: { ...option(rng.int(1, 4)), rank: rng.int(1, 4), color: 'red' } };
		case 'location':
			return { type, data: place(rng.pick(['Paris', 'Lyon', 'Nice'])) };
		case 'person':
			return { type, data: person(rng.int(1, 50)) };
		case 'company':
			return { type, data: company(rng.int(1, 2 ** 40)) };
		case 'person-multi': {
			if (rng.chance(0.05))
				return { type, data: Array.from({ length: 100 }, (_, i) => person(i + 1)) };
			return { type, data: Array.from({ length: rng.int(0, 4) }, () => person(rng.int(1, 30))) };
		}
		case 'company-multi':
			return { type, data: Array.from({ length: rng.int(1, 3) }, () => company(rng.int(1, 30))) };
		case 'dropdown-multi':
			return { type, data: Array.from({ length: rng.int(1, 3) }, () => option(rng.int(1, 8))) };
		case 'number-multi':
			return { type, data: Array.from({ length: rng.int(1, 3) }, () => rng.int(0, 40) / 4) };
		case 'filterable-text-multi':
			return {
				type,
				data: Array.from({ length: rng.int(1, 3) }, () => rng.pick(['a', 'b', 'c', 'd'])),
			};
		case 'location-multi':
			return { type, data: [place(rng.pick(['Paris', 'Lyon']))] };
		case 'formula-number':
			return { type, data: { calculatedValue: rng.int(0, 1000) / 100 } };
		case 'interaction':
			return {
				type,
				data: { type: 'email', id: rng.int(1, 99), sentAt: '2025-01-02T03:04:05Z', subject: 'Hi' },
			};
		default:
			return { type, data: rng.next() };
	}
}

const TYPES = [
	'text',
	'number',
	'datetime',
	'dropdown',
	'ranked-dropdown',
	'location',
	'person',
	'company',
	'person-multi',
	'company-multi',
	'dropdown-multi',
	'number-multi',
	'filterable-text-multi',
	'location-multi',
	'formula-number',
	'interaction',
	'relationship-strength',
];

/** The coding a column chose, from the first 2 bits of its text. */
const codingOf = (rows: string) =>
	['dictionary', 'hashes', 'range', 'members'][new TextBitReader(rows).read(2)];

/** Builds a state from rows of values (one array per entry), through JSON as n8n stores it. */
function roundTrip(
	fields: TrackedField[],
	rows: Array<{ id: number; entity: number; values: Array<FieldValue | undefined> }>,
) {
	const builder = new SnapshotBuilder(fields);
	builder.entityType = 'company';
	const fingerprints = rows.map((r) => [
		...builder.add(
			r.id,
			r.entity,
			r.values.map((value) => (value === undefined ? undefined : { value })),
		),
	]);
	const state = JSON.parse(
		JSON.stringify(builder.encode('list:102|view:', '2026-01-01T00:00:00.000Z')),
	) as TriggerState;
	return { state, fingerprints, decoded: decodeState(state) };
}

describe('SnapshotBuilder / decodeState', () => {
	it('keeps the fingerprints of every value type exactly, whichever coding each column takes', () => {
		for (const seed of [1, 2, 3]) {
			const rng = createRandom(seed);
			const fields = TYPES.map((type) => ({ id: type, keepValues: false }));
			let id = 5000;
			const rows = Array.from({ length: 3000 }, () => ({
				id: (id += rng.int(1, 3)),
				entity: rng.int(1, 2 ** 45),
				values: TYPES.map((type) =>
					rng.chance(0.02)
						? undefined
						: rng.chance(0.01)
							? randomValue(rng, 'text')
							: randomValue(rng, type),
				),
			}));
			const { fingerprints, decoded } = roundTrip(fields, rows);
			expect([...decoded.entryIds]).toEqual(rows.map((r) => r.id));
			expect([...decoded.entityIds]).toEqual(rows.map((r) => r.entity));
			TYPES.forEach((type, c) => {
				// What add() returned is what fingerprint() gives, and what the state gives back.
				expect(rows.map((r) => fingerprint(r.values[c]))).toEqual(fingerprints.map((f) => f[c]));
				expect([...decoded.columns.get(type)!.hashes]).toEqual(fingerprints.map((f) => f[c]));
			});
		}
	});

	it('gives its arrays back once encoded, and what it encoded stays whole', () => {
		const rng = createRandom(4);
		const fields = TYPES.map((type) => ({ id: type, keepValues: type === 'text' }));
		const builder = new SnapshotBuilder(fields, 6_000);
		let id = 100;
		for (let row = 0; row < 5_000; row++)
			builder.add(
				(id += rng.int(1, 4)),
				row + 1,
				TYPES.map((type) => ({ value: randomValue(rng, type) })),
			);
		const state = JSON.parse(
			JSON.stringify(builder.encode('list:102|view:', '2026-01-01T00:00:00.000Z')),
		) as TriggerState;
		const entryIds = [...builder.entryIds()];
		builder.release();
		expect(builder.count).toBe(0);
		expect(builder.entryIds().length).toBe(0);
		expect(builder.entityIdsSoFar().length).toBe(0);
		const decoded = decodeState(state);
		expect(decoded.count).toBe(5_000);
		expect([...decoded.entryIds]).toEqual(entryIds);
	});

	it('pins the fingerprints: changing how values hash would make every entry look changed', () => {
		const values: FieldValue[] = [
			{ type: 'text', data: 'Series A' },
			{ type: 'number', data: 2500.5 },
			{ type: 'datetime', data: '2025-03-01T08:00:00Z' },
			{ type: 'filterable-text-multi', data: ['b', 'a'] },
			{ type: 'location', data: place('Paris') },
			{ type: 'dropdown', data: { dropdownOptionId: 11, text: 'Lead' } },
			{
				type: 'person',
				data: {
					id: 42,
					firstName: 'Ada',
					lastName: 'Lovelace',
					primaryEmailAddress: 'ada@example.com',
					type: 'internal',
				},
			},
			{ type: 'company-multi', data: [{ id: 9, name: 'Nine', domain: null }] },
			{ type: 'formula-number', data: { calculatedValue: 12.25 } },
			{ type: 'text', data: null },
		];
		expect(values.map(fingerprint)).toEqual([
			3931678169,
			1124917736,
			3577340651,
			1754873034,
			786821188,
			2872571839,
			1162807604,
			2802032354,
			2538774971,
			EMPTY,
		]);
		// Member order does not matter; a list at the API's cut-off of 100 is flagged, not compared.
		expect(fingerprint({ type: 'filterable-text-multi', data: ['a', 'b'] })).toBe(1754873034);
		expect(
			fingerprint({
				type: 'person-multi',
				data: Array.from({ length: 100 }, (_, i) => person(i + 1)),
			}),
		).toBe(TRUNCATED);
	});

	it('takes the cheapest coding for each kind of column', () => {
		const count = 20_000;
		const rng = createRandom(3);
		const fields = ['constant', 'status', 'free', 'amount', 'team'].map((id) => ({
			id,
			keepValues: false,
		}));
		const rows = Array.from({ length: count }, (_, i) => ({
			id: 1000 + i,
			entity: 5000 + i,
			values: [
				{ type: 'text', data: 'same' },
				{ type: 'dropdown', data: option([1, 2, 3, 4, 5, 6][i % 6]) },
				{ type: 'text', data: `free ${rng.next()}` },
				{ type: 'number', data: rng.int(0, 1_000_000) * 1000 },
				{
					type: 'person-multi',
					data: Array.from({ length: rng.int(1, 4) }, () => person(rng.int(1, 60))),
				},
			],
		}));
		const { state, decoded, fingerprints } = roundTrip(fields, rows);
		expect(state.fields.map((f) => codingOf(f.rows))).toEqual([
			'dictionary',
			'dictionary',
			'hashes',
			'range',
			'members',
		]);
		fields.forEach((f, c) =>
			expect([...decoded.columns.get(f.id)!.hashes]).toEqual(fingerprints.map((x) => x[c])),
		);
		const bytes = (id: string) =>
			(state.fields.find((f) => f.id === id)!.rows.length + id.length) / count;
		expect(bytes('constant')).toBeLessThan(0.01);
		// 6 options: 3 bits, at 13 bits per two characters.
		expect(bytes('status')).toBeCloseTo((3 * 2) / 13, 2);
		// Free text: its 32-bit hash.
		expect(bytes('free')).toBeCloseTo((32 * 2) / 13, 1);
		// Amounts of 0 to 10^9 in steps of 1000: 20 bits as a range, not a hash.
		expect(bytes('amount')).toBeLessThan((21 * 2) / 13);
		// One to four people out of 60 a row: a count and 6-bit indexes, not a 32-bit hash.
		expect(bytes('team')).toBeLessThan((20 * 2) / 13);
		// Consecutive entry ids take one bit an entry; entity ids stepping by one (zigzag 2) three.
		expect(state.entryIds.length / count).toBeLessThan(0.2);
		expect(state.entityIds.length / count).toBeCloseTo((3 * 2) / 13, 2);
	});

	it('gives up a dictionary past its limit without losing a value', () => {
		const rows = Array.from({ length: DICTIONARY_LIMIT + 10 }, (_, i) => ({
			id: i + 1,
			entity: i + 1,
			values: [{ type: 'text', data: `v${i % (DICTIONARY_LIMIT + 5)}` }],
		}));
		const { decoded, fingerprints } = roundTrip([{ id: 'f', keepValues: false }], rows);
		expect([...decoded.columns.get('f')!.hashes]).toEqual(fingerprints.map((f) => f[0]));
	});

	it('keeps previous values, as shown, for the fields that ask for them', () => {
		const fields = [
			{ id: 'owner', keepValues: true },
			{ id: 'notes', keepValues: false },
		];
		const rows = [
			{
				id: 2_147_483_600,
				entity: 3_000_010,
				values: [
					{ type: 'person', data: person(7, 'Ada') },
					{ type: 'text', data: 'x' },
				],
			},
			{ id: 2_147_483_501, entity: 3_000_001, values: [{ type: 'person', data: null }, undefined] },
			// The same company listed twice: another entry. The same person under a new name: another value.
			{
				id: 2_147_483_555,
				entity: 3_000_001,
				values: [
					{ type: 'person', data: person(7, 'Ada L.') },
					{ type: 'text', data: 'y' },
				],
			},
		];
		const { decoded, state } = roundTrip(fields, rows);
		// Rows come back in entry id order.
		expect([...decoded.entryIds]).toEqual([2_147_483_501, 2_147_483_555, 2_147_483_600]);
		expect([...decoded.entityIds]).toEqual([3_000_001, 3_000_001, 3_000_010]);
		const owner = decoded.columns.get('owner')!;
		const shown = (data: unknown) => simplifyValue({ type: 'person', data } as FieldValue);
		expect([...owner.valueIndex!].map((i) => owner.values![i])).toEqual([
			shown(null),
			shown(person(7, 'Ada L.')),
			shown(person(7, 'Ada')),
		]);
		expect(owner.values).toHaveLength(3);
		expect(decoded.columns.get('notes')!.values).toBeUndefined();
		expect(state.fields.find((f) => f.id === 'notes')!.values).toBeUndefined();
		expect(decoded.entityType).toBe('company');
		expect(decoded.key).toBe('list:102|view:');
	});

	it('encodes an empty list, and entity ids of any size', () => {
		const empty = roundTrip([{ id: 'f', keepValues: true }], []);
		expect(empty.decoded.count).toBe(0);
		const big = roundTrip(
			[],
			[
				{ id: 1, entity: 2 ** 52 - 1, values: [] },
				{ id: 2, entity: 1, values: [] },
				{ id: 9, entity: 2 ** 52 - 7, values: [] },
			],
		);
		expect([...big.decoded.entityIds]).toEqual([2 ** 52 - 1, 1, 2 ** 52 - 7]);
		// What cannot be stored exactly is stored as 0 (unknown), never as another id.
		expect([
			storableEntityId(2 ** 53),
			storableEntityId(-1),
			storableEntityId(1.5),
			storableEntityId('7'),
			storableEntityId(42),
		]).toEqual([0, 0, 0, 0, 42]);
	});

	it('refuses a damaged state rather than misread it', () => {
		const rng = createRandom(8);
		const rows = Array.from({ length: 200 }, (_, i) => ({
			id: i + 1,
			entity: i + 1,
			values: [randomValue(rng, 'dropdown'), randomValue(rng, 'text')],
		}));
		const { state } = roundTrip(
			[
				{ id: 'a', keepValues: false },
				{ id: 'b', keepValues: false },
			],
			rows,
		);
		const flip = (text: string, at: number) =>
			text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
		expect(() =>
			decodeState({
				...state,
				fields: [{ ...state.fields[0], rows: flip(state.fields[0].rows, 7) }, state.fields[1]],
			}),
		).toThrow(/damaged/);
		expect(() => decodeState({ ...state, entryIds: flip(state.entryIds, 0) })).toThrow(/damaged/);
		expect(() => decodeState({ ...state, count: state.count + 1 })).toThrow(/damaged/);
	});

	it('does not take a foreign or older object for a state', () => {
		const { state } = roundTrip([], [{ id: 1, entity: 1, values: [] }]);
		expect(isTriggerState(state)).toBe(true);
		expect(state.version).toBe(STATE_VERSION);
		expect(isTriggerState(undefined)).toBe(false);
		expect(isTriggerState({ ...state, version: 1 })).toBe(false);
		expect(isTriggerState({ ...state, check: undefined })).toBe(false);
		expect(isTriggerState({ lastPoll: 123 })).toBe(false);
	});
});

describe('saved format', () => {
	it('is byte-identical for a fixed set of polls (a change here needs a new STATE_VERSION)', () => {
		const digest = createHash('sha256');
		for (const seed of [11, 12, 13]) {
			const rng = createRandom(seed);
			const fields = TYPES.map((type, c) => ({ id: type, keepValues: c % 5 === 0 }));
			let id = 100 + seed;
			const rows = Array.from({ length: 800 * (seed - 10) }, () => ({
				id: (id += rng.int(1, 4)),
				entity: rng.chance(0.5) ? rng.int(1, 2 ** 45) : rng.int(1, 2000),
				values: TYPES.map((type) =>
					rng.chance(0.02)
						? undefined
						: rng.chance(0.01)
							? randomValue(rng, 'text')
							: randomValue(rng, type),
				),
			}));
			if (seed === 12) rows.reverse();
			digest.update(JSON.stringify(roundTrip(fields, rows).state));
		}
		const constant = Array.from({ length: 5000 }, (_, i) => ({
			id: i * 7 + 1,
			entity: 9,
			values: [
				{ type: 'number', data: (i % 50) * 1000 } as FieldValue,
				{ type: 'text', data: 'x' } as FieldValue,
			],
		}));
		digest.update(
			JSON.stringify(
				roundTrip(
					[
						{ id: 'amount', keepValues: false },
						{ id: 'same', keepValues: false },
					],
					constant,
				).state,
			),
		);
		expect(digest.digest('hex')).toBe(
			'cab32aab3e0a3422d5ba84bcaca5234c1c4ec70b140dd47b42de5cbece348522',
		);
	});
});

describe('a damaged state', () => {
	const fields = TYPES.map((type, c) => ({ id: type, keepValues: c % 4 === 0 }));
	const rng = createRandom(77);
	let id = 10;
	const rows = Array.from({ length: 120 }, () => ({
		id: (id += rng.int(1, 3)),
		entity: rng.int(1, 5000),
		values: TYPES.map((type) => randomValue(rng, type)),
	}));
	const { state } = roundTrip(fields, rows);
	/** The state with `change` applied and its check made to match again: only the decoders stand guard. */
	const resealed = (change: Partial<TriggerState>): TriggerState => {
		const damaged = { ...state, ...change };
		return { ...damaged, check: checksum(damaged) };
	};

	it('is refused before anything is sized from a count the id columns cannot hold', () => {
		for (const count of [1e12, 2 ** 53 - 1, state.entryIds.length * 7]) {
			expect(() => decodeState(resealed({ count }))).toThrow(/cannot hold.*damaged/);
			expect(isTriggerState(resealed({ count }))).toBe(false);
		}
		for (const count of [-1, NaN, Infinity, 1.5, '3', null]) {
			expect(() => decodeState(resealed({ count: count as number }))).toThrow(/bad count/);
		}
	});

	it('is refused when any of its fields has the wrong type', () => {
		const wrong: Array<[keyof TriggerState, unknown]> = [
			['version', '2'],
			['key', 7],
			['entityType', null],
			['polledAt', 0],
			['check', 'x'],
			['entryIds', 5],
			['entityIds', 'odd'],
			['fields', {}],
		];
		for (const [field, value] of wrong) {
			expect(isTriggerState({ ...state, [field]: value })).toBe(false);
			expect(() => decodeState({ ...state, [field]: value })).toThrow(/damaged/);
		}
		for (const column of [
			null,
			3,
			[],
			{ id: 1, rows: '' },
			{ id: 'a', rows: 1 },
			{ id: 'a', rows: 'abc' },
			{ id: 'a', rows: '', values: 'ab' },
		]) {
			expect(() => decodeState({ ...state, fields: [column as never] })).toThrow(/damaged/);
		}
	});

	it('with a matching check but damaged bits is read or refused with an error, never a crash, a huge array or a hang', () => {
		const alphabet = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).filter(
			(c) => c !== '"' && c !== '\\',
		);
		const damage = createRandom(2026);
		const started = Date.now();
		let refused = 0;
		for (let round = 0; round < 1000; round++) {
			const texts = ['entryIds', 'entityIds', ...state.fields.map((_, i) => i)];
			const which = damage.pick(texts);
			const text =
				typeof which === 'number'
					? state.fields[which].rows
					: state[which as 'entryIds' | 'entityIds'];
			if (!text.length) continue;
			const at = damage.int(0, text.length - 1);
			const changed = damage.chance(0.2)
				? text.slice(0, at - (at % 2))
				: text.slice(0, at) + damage.pick(alphabet) + text.slice(at + 1);
			const damaged =
				typeof which === 'number'
					? resealed({
							fields: state.fields.map((f, i) => (i === which ? { ...f, rows: changed } : f)),
						})
					: resealed({ [which]: changed });
			try {
				const decoded = decodeState(damaged);
				const lengths = [
					decoded.entryIds.length,
					decoded.entityIds.length,
					...[...decoded.columns.values()].map((c) => c.hashes.length),
				];
				if (lengths.some((length) => length !== state.count))
					throw new Error(`round ${round}: decoded ${lengths.join(', ')} rows of ${state.count}`);
			} catch (error) {
				// A plain Error saying what is wrong: not a RangeError of a huge array, not a TypeError.
				if (
					(error as Error).constructor !== Error ||
					!/^(state|truncated bit text|invalid bit text|bit text|Exp-Golomb)/.test(
						(error as Error).message,
					)
				)
					throw error;
				refused++;
			}
		}
		expect(refused).toBeGreaterThan(200);
		expect(Date.now() - started).toBeLessThan(60_000);
	});
});
