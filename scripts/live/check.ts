import { DEMO_KEY, Emulator } from '../../emulator';
import { nodeOperations } from '../../testkit/nodeOperations';
import { runFacts, type FactContext, type FactResult } from './facts';
import { isRead } from './operations';
import type { Options } from './options';
import { RecordingProxy } from './proxy';
import { READS } from './readPlan';
import { collectSensitive, writeReport, type Comparison, type Report } from './report';
import { runOperation, Target, type OperationResult, type Outcome } from './runner';
import { diffShapes } from './shapes';
import { WebhookReceiver } from './webhookReceiver';
import { prepareSandbox, WRITES, type Sandbox } from './writePlan';
import { WriteRun } from './writeRun';

/** A confirmed run of the live check (main.ts reads the command line): the plans, the report. */

interface Side {
	target: Target;
	results: OperationResult[];
	write?: WriteRun;
}

/** Every operation of the node, with the plan's outcome for it (or "not covered"). */
function byOperation(side: Side, operations: string[]): OperationResult[] {
	const merged = new Map<string, OperationResult>();
	const rank: Record<Outcome, number> = {
		'schema difference': 4,
		error: 3,
		pass: 2,
		skipped: 1,
		'not covered': 0,
	};
	for (const r of [...side.results, ...(side.write?.results ?? [])]) {
		const before = merged.get(r.operation);
		if (!before) {
			merged.set(r.operation, { ...r, shapes: { ...r.shapes } });
			continue;
		}
		// One operation exercised by several steps: the worst outcome, every call.
		const worst = rank[r.outcome] > rank[before.outcome] ? r : before;
		const reasons = [before.reason, r.reason].filter(Boolean);
		merged.set(r.operation, {
			...before,
			outcome: worst.outcome,
			reason: worst.outcome === 'pass' ? undefined : [...new Set(reasons)].join('; ') || undefined,
			runs: before.runs + r.runs,
			calls: [...before.calls, ...r.calls],
			shapes: { ...before.shapes, ...r.shapes },
		});
	}
	const written = new Set(WRITES.map((w) => w.operation));
	const out = operations.map((operation): OperationResult => {
		const result = merged.get(operation);
		if (result) return result;
		const kind = isRead(operation) ? 'read' : 'write';
		const planned = kind === 'write' && written.has(operation);
		return {
			operation,
			kind,
			outcome: planned ? 'skipped' : 'not covered',
			reason: planned
				? 'a write: run with --write'
				: kind === 'read'
					? 'no case in scripts/live/readPlan.ts'
					: 'no step in scripts/live/writePlan.ts',
			runs: 0,
			calls: [],
			shapes: {},
		};
	});
	for (const [operation, result] of merged)
		if (!operations.includes(operation))
			out.push({
				...result,
				outcome: 'error',
				reason: 'the plan names an operation the node lacks',
			});
	return out;
}

async function runSide(target: Target, sandbox: Sandbox | undefined): Promise<Side> {
	const side: Side = { target, results: [] };
	const found: Record<string, unknown> = {};
	for (const c of READS) {
		const { result, answers } = await runOperation(
			target,
			c.operation,
			'read',
			() => c.runs(found),
			{
				before: c.discover ? () => c.discover!(target.call, found) : undefined,
			},
		);
		c.finds?.(answers, found);
		side.results.push(result);
	}
	if (sandbox) {
		await prepareSandbox(target.call, sandbox);
		side.write = new WriteRun(target, sandbox);
		stopOnInterrupt = side.write;
		await side.write.run(WRITES);
		stopOnInterrupt = undefined;
	}
	return side;
}

let stopOnInterrupt: { stopped?: boolean } | undefined;

function summaryOf(results: OperationResult[]): Record<Outcome, number> {
	const summary: Record<Outcome, number> = {
		pass: 0,
		'schema difference': 0,
		error: 0,
		skipped: 0,
		'not covered': 0,
	};
	for (const r of results) summary[r.outcome]++;
	return summary;
}

