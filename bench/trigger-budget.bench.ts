/**
 * The polling trigger under n8n's durable scheduler's default poll limit (45 s; the node's
 * budget is 36 s of it): a list of 10,000 and 100,000 entries whose every answer comes 150 ms
 * late (a network as the live API's), in both detections. Counted for each: the polls the
 * baseline takes, then, with one change on the list's last page, the polls until it is reported
 * and the time those polls spent reading; and the calls of a quiet poll against the calls of
 * the same poll without a limit (what a poll costs must not grow with the limit). Polls run back
 * to back here: with a poll every minute, the time until the first event is about (polls - 1)
 * minutes plus the last poll's time.
 *
 *   npm run bench -- trigger-budget        BENCH_SIZES=10000 npm run bench -- trigger-budget
 */
import type { IDataObject } from 'n8n-workflow';
import { request } from 'undici';

import { DEMO_KEY } from '../emulator/auth';
import { AffinityV2Trigger } from '../nodes/AffinityV2Trigger/AffinityV2Trigger.node.ts';
import { pollHarness } from '../testkit/engine';
import { fmt, machine, startEmulatorProcess } from './lib';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
/** n8n's default N8N_SCHEDULER_POLL_TIMEOUT less its margin (TriggerExecutionContextFactory). */
const BUDGET_MS = 36_000;
const ANSWER_DELAY_MS = 150;

const byId = (value: number) => ({ __rl: true, mode: 'id', value: String(value) });

interface Requests {
	path: string;
	method: string;
}

async function main(): Promise<void> {
	console.log(`machine: ${machine()}`);
	console.log(
		`poll budget ${BUDGET_MS / 1000} s (n8n's 45 s limit), every answer ${ANSWER_DELAY_MS} ms late`,
	);
	console.log(
		'| entries | detection | baseline: polls | change on the last page: polls until reported | their read time | calls of a quiet read (limit / none) |',
	);
	console.log('|---:|---|---:|---:|---:|---:|');
	for (const entries of SIZES) {
		const emulator = await startEmulatorProcess(['--big-list', String(entries), '--seed', '1']);
		try {
			const api = async <T>(path: string): Promise<T> => {
				const res = await request(`${emulator.baseUrl}${path}`, {
					headers: { authorization: `Bearer ${DEMO_KEY}` },
				});
				return (await res.body.json()) as T;
			};
			const lists = await api<{ data: Array<{ id: number; name: string }> }>('/v2/lists?limit=100');
			const list = lists.data.find((l) => l.name === 'Big Company List');
			if (!list) throw new Error('no Big Company List');
			const fields = await api<{ data: Array<{ id: string; name: string }> }>(
				`/v2/lists/${list.id}/fields?limit=100`,
			);
			const notes = fields.data.find((f) => f.name === 'Notes');
			if (!notes) throw new Error('no Notes field');
			const all = await emulator.control<Array<{ id: number }>>('GET', `/lists/${list.id}/entries`);
			for (const detection of ['snapshot', 'changeLog']) {
				await emulator.control('POST', '/settings', { answerDelayMs: ANSWER_DELAY_MS });
				const h = pollHarness(
					new AffinityV2Trigger(),
					{
						watch: 'list',
						listId: byId(list.id),
						detection,
						event: 'anyChange',
						watchedFieldIds: [notes.id],
						options: {},
					},
					{ apiKey: DEMO_KEY, baseUrl: emulator.baseUrl, apiVersion: '', ipAllowlistNote: '' },
				);
				const pollUntil = async (done: (events: IDataObject[]) => boolean) => {
					let polls = 0;
					const started = Date.now();
					for (;;) {
						polls++;
						const result = await h.poll('trigger', BUDGET_MS);
						const events = result ? result[0].map((i) => i.json) : [];
						if (done(events)) return { polls, ms: Date.now() - started };
						if (polls > 100) throw new Error('no end after 100 polls');
					}
				};
				const baseline = await pollUntil(() => h.staticData().read === undefined);
				const last = all[all.length - 1].id;
				await emulator.control('POST', '/values', {
					listEntryId: last,
					fieldId: notes.id,
					value: { type: 'text', data: `changed for the bench (${detection})` },
				});
				const change = await pollUntil((events) => events.some((e) => e.listEntryId === last));
				// A quiet read's calls (every poll until the read is whole), with the limit and without.
				const calls = async (budget: number | undefined) => {
					await emulator.control('DELETE', '/requests');
					let polls = 0;
					do {
						polls++;
						await h.poll('trigger', budget);
					} while (h.staticData().read !== undefined);
					const sent = (await emulator.control<Requests[]>('GET', '/requests')).length;
					return `${sent}${polls > 1 ? ` in ${polls} polls` : ''}`;
				};
				const quiet = [await calls(BUDGET_MS), await calls(undefined)];
				console.log(
					`| ${entries.toLocaleString('en-US')} | ${detection} | ${baseline.polls} | ${change.polls} | ${fmt(change.ms)} | ${quiet[0]} / ${quiet[1]} |`,
				);
				await emulator.control('POST', '/settings', { answerDelayMs: 0 });
			}
		} finally {
			await emulator.stop();
		}
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
