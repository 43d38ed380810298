/**
 * A damaged saved state never stops the trigger. Whatever the workflow's static data holds in
 * place of the state (a count out of range, a field of the wrong type, a truncated bit text,
 * random damage), a poll completes: it reads the state, or starts one new baseline; and the
 * next poll that completes has replaced it, so that changes are reported again from there.
 */
import type { IDataObject } from 'n8n-workflow';

import { createRandom, type Random } from '../../emulator/random';
import {
	decodeState,
	isTriggerState,
	type TriggerState,
} from '../../nodes/AffinityV2Trigger/state';
import { EmulatorFixture } from '../harness/emulator';
import type { PollHarness } from '../../testkit/engine';
import {
	DEAL_PIPELINE,
	byId,
	events,
	fetchAll,
	listFields,
	setValue,
	triggerHarness,
} from '../trigger/helpers';

const fixture = new EmulatorFixture();

beforeAll(async () => {
	await fixture.start();
});
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A trigger on a small list that keeps values (so that its state has kept values too), after its first poll. */
async function primed(): Promise<{
	h: PollHarness;
	good: TriggerState;
	entryId: number;
	notes: string;
}> {
	const h = triggerHarness(fixture, {
		listId: byId(DEAL_PIPELINE),
		options: { keepPreviousValues: true },
	});
	expect(await h.poll()).toBeNull();
	const good = clone(h.staticData().state as unknown as TriggerState);
	const [, entry] = await fetchAll(fixture, DEAL_PIPELINE);
	const text = listFields(fixture, DEAL_PIPELINE).find((f) => f.valueType === 'text');
	if (!text) throw new Error('no text field on the Deal Pipeline');
	return { h, good, entryId: entry.id, notes: text.id };
}

function damage(h: PollHarness, state: unknown): void {
	(h.staticData() as IDataObject).state = state as IDataObject;
}

/**
 * The poll after the damage is a new baseline: it completes without reporting the change made
 * before it, and saves a readable state; the poll after that reports the next change, once.
 */
async function expectOneNewBaseline(h: PollHarness, entryId: number, notes: string): Promise<void> {
	await setValue(fixture, entryId, notes, {
		type: 'text',
		data: 'changed before the damaged poll',
	});
	expect(await h.poll()).toBeNull();
	const saved = h.staticData().state;
	expect(isTriggerState(saved)).toBe(true);
	expect(decodeState(saved).count).toBe((await fetchAll(fixture, DEAL_PIPELINE)).length);
	await setValue(fixture, entryId, notes, { type: 'text', data: 'changed after it' });
	const out = events(await h.poll());
	expect(out).toEqual([
		expect.objectContaining({ event: 'fieldValueChanged', listEntryId: entryId }),
	]);
	expect(await h.poll()).toBeNull();
}

type Damage = [string, (state: TriggerState) => unknown];

const set =
	(field: keyof TriggerState, value: unknown) =>
	(state: TriggerState): unknown => ({ ...state, [field]: value });
const setColumn =
	(field: 'id' | 'rows' | 'values', value: unknown) =>
	(state: TriggerState): unknown => ({
		...state,
		fields: state.fields.map((f, i) => (i === 0 ? { ...f, [field]: value } : f)),
	});