function compare(target: OperationResult[], emulator: OperationResult[]): Comparison[] {
	return target.map((t) => {
		const e = emulator.find((x) => x.operation === t.operation);
		const keysT = Object.keys(t.shapes);
		const keysE = Object.keys(e?.shapes ?? {});
		return {
			operation: t.operation,
			emulator: e?.outcome ?? 'not covered',
			onlyTarget: keysT.filter((k) => !keysE.includes(k)),
			onlyEmulator: keysE.filter((k) => !keysT.includes(k)),
			differences: keysT
				.filter((k) => keysE.includes(k))
				.flatMap((k) => diffShapes(t.shapes[k], e!.shapes[k]).map((d) => ({ ...d, answer: k }))),
		};
	});
}

/** A sandbox for one side: its own run id, and the webhook round trip on the target only. */
function sandboxFor(runId: string, receiver?: WebhookReceiver): Sandbox {
	return {
		runId,
		made: {},
		fields: {},
		...(receiver
			? { webhookUrl: receiver.publicUrl, awaitDelivery: (id) => receiver.await(id) }
			: {}),
	};
}

/** Runs the check against `baseUrl`, or an emulator of its own when there is none. */
export async function runCheck(
	options: Options,
	given: { apiVersion: string; apiKey: string; baseUrl?: string },
): Promise<number> {
	const { apiVersion, apiKey } = given;
	let baseUrl = given.baseUrl;
	let ownEmulator: Emulator | undefined;
	if (!baseUrl) {
		ownEmulator = await Emulator.start();
		baseUrl = ownEmulator.baseUrl;
	}
	const host = new URL(baseUrl).host;
	const budget = options.budget ?? (options.write ? 600 : 300);
	const proxy = await new RecordingProxy(baseUrl, budget).start();
	const target = new Target('target', proxy, apiKey, apiVersion);
	let receiver: WebhookReceiver | undefined;
	const closeAll = async () => {
		await proxy.stop();
		await receiver?.stop();
		await ownEmulator?.close();
	};
	const startedAt = new Date().toISOString();
	const whoami = await target.call('GET', '/v2/auth/whoami');
	if (whoami.status !== 200) {
		console.error(
			`The key was not accepted by ${host} (HTTP ${whoami.status}): nothing was checked.`,
		);
		await closeAll();
		return 1;
	}
	// The edition the run uses: the one asked for, else the key's default as Affinity names it.
	target.useEdition(apiVersion || whoami.headers['x-affinity-api-version']);
	// Each answer declares what is left after it: before the check, one more was left.
	const firstQuota = proxy.lastQuota();
	const quotaBefore = firstQuota && { ...firstQuota, remaining: firstQuota.remaining + 1 };
	console.log(
		`Checking ${host} (API version ${apiVersion || `the key’s default, ${target.edition ?? 'not named'}`}). Call budget: ${budget} calls` +
			(quotaBefore
				? `; the account has ${quotaBefore.remaining}${quotaBefore.limit ? ` of ${quotaBefore.limit}` : ''} calls left this month.`
				: '; the account declares no monthly quota.'),
	);
	if (quotaBefore && quotaBefore.remaining < budget) {
		console.error(
			'Fewer calls are left this month than the budget: lower --budget or wait for the reset.',
		);
		await closeAll();
		return 1;
	}
	if (options.webhookUrl && options.write) {
		receiver = await new WebhookReceiver(
			options.webhookUrl,
			options.webhookListen,
			options.webhookWaitSeconds * 1000,
		).start();
	} else if (options.webhookUrl)
		console.log('--webhook-url is used with --write only: the round trip is skipped.');
	const runId = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
	process.on('SIGINT', () => {
		if (stopOnInterrupt) {
			console.error('Interrupted: removing what the check made, then stopping.');
			stopOnInterrupt.stopped = true;
		} else process.exit(130);
	});
	const sandbox = options.write ? sandboxFor(runId, receiver) : undefined;
	const side = await runSide(target, sandbox);
	// The live facts, after the plans: their scans read every answer of the run.
	const factContext: FactContext = {
		call: target.call,
		proxy,
		apiHost: host,
		apiVersion,
		apiKey,
		write: options.write,
		sandbox,
		runId,
		removed: side.write?.removed ?? [],
		left: side.write?.left ?? [],
		found: {},
	};
	// Ctrl-C during the facts: no further probe starts; what they made is still removed.
	stopOnInterrupt = options.write ? factContext : undefined;
	const facts: FactResult[] = await runFacts(factContext);
	stopOnInterrupt = undefined;
	const operations = nodeOperations();
	const results = byOperation(side, operations);
	let comparison: Comparison[] | undefined;
	const sensitive = new Set<string>([apiKey]);
	for (const e of proxy.exchanges) collectSensitive(e.body, sensitive);
	if (options.compareEmulator) {
		const emulator = await Emulator.start();
		const emulatorProxy = await new RecordingProxy(emulator.baseUrl, 100_000).start();
		try {
			const other = new Target('emulator', emulatorProxy, DEMO_KEY, apiVersion);
			other.useEdition(target.edition);
			const otherSide = await runSide(other, options.write ? sandboxFor(runId) : undefined);
			comparison = compare(results, byOperation(otherSide, operations));
			for (const e of emulatorProxy.exchanges) collectSensitive(e.body, sensitive);
		} finally {
			await emulatorProxy.stop();
			await emulator.close();
		}
	}
	const versions: Record<string, number> = {};
	for (const e of proxy.exchanges)
		if (e.version) versions[e.version] = (versions[e.version] ?? 0) + 1;
	const quotaAfter = proxy.lastQuota();
	const report: Report = {
		startedAt,
		finishedAt: new Date().toISOString(),
		target: { kind: options.emulator ? 'emulator' : 'affinity', host },
		apiVersionRequested: apiVersion,
		...(target.edition ? { apiEdition: target.edition } : {}),
		modes: { write: options.write, webhook: !!receiver, compareEmulator: options.compareEmulator },
		budget: {
			calls: budget,
			spent: proxy.forwarded,
			refused: proxy.exchanges.filter((e) => e.refused === 'budget').length,
			...(quotaBefore ? { quotaBefore } : {}),
			...(quotaAfter ? { quotaAfter } : {}),
			...(quotaBefore && quotaAfter
				? { spentByQuota: quotaBefore.remaining - quotaAfter.remaining }
				: {}),
		},
		summary: summaryOf(results),
		versions,
		operations: results.map(({ shapes: _shapes, ...rest }) => rest),
		facts,
		...(side.write
			? {
					cleanup: {
						removed: side.write.removed,
						left: side.write.left,
						unremovable: side.write.unremovable,
					},
				}
			: {}),
		webhook: side.write?.roundTrip ?? {
			outcome: 'skipped',
			reason: !options.webhookUrl
				? 'no --webhook-url: the round trip needs a URL Affinity can reach'
				: !options.write
					? 'the round trip needs --write (the event comes from a change the check makes)'
					: 'the round trip did not run (see webhook.create)',
		},
		...(comparison ? { comparison } : {}),
	};
	await closeAll();
	const paths = writeReport(options.reportDir, report, sensitive);
	const s = report.summary;
	console.log(
		`${results.length} operations: ${s.pass} pass, ${s['schema difference']} schema difference, ${s.error} error, ` +
			`${s.skipped} skipped, ${s['not covered']} not covered; ${proxy.forwarded} calls.` +
			(side.write?.left.length
				? ` Left behind: ${side.write.left.map((l) => `${l.what} ${l.id}`).join(', ')}.`
				: ''),
	);
	const counted = (status: string) => facts.filter((f) => f.status === status).length;
	console.log(
		`${facts.length} live facts (${facts.reduce((n, f) => n + f.calls, 0)} calls): ${counted('confirmed')} confirmed, ${counted('contradicted')} contradicted, ` +
			`${counted('not observable')} not observable, ${counted('error')} error.`,
	);
	console.log(`Report: ${paths.md} and ${paths.json}`);
	return s['schema difference'] || s.error || side.write?.left.length ? 1 : 0;
}
