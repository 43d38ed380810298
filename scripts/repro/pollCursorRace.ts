/*
 * A reproduction for n8n maintainers (n8n 2.41.1): with the durable scheduler, a poll node's
 * cursor can be emitted twice. `npx tsx scripts/repro/pollCursorRace.ts [--mode cursors]
 * [--wait 4800] [--seconds 120] [--restart]` starts one n8n (SQLite, one main) with the minimal poll node of
 * `n8n-nodes-poll-cursor-race/` polling every 5 s, lets it run, and counts how many executions
 * emitted each counter value. Every value must be emitted once. With `--restart`, n8n is stopped
 * half way and started again 20 s later: the poll times it missed are caught up at once.
 *
 * Modes: `legacy` (in-memory scheduler), `durable` (N8N_SCHEDULER_ENABLED,
 * N8N_USE_WORKFLOW_PUBLICATION_SERVICE, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED), `cursors` (durable
 * plus N8N_POLLER_DURABLE_CURSORS_ENABLED). Needs n8n installed (`npm run provision`).
 */
import fs from 'node:fs';
import path from 'node:path';

import { N8nRest, n8nImport, prepareN8n, startN8n, unflatten } from '../n8n';

const MODES = {
	legacy: {},
	durable: {
		N8N_SCHEDULER_ENABLED: 'true',
		N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
		N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	},
	cursors: {
		N8N_SCHEDULER_ENABLED: 'true',
		N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
		N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
		N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	},
} as const;

type Mode = keyof typeof MODES;

function option(name: string, fallback: string): string {
	const at = process.argv.indexOf(`--${name}`);
	return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

/** Twelve poll times, one every 5 s (n8n refuses a single cron firing more than once a minute). */
function everyFiveSeconds() {
	return {
		item: Array.from({ length: 12 }, (_, i) => ({
			mode: 'custom',
			cronExpression: `${i * 5} * * * * *`,
		})),
	};
}

async function main(): Promise<void> {
	const mode = option('mode', 'cursors') as Mode;
	if (!(mode in MODES)) throw new Error(`--mode must be one of ${Object.keys(MODES).join(', ')}`);
	const waitMs = Number(option('wait', '4800'));
	const seconds = Number(option('seconds', '120'));

	const setup = await prepareN8n({});
	fs.cpSync(
		path.join(__dirname, 'n8n-nodes-poll-cursor-race'),
		path.join(setup.userFolder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-poll-cursor-race'),
		{ recursive: true },
	);
	setup.env = { ...MODES[mode] };
	await n8nImport(setup, 'workflow', [
		{
			id: 'pollCursorRace',
			name: 'Poll cursor race',
			nodes: [
				{
					id: 'poll-cursor-race',
					name: 'Poll Cursor Race',
					type: 'n8n-nodes-poll-cursor-race.pollCursorRace',
					typeVersion: 1,
					position: [0, 0],
					parameters: { waitMs, pollTimes: everyFiveSeconds() },
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
			active: false,
		},
	]);
	let server = await startN8n(setup);
	try {
		const rest = new N8nRest(server.url);
		await rest.ensureOwner();
		await rest.login();
		const workflow = await rest.request<{ versionId: string }>(
			'GET',
			'/rest/workflows/pollCursorRace',
		);
		await rest.request('POST', '/rest/workflows/pollCursorRace/activate', {
			versionId: workflow.versionId,
		});
		const restart = process.argv.includes('--restart');
		console.log(
			`mode ${mode}, each poll waits ${waitMs} ms, running ${seconds} s${restart ? ', restarted half way' : ''}`,
		);
		if (restart) {
			await new Promise((r) => setTimeout(r, (seconds / 2) * 1000));
			await server.stop();
			await new Promise((r) => setTimeout(r, 20_000));
			server = await startN8n(setup);
			await rest.login();
			await new Promise((r) => setTimeout(r, (seconds / 2) * 1000));
		} else await new Promise((r) => setTimeout(r, seconds * 1000));
		await rest.request('POST', '/rest/workflows/pollCursorRace/deactivate', {});
		await new Promise((r) => setTimeout(r, waitMs + 3000));

		const filter = encodeURIComponent(JSON.stringify({ workflowId: 'pollCursorRace' }));
		// One page: a run of a few minutes polls fewer than 100 times.
		const page = await rest.request<{ results: Array<{ id: string }> }>(
			'GET',
			`/rest/executions?filter=${filter}&limit=100`,
		);
		const ids = page.results.map((e) => String(e.id));
		const emitted = new Map<number, string[]>();
		for (const id of new Set(ids)) {
			const stored = await rest.request<{ data: string }>('GET', `/rest/executions/${id}`);
			const data = unflatten(stored.data) as {
				resultData: {
					runData: Record<
						string,
						Array<{ data?: { main: Array<Array<{ json: { n: number } }>> } }>
					>;
				};
			};
			for (const item of data.resultData.runData['Poll Cursor Race']?.[0]?.data?.main[0] ?? [])
				emitted.set(item.json.n, [...(emitted.get(item.json.n) ?? []), String(id)]);
		}
		const twice = [...emitted].filter(([, ids]) => ids.length > 1);
		console.log(
			`${new Set(ids).size} executions, ${emitted.size} distinct values, ${twice.length} emitted more than once`,
		);
		for (const [n, ids] of twice) console.log(`  n=${n} in executions ${ids.join(', ')}`);
	} finally {
		await server.stop();
		if (!process.env.KEEP_E2E_FOLDERS)
			fs.rmSync(setup.userFolder, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
