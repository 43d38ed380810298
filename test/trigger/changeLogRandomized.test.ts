/**
 * A seeded run of 1,000+ mutations against change-log detection: entries added (new companies
 * and the same company again) and removed, tracked and untracked field changes of every type,
 * bursts of changes sharing one timestamp, some made while a poll reads, and a reconciliation
 * every few polls. The events, replayed onto the first snapshot (log changes item by item),
 * must give the final list exactly: nothing lost, nothing emitted twice.
 */
import type { IDataObject } from 'n8n-workflow';

import { createRandom, type Random } from '../../emulator/random';
import { simplifyValue } from '../../nodes/AffinityV2/helpers/simplifyValue';
import type { ApiListEntry } from '../../nodes/AffinityV2/helpers/types';
import { EmulatorFixture } from '../harness/emulator';
import {
	TARGET_ACCOUNTS,
	addEntry,
	byId,
	events,
	fetchAll,
	listFields,
	randomValue,
	removeEntry,
	semantic,
	setValue,
	triggerHarness,
} from './helpers';

const fixture = new EmulatorFixture();

beforeAll(async () => {
	await fixture.start({
		observe: ({ responseBody }) => {
			const page = responseBody as { data?: unknown; pagination?: { nextUrl?: unknown } };
			if (Array.isArray(page?.data) && !page.data.length && page.pagination?.nextUrl)
				emptyPagesWithNext++;
		},
	});
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
});

const MUTATIONS = 1000;

/** A field's value for comparing: one semantic string, or the set of a multi value's items. */
type Value = string | Set<string>;

interface Entry {
	entityId: number;
	values: Map<string, Value>;
}

function valueOf(simplified: unknown): Value {
	if (Array.isArray(simplified)) return new Set(simplified.map(semantic));
	return semantic(simplified);
}

function text(value: Value | undefined): string {
	if (value === undefined) return 'null';
	if (typeof value === 'string') return value;
	return value.size ? `[${[...value].sort().join('|')}]` : 'null';
}

function snapshot(entries: ApiListEntry[]): Map<number, Entry> {
	const map = new Map<number, Entry>();
	for (const e of entries) {
		const values = new Map<string, Value>();
		for (const f of e.entity.fields ?? []) values.set(f.id, valueOf(simplifyValue(f.value)));
		map.set(e.id, { entityId: e.entity.id, values });
	}
	return map;
}

interface Tally {
	mutations: number;
	polls: number;
	concurrentPolls: number;
	reconciliations: number;
	sameTimeBursts: number;
	added: number;
	removed: number;
	logChanges: number;
	reconciledChanges: number;
	duplicated: number;
	lost: number;
}

class Replay {
	private readonly changeIds = new Set<number>();

	constructor(
		readonly entries: Map<number, Entry>,
		private readonly tally: Tally,
	) {}

	apply(items: IDataObject[]): void {
		for (const item of items) {
			const id = item.listEntryId as number;
			const changes = item.changes as Array<{
				fieldId: string;
				current: unknown;
				previous?: unknown;
				actionType?: string;
				multiValueItem?: boolean;
			}>;
			const present = this.entries.get(id);
			if (item.event === 'listEntryAdded') {
				this.tally.added++;
				if (present) this.tally.duplicated++;
				else
					this.entries.set(id, {
						entityId: item.entityId as number,
						values: new Map(changes.map((c) => [c.fieldId, valueOf(c.current)])),
					});
			} else if (item.event === 'listEntryRemoved') {
				this.tally.removed++;
				if (!present) this.tally.duplicated++;
				this.entries.delete(id);
			} else if (item.detectedBy === 'changeLog') {
				this.tally.logChanges++;
				if (this.changeIds.has(item.changeId as number)) this.tally.duplicated++;
				this.changeIds.add(item.changeId as number);
				if (!present) throw new Error(`a change of entry ${id}, which the replay does not have`);
				for (const c of changes) {
					if (c.multiValueItem) {
						const before = present.values.get(c.fieldId);
						const items = new Set(typeof before === 'object' ? before : []);
						if (c.actionType === 'add') items.add(semantic(c.current));
						else items.delete(semantic(c.previous));
						present.values.set(c.fieldId, items);
					} else present.values.set(c.fieldId, valueOf(c.current));
				}
			} else {
				this.tally.reconciledChanges++;
				if (!present)
					throw new Error(`a reconciled change of entry ${id}, which the replay does not have`);
				for (const c of changes) {
					if (text(valueOf(c.current)) === text(present.values.get(c.fieldId)))
						this.tally.duplicated++;
					present.values.set(c.fieldId, valueOf(c.current));
				}
			}
		}
	}

