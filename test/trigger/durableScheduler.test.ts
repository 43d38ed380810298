/**
 * The polling trigger under n8n's durable scheduler, as n8n 2.41 runs a poll there
 * (packages/cli TriggerExecutionContextFactory.getExecutePollFunctions): the node's static data
 * is a copy of the committed state taken when the poll's task starts; with durable cursors the
 * copy is committed with the execution when the poll emits, or alone when it returns nothing;
 * without them it is saved only when the poll emits. Several tasks of one node may start at
 * once, and a commit lands a moment after the poll returned, or is refused (the poll lost its
 * lease: no execution). Every change must reach exactly one execution.
 */
import type { IDataObject, INode, INodeExecutionData, INodeType } from 'n8n-workflow';
import { PollContext } from 'n8n-core';

import { AffinityV2Trigger } from '../../nodes/AffinityV2Trigger/AffinityV2Trigger.node.ts';
import { COMMIT_WINDOW_MS } from '../../nodes/AffinityV2Trigger/poll/pollGuard';
import { additionalData, pollHarness } from '../../testkit/engine';
import { EmulatorFixture } from '../harness/emulator';
import { TARGET_ACCOUNTS, byId, fetchAll, fieldNamed, removeEntry, setValue } from './helpers';

const fixture = new EmulatorFixture();

beforeAll(async () => {
	await fixture.start();
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
});

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** One workflow's trigger node polled the way n8n 2.41's durable scheduler polls it. */
function durableTrigger(parameters: IDataObject, options: { cursors: boolean }) {
	const trigger = new AffinityV2Trigger();
	const base = pollHarness(
		trigger,
		{ watch: 'list', event: 'anyChange', watchedFieldIds: [], options: {}, ...parameters },
		fixture.credentials(),
	);
	const node = base.workflow.getNode('Trigger') as INode;
	const data = additionalData(base.helper);
	/** The state in n8n's database. */
	let committed: IDataObject = {};
	/** What the executions that reached the database emitted, as "event:entry:value". */
	const executions: string[][] = [];

	/**
	 * Starts a poll's task: takes its copy of the committed state now; `run` polls from it. The
	 * returned `commit` makes what the poll staged land (n8n does it a moment after the poll).
	 */
	function start(budgetMs?: number) {
		const staged = clone(committed);
		const taken = clone(committed);
		return async () => {
			const context = new PollContext(
				base.workflow,
				node,
				data,
				'trigger',
				'activate',
				undefined,
				undefined,
				undefined,
				undefined,
				() => staged,
				budgetMs === undefined ? undefined : () => budgetMs,
			);
			const result = await (trigger.poll as NonNullable<INodeType['poll']>).call(context);
			const emitted = result ? summary(result) : [];
			return {
				emitted,
				commit(refused = false) {
					if (refused) return;
					if (result) executions.push(emitted);
					// Without durable cursors only an emitting poll's state is saved; with them a
					// quiet poll's too, when it changed (n8n compares it with what the poll read).
					const changed = JSON.stringify(staged) !== JSON.stringify(taken);
					if (result || (options.cursors && changed)) committed = clone(staged);
				},
			};
		};
	}

	return {
		start,
		/** A poll whose commit lands at once. */
		async poll(budgetMs?: number) {
			const outcome = await start(budgetMs)();
			outcome.commit();
			return outcome.emitted;
		},
		executions,
		committed: () => committed,
	};
}

function summary(result: INodeExecutionData[][]): string[] {
	return result[0].map((item) => {
		const e = item.json;
		const notes = ((e.changes as IDataObject[] | undefined) ?? []).find(
			(c) => c.fieldName === 'Notes',
		);
		return `${String(e.event)}:${String(e.listEntryId)}:${String(notes?.current ?? '')}`;
	});
}

describe.each([
	['durable cursors', true],
	['no durable cursors', false],
])('the durable scheduler (%s)', (_name, cursors) => {
	it.each(['snapshot', 'changeLog'])(
		'%s: polls that start before the last emitting poll was committed emit nothing twice',
		async (detection) => {
			const t = durableTrigger({ listId: byId(TARGET_ACCOUNTS), detection }, { cursors });
			expect(await t.poll()).toEqual([]);
			const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
			const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes').id;
			await setValue(fixture, entries[4].id, notes, { type: 'text', data: 'one' });

			// After a restart n8n starts one task per poll time at once: all take the same state.
			const tasks = [t.start(), t.start(), t.start()];
			const first = await tasks[0]();
			expect(first.emitted).toEqual([`fieldValueChanged:${entries[4].id}:one`]);
			// The others run after the first returned, before its commit landed.
			const late = [await tasks[1](), await tasks[2]()];
			first.commit();
			for (const other of late) {
				expect(other.emitted).toEqual([]);
				other.commit();
			}
			expect(await t.poll()).toEqual([]);

			// The next change, once.
			await setValue(fixture, entries[4].id, notes, { type: 'text', data: 'two' });
			expect(await t.poll()).toEqual([`fieldValueChanged:${entries[4].id}:two`]);
			expect(await t.poll()).toEqual([]);
			expect(t.executions.flat()).toEqual([
				`fieldValueChanged:${entries[4].id}:one`,
				`fieldValueChanged:${entries[4].id}:two`,
			]);
		},
	);

	it('a poll whose commit n8n refused (no execution) is reported again once the commit window has passed', async () => {
		const t = durableTrigger({ listId: byId(TARGET_ACCOUNTS) }, { cursors });
		await t.poll();
		const [entry] = await fetchAll(fixture, TARGET_ACCOUNTS);
		await removeEntry(fixture, entry.id);
		const refused = await t.start()();
		expect(refused.emitted).toEqual([`listEntryRemoved:${entry.id}:`]);
		refused.commit(true);
		// Within the window the commit may still land: nothing is read.
		expect(await t.poll()).toEqual([]);
		const real = Date.now.bind(Date);
		const later = jest.spyOn(Date, 'now').mockImplementation(() => real() + COMMIT_WINDOW_MS + 1);
		try {
			expect(await t.poll()).toEqual([`listEntryRemoved:${entry.id}:`]);
		} finally {
			later.mockRestore();
		}
		expect(t.executions.flat()).toEqual([`listEntryRemoved:${entry.id}:`]);
	});

	it('a list slower to read than a poll may take is read through over quiet polls', async () => {
		await fixture.control('POST', '/settings', { answerDelayMs: 400 });
		try {
			const t = durableTrigger({ listId: byId(TARGET_ACCOUNTS) }, { cursors });
			// One page a poll: the baseline is complete after three.
			for (let i = 0; i < 3; i++) expect(await t.poll(2000)).toEqual([]);
			expect(t.committed().read).toEqual(cursors ? undefined : t.committed().read);
			const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
			const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes').id;
			await setValue(fixture, entries[230].id, notes, { type: 'text', data: 'last page' });
			const got: string[] = [];
			for (let i = 0; i < 4; i++) got.push(...(await t.poll(2000)));
			expect(got).toEqual([`fieldValueChanged:${entries[230].id}:last page`]);
			expect(t.executions.flat()).toEqual(got);
		} finally {
			await fixture.control('POST', '/settings', { answerDelayMs: 0 });
		}
	});
});
