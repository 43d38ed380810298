/**
 * Download memory: what File → Download costs in memory for files over the node's limit
 * (100 MB), against the old way of reading a download (the whole answer into one buffer with
 * n8n's HTTP client, then base64 as n8n's default binary mode keeps it). Each case runs in a
 * process of its own (peak RSS is a process's high-water mark); the emulator runs in another.
 * Prints peak RSS and peak heap growth over the process's start, no timing.
 */
import { spawnSync } from 'node:child_process';

import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';

import { DEMO_KEY } from '../emulator/auth';
import { runAffinityNode } from '../testkit/engine';
import { machine, ROOT, startEmulatorProcess } from './lib';

const MB = 1024 * 1024;

interface Case {
	name: string;
	/** The file's record (GET /entity-files/1): its size, or none. */
	recordSize?: number;
	/** The bytes the download answers, and whether it says how many. */
	bytes: number;
	declareLength: boolean;
	/** The old way (a buffered read) instead of the node. */
	baseline?: boolean;
}

const CASES: Case[] = [
	{
		name: 'baseline: 150 MB read whole (old way)',
		bytes: 150 * MB,
		declareLength: true,
		baseline: true,
	},
	{
		name: 'baseline: 300 MB read whole (old way)',
		bytes: 300 * MB,
		declareLength: true,
		baseline: true,
	},
	{
		name: 'node: record says 300 MB (refused before the download)',
		recordSize: 300 * MB,
		bytes: 300 * MB,
		declareLength: true,
	},
	{
		name: 'node: 150 MB, Content-Length given (refused unread)',
		bytes: 150 * MB,
		declareLength: true,
	},
	{
		name: 'node: 300 MB, Content-Length given (refused unread)',
		bytes: 300 * MB,
		declareLength: true,
	},
	{
		name: 'node: 150 MB, no length, no record size (stopped at 100 MB)',
		bytes: 150 * MB,
		declareLength: false,
	},
	{
		name: 'node: 300 MB, no length, no record size (stopped at 100 MB)',
		bytes: 300 * MB,
		declareLength: false,
	},
	{
		name: 'node: 300 MB, no length, record says 1 KB (stopped at 1 KB)',
		recordSize: 1024,
		bytes: 300 * MB,
		declareLength: false,
	},
	{
		name: 'node: 90 MB within the limit (downloaded)',
		recordSize: 90 * MB,
		bytes: 90 * MB,
		declareLength: true,
	},
];

interface Figures {
	peakRssMb: number;
	rssGrowthMb: number;
	heapGrowthMb: number;
	outcome: string;
}

/** One case, in this process: returns its figures. */
async function measure(c: Case): Promise<Figures> {
	const emulator = await startEmulatorProcess([]);
	try {
		const metadata = {
			id: 1,
			name: 'big.bin',
			organization_id: 3000001,
			...(c.recordSize === undefined ? {} : { size: c.recordSize }),
		};
		await emulator.control('POST', '/faults', {
			faults: [
				{ kind: 'answer', method: 'GET', path: '^/entity-files/1$', value: metadata },
				{
					kind: 'file',
					method: 'GET',
					path: '^/entity-files/download/1$',
					bytes: c.bytes,
					declareLength: c.declareLength,
				},
			],
		});
		global.gc?.();
		const start = process.memoryUsage();
		let peakHeap = start.heapUsed + start.external;
		const sampler = setInterval(() => {
			const m = process.memoryUsage();
			peakHeap = Math.max(peakHeap, m.heapUsed + m.external);
		}, 10);
		let outcome: string;
		try {
			if (c.baseline) {
				const res = (await Container.get(OutboundHttp)
					.requests()
					.request({
						method: 'GET',
						url: `${emulator.baseUrl}/entity-files/download/1`,
						headers: { Authorization: `Bearer ${DEMO_KEY}` },
						encoding: 'arraybuffer',
						json: false,
						returnFullResponse: true,
						ignoreHttpStatusErrors: true,
						timeout: 60_000,
					})) as { body: ArrayBuffer | Buffer };
				const bytes = Buffer.from(res.body as ArrayBuffer);
				const base64 = bytes.toString('base64');
				outcome = `read ${bytes.length} bytes (${base64.length} as base64)`;
			} else {
				const run = await runAffinityNode({
					credentials: { apiKey: DEMO_KEY, baseUrl: emulator.baseUrl, apiVersion: '' },
					parameters: { resource: 'file', operation: 'download', fileId: '1' },
				});
				outcome = run.error ? `error: ${run.error.message.slice(0, 90)}` : 'downloaded';
			}
		} finally {
			clearInterval(sampler);
		}
		const rss = process.resourceUsage().maxRSS * 1024;
		return {
			peakRssMb: rss / MB,
			rssGrowthMb: (rss - start.rss) / MB,
			heapGrowthMb: (peakHeap - (start.heapUsed + start.external)) / MB,
			outcome,
		};
	} finally {
		await emulator.stop();
	}
}

async function main(): Promise<void> {
	const only = process.env.BENCH_DOWNLOAD_CASE;
	if (only !== undefined) {
		const figures = await measure(CASES[Number(only)]);
		console.log(`FIGURES ${JSON.stringify(figures)}`);
		return;
	}
	console.log(
		`Download memory (${machine()}): peak RSS, its growth, and peak growth of heap + external (buffers)`,
	);
	console.log('case'.padEnd(66), 'peak RSS', ' RSS +', 'heap+buf +', ' outcome');
	for (let i = 0; i < CASES.length; i++) {
		const child = spawnSync(
			process.execPath,
			['--expose-gc', `${ROOT}/node_modules/tsx/dist/cli.mjs`, __filename],
			{ env: { ...process.env, BENCH_DOWNLOAD_CASE: String(i) }, encoding: 'utf8' },
		);
		const line = (child.stdout ?? '').split('\n').find((l) => l.startsWith('FIGURES '));
		if (!line) {
			console.log(CASES[i].name.padEnd(66), 'failed:', (child.stderr ?? '').slice(-300));
			continue;
		}
		const f = JSON.parse(line.slice(8)) as Figures;
		console.log(
			CASES[i].name.padEnd(66),
			`${f.peakRssMb.toFixed(0).padStart(5)} MB`,
			`${f.rssGrowthMb.toFixed(0).padStart(5)} MB`,
			`${f.heapGrowthMb.toFixed(0).padStart(6)} MB`,
			` ${f.outcome}`,
		);
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