	lostAgainst(final: Map<number, Entry>): number {
		let lost = 0;
		for (const id of new Set([...final.keys(), ...this.entries.keys()])) {
			const want = final.get(id);
			const have = this.entries.get(id);
			if (!want || !have) {
				lost++;
				continue;
			}
			if (want.entityId !== have.entityId) lost++;
			for (const [fieldId, value] of want.values)
				if (text(have.values.get(fieldId)) !== text(value)) lost++;
		}
		return lost;
	}
}

/**
 * The live API's paging and lag: every other page empty but for its nextUrl, and v1 writes seen
 * by v2 reads only after 300 ms (the emulator's live settings; whole-second filter times are its
 * default in every run).
 */
const LIVE = { emptyPageEvery: 2, v1ReadDelayMs: 300 };
let emptyPagesWithNext = 0;

async function randomRun(seed: number, live = false): Promise<Tally> {
	if (live) await fixture.control('POST', '/settings', LIVE);
	const rng: Random = createRandom(seed);
	const store = fixture.emulator.store;
	const fields = listFields(fixture, TARGET_ACCOUNTS).filter((f) => !f.readOnly);
	// Two fields without change tracking: only a reconciliation sees their changes.
	const untracked = rng.sample(fields, 2);
	for (const field of untracked)
		await fixture.control('POST', `/fields/${field.id}/change-tracking`, { enabled: false });
	const pools = {
		persons: [...store.persons.keys()].slice(0, 60),
		companies: [...store.companies.keys()].slice(0, 60),
	};
	const h = triggerHarness(fixture, { listId: byId(TARGET_ACCOUNTS), detection: 'changeLog' });
	const tally: Tally = {
		mutations: 0,
		polls: 0,
		concurrentPolls: 0,
		reconciliations: 0,
		sameTimeBursts: 0,
		added: 0,
		removed: 0,
		logChanges: 0,
		reconciledChanges: 0,
		duplicated: 0,
		lost: 0,
	};

	expect(await h.poll()).toBeNull();
	const replay = new Replay(snapshot(await fetchAll(fixture, TARGET_ACCOUNTS)), tally);

	const current = () => store.entriesByList.get(TARGET_ACCOUNTS) ?? [];
	const mutateOnce = async (): Promise<void> => {
		const entries = current();
		const roll = rng.next();
		const entry = rng.pick(entries);
		if (roll < 0.08)
			await addEntry(fixture, TARGET_ACCOUNTS, undefined, `Random Co ${rng.int(1, 1e6)}`);
		else if (roll < 0.12) {
			// The same company again; live, through API v1 as List Entry → Add does.
			if (live) {
				const res = await fixture.api(`/lists/${TARGET_ACCOUNTS}/list-entries`, undefined, {
					method: 'POST',
					body: { entity_id: entry.entityId },
				});
				if (res.status !== 200) throw new Error(`v1 add: ${res.status}`);
			} else await addEntry(fixture, TARGET_ACCOUNTS, entry.entityId);
		} else if (roll < 0.22 && entries.length > 150) await removeEntry(fixture, entry.id);
		else if (roll < 0.4) {
			const field = rng.pick(untracked);
			await setValue(fixture, entry.id, field.id, randomValue(rng, field, pools));
		} else {
			const field = rng.pick(fields);
			await setValue(fixture, entry.id, field.id, randomValue(rng, field, pools));
		}
		tally.mutations++;
	};
	const burst = async (count: number): Promise<void> => {
		for (let i = 0; i < count; i++) await mutateOnce();
	};
	const sameTimeBurst = async (count: number): Promise<void> => {
		// Every change of the burst gets one timestamp, across pages of the change log.
		const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now());
		try {
			await burst(count);
		} finally {
			now.mockRestore();
		}
		tally.sameTimeBursts++;
	};
	const reconcileSoon = () => {
		const log = h.staticData().changeLog as { reconciledAt: string };
		log.reconciledAt = new Date(Date.parse(log.reconciledAt) - 25 * 3_600_000).toISOString();
		tally.reconciliations++;
	};

	while (tally.mutations < MUTATIONS) {
		const roll = rng.next();
		let result;
		if (roll < 0.15) await sameTimeBurst(rng.int(60, 140));
		else if (roll < 0.45) {
			[result] = await Promise.all([h.poll(), burst(rng.int(5, 30))]);
			tally.concurrentPolls++;
			tally.polls++;
			replay.apply(events(result));
		} else await burst(rng.int(5, 40));
		if (rng.chance(0.15)) reconcileSoon();
		result = await h.poll();
		tally.polls++;
		replay.apply(events(result));
	}
	// A last quiet poll and a last reconciliation: everything is reported by now (live, once the
	// v2 reads have caught up with the last v1 writes).
	if (live) await new Promise((resolve) => setTimeout(resolve, LIVE.v1ReadDelayMs + 100));
	replay.apply(events(await h.poll()));
	reconcileSoon();
	replay.apply(events(await h.poll()));
	tally.polls += 2;

	tally.lost = replay.lostAgainst(snapshot(await fetchAll(fixture, TARGET_ACCOUNTS)));
	return tally;
}