const damages: Damage[] = [
	// Counts that would size arrays beyond memory, or that are not counts at all.
	['a count of 10^12', set('count', 1e12)],
	['a count of 2^53', set('count', 2 ** 53)],
	['an infinite count', set('count', Infinity)],
	['a NaN count', set('count', NaN)],
	['a negative count', set('count', -1)],
	['a fractional count', set('count', 12.5)],
	['a count as text', set('count', '250')],
	['a null count', set('count', null)],
	['a count one too many', (s) => ({ ...s, count: s.count + 1 })],
	['a count of zero', set('count', 0)],
	// Every other field of the state, with a value of the wrong type.
	['a version as text', set('version', '2')],
	['a null version', set('version', null)],
	['a numeric entity type', set('entityType', 42)],
	['an entity type that is an object', set('entityType', {})],
	['a null poll time', set('polledAt', null)],
	['a numeric poll time', set('polledAt', 1_700_000_000_000)],
	['a check as text', (s) => ({ ...s, check: String(s.check) })],
	['a negative check', set('check', -1)],
	['a check beyond 32 bits', (s) => ({ ...s, check: s.check + 2 ** 32 })],
	['a fractional check', (s) => ({ ...s, check: s.check + 0.5 })],
	['a null check', set('check', null)],
	['numeric entry ids', set('entryIds', 42)],
	['null entity ids', set('entityIds', null)],
	['entity ids as a list', set('entityIds', [1, 2, 3])],
	['fields as an object', set('fields', {})],
	['fields as text', set('fields', 'fields')],
	['a null column', (s) => ({ ...s, fields: [null, ...s.fields.slice(1)] })],
	['a numeric column', (s) => ({ ...s, fields: [7, ...s.fields.slice(1)] })],
	['a column with a numeric id', setColumn('id', 5)],
	['a column with numeric rows', setColumn('rows', 5)],
	['a column without rows', setColumn('rows', undefined)],
	['kept values as text', setColumn('values', 'abc')],
	['kept values as an object with a length', setColumn('values', { length: 3 })],
	['kept values of the wrong length', setColumn('values', [1])],
	// Bit texts cut short, of odd length, or with characters outside their alphabet.
	['entry ids cut short', (s) => ({ ...s, entryIds: s.entryIds.slice(0, -2) })],
	['entry ids of odd length', (s) => ({ ...s, entryIds: s.entryIds.slice(1) })],
	['empty entry ids', set('entryIds', '')],
	['entity ids cut short', (s) => ({ ...s, entityIds: s.entityIds.slice(0, 2) })],
	[
		'a column cut short',
		(s) => ({
			...s,
			fields: s.fields.map((f) => ({
				...f,
				rows: f.rows.slice(0, Math.floor(f.rows.length / 4) * 2),
			})),
		}),
	],
	[
		'a column with a quote in it',
		(s) => ({
			...s,
			fields: s.fields.map((f, i) => (i === 1 ? { ...f, rows: `"${f.rows.slice(1)}` } : f)),
		}),
	],
	// Not a state at all.
	['text', () => 'state'],
	['a number', () => 42],
	['a list', (s) => [s]],
	['an empty object', () => ({})],
];

describe('a damaged trigger state', () => {
	it.each(damages)(
		'%s: one new baseline, then changes are reported again',
		async (_label, mutate) => {
			const { h, good, entryId, notes } = await primed();
			damage(h, mutate(clone(good)));
			await expectOneNewBaseline(h, entryId, notes);
		},
	);

	it('random damage, many times over: every poll completes, and an unreadable state is a new baseline', async () => {
		const { h, good, entryId, notes } = await primed();
		const rng = createRandom(20260715);
		for (let round = 0; round < 100; round++) {
			const damaged = mutateRandomly(rng, clone(good));
			damage(h, damaged);
			let readable = true;
			try {
				decodeState(damaged);
			} catch {
				readable = false;
			}
			const out = await h.poll();
			// Nothing changed in Affinity: an unreadable state gives a silent baseline.
			if (!readable) expect(out).toBeNull();
			expect(isTriggerState(h.staticData().state)).toBe(true);
		}
		await setValue(fixture, entryId, notes, { type: 'text', data: 'after the damage' });
		expect(events(await h.poll())).toEqual([
			expect.objectContaining({ event: 'fieldValueChanged', listEntryId: entryId }),
		]);
	});
});

/** A JSON value of a random type (what a damaged static data field may hold). */
function randomJson(rng: Random): unknown {
	return rng.pick<() => unknown>([
		() => null,
		() => rng.chance(0.5),
		() => rng.int(-1e6, 1e6),
		() => rng.pick([1e12, 2 ** 53, -(2 ** 31), 0.5, Number.MAX_SAFE_INTEGER]),
		() => 'x'.repeat(rng.int(0, 5)),
		() => [],
		() => ({}),
	])();
}

/** One to three random changes somewhere in the state: a field replaced, a number out of range, a bit text altered or cut. */
function mutateRandomly(rng: Random, state: TriggerState): unknown {
	const target = state as unknown as Record<string, unknown>;
	for (let n = rng.int(1, 3); n > 0; n--) {
		const fields: unknown[] = Array.isArray(state.fields)
			? state.fields.filter((f) => f !== null && typeof f === 'object')
			: [];
		const column = fields.length
			? (rng.pick(fields) as unknown as Record<string, unknown>)
			: undefined;
		const where = rng.int(0, 6);
		if (where === 0) target[rng.pick(Object.keys(target))] = randomJson(rng);
		else if (where === 1 && column) column[rng.pick(['id', 'rows', 'values'])] = randomJson(rng);
		else if (where === 2)
			target[rng.pick(['count', 'check'])] = rng.pick([
				1e12,
				2 ** 53,
				-1,
				NaN,
				Infinity,
				state.count + 1,
			]);
		else {
			const owner = where === 3 || !column ? target : column;
			const key = owner === target ? rng.pick(['entryIds', 'entityIds']) : 'rows';
			const text = owner[key];
			if (typeof text !== 'string' || text.length === 0) continue;
			const at = rng.int(0, text.length - 1);
			owner[key] = rng.chance(0.5)
				? text.slice(0, at)
				: text.slice(0, at) + String.fromCharCode(rng.int(32, 126)) + text.slice(at + 1);
		}
	}
	return state;
}