describe('randomized: change-log events replayed reproduce the list', () => {
	it('1,000+ mutations, tracked and untracked fields, same-time bursts, reconciliations', async () => {
		const tally = await randomRun(20260713);
		console.log(`changeLog randomized: ${JSON.stringify(tally)}`);
		expect(tally.mutations).toBeGreaterThanOrEqual(MUTATIONS);
		expect(tally.added).toBeGreaterThan(50);
		expect(tally.removed).toBeGreaterThan(30);
		expect(tally.logChanges).toBeGreaterThan(300);
		expect(tally.reconciledChanges).toBeGreaterThan(30);
		expect(tally.sameTimeBursts).toBeGreaterThan(0);
		expect(tally.reconciliations).toBeGreaterThan(2);
		expect({ lost: tally.lost, duplicated: tally.duplicated }).toEqual({ lost: 0, duplicated: 0 });
	});
});

describe('randomized, as the live API answers: whole-second filters, empty pages, v2 behind v1', () => {
	it('1,000+ mutations, entries added through v1: nothing lost, nothing emitted twice', async () => {
		emptyPagesWithNext = 0;
		const tally = await randomRun(20261127, true);
		console.log(`changeLog randomized, live: ${JSON.stringify(tally)}`);
		const log = await fixture.requests();
		// The run met what it is about: empty pages with a nextUrl, entries added by API v1, and
		// change-log filters in whole seconds.
		expect(emptyPagesWithNext).toBeGreaterThan(20);
		expect(
			log.filter((r) => r.method === 'POST' && r.path === `/lists/${TARGET_ACCOUNTS}/list-entries`)
				.length,
		).toBeGreaterThan(10);
		const filters = log
			.filter((r) => r.path === '/v2/field-value-changes' && r.query.includes('filter'))
			.map((r) => new URLSearchParams(r.query).get('filter') ?? '');
		expect(filters.length).toBeGreaterThan(10);
		expect(filters.filter((f) => /\d\.\d+Z/.test(f))).toEqual([]);
		expect(tally.mutations).toBeGreaterThanOrEqual(MUTATIONS);
		expect(tally.logChanges).toBeGreaterThan(300);
		expect({ lost: tally.lost, duplicated: tally.duplicated }).toEqual({ lost: 0, duplicated: 0 });
	});
});
