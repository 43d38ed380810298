import type { IBinaryKeyData, ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import { request } from 'undici';

import { runAffinityNode, type InputFile } from '../../testkit/engine';
import {
	ConformanceChecker,
	describedEdition,
	type CheckedAgainst,
	type Difference,
} from './conformance';
import { editionSkip } from './operations';
import type { Answer, DirectCall, Runs } from './plan';
import type { Exchange, RecordingProxy } from './proxy';
import { addShape, type Shape } from './shapes';

/** Runs operations of the node through the real n8n-core engine, via a recording proxy. */

export type Outcome = 'pass' | 'schema difference' | 'error' | 'skipped' | 'not covered';

export interface CallResult {
	method: string;
	/** The description's path template (ids stay out of the report's grouping). */
	template: string;
	status: number;
	/** x-affinity-api-version of the answer. */
	version?: string;
	/** Whether the answer was checked (bodiless v2 answers are not). */
	checked: boolean;
	/** v2's schema of the run's edition, or v1's documented shape (v1 has no machine-readable description). */
	against?: CheckedAgainst;
	differences: Difference[];
	/** Set when the proxy did not send the call (budget spent) or could not reach the target. */
	refused?: Exchange['refused'];
}

export interface OperationResult {
	operation: string;
	kind: 'read' | 'write';
	outcome: Outcome;
	/** Why it was skipped, not covered, or what went wrong (no personal data: see redact). */
	reason?: string;
	runs: number;
	calls: CallResult[];
	/** Shapes of the raw answers by `METHOD template status`, for --compare-emulator. */
	shapes: Record<string, Shape>;
}

/** What one run of the node put out: its items, and their binary data (a download's file). */
export interface NodeOutput {
	items: IDataObject[];
	binary: Array<IBinaryKeyData | undefined>;
}

/** One side of the check: the account (or an emulator) behind its recording proxy. */
export class Target {
	checker = new ConformanceChecker();
	/**
	 * The API v2 edition the run uses: the version asked for, else the key's default as Affinity
	 * names it in X-Affinity-Api-Version (see useEdition); undefined until known.
	 */
	edition?: string;

	constructor(
		readonly name: 'target' | 'emulator',
		readonly proxy: RecordingProxy,
		private readonly apiKey: string,
		readonly apiVersion: string,
	) {}

	get credentials(): ICredentialDataDecryptedObject {
		return {
			apiKey: this.apiKey,
			baseUrl: this.proxy.baseUrl,
			apiVersion: this.apiVersion,
			ipAllowlistNote: '',
		};
	}

	/** The run's edition is known: answers are checked against its description from now on. */
	useEdition(edition: string | undefined): void {
		this.edition = edition || undefined;
		if (describedEdition(edition) !== this.checker.description.edition)
			this.checker = new ConformanceChecker(edition);
	}

	/** A call of the check's own (not the node's), through the proxy: counted and validated. */
	readonly call: DirectCall = async (method, path, body, headers = {}) => {
		const res = await request(`${this.proxy.baseUrl}${path}`, {
			method: method as 'GET',
			headers: {
				authorization: `Bearer ${this.apiKey}`,
				...(this.apiVersion ? { 'x-affinity-api-version': this.apiVersion } : {}),
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
				...headers,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.body.text();
		let parsed: unknown;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			parsed = undefined;
		}
		const answered: Record<string, string> = {};
		for (const [name, value] of Object.entries(res.headers))
			if (value !== undefined) answered[name] = Array.isArray(value) ? value.join(', ') : value;
		return { status: res.statusCode, body: parsed, headers: answered };
	};

	/** The exchanges from `start` on. */
	since(start: number): Exchange[] {
		return this.proxy.exchanges.slice(start);
	}

	/**
	 * Runs the node once on one input item (with these files, for an upload); the node's error,
	 * when it failed: message and HTTP code only.
	 */
	async runNode(
		parameters: IDataObject,
		files?: Record<string, InputFile>,
	): Promise<NodeOutput & { error?: string }> {
		let result: Awaited<ReturnType<typeof runAffinityNode>>;
		try {
			result = await runAffinityNode({
				credentials: this.credentials,
				parameters,
				...(files ? { binary: [files] } : {}),
			});
		} catch (error) {
			// The engine refused the workflow (a parameter with issues): that run's error, not the check's.
			return { items: [], binary: [], error: (error as Error).message };
		}
		const error = result.error
			? `${result.error.message}${result.error.httpCode ? ` (HTTP ${result.error.httpCode})` : ''}`
			: undefined;
		return { items: result.items, binary: result.binary, error };
	}
}

export const answersOf = (exchanges: Exchange[]): Answer[] =>
	exchanges
		.filter((e) => e.status >= 200 && e.status < 300 && !e.refused)
		.map((e) => ({ method: e.method, path: e.path, body: e.body }));

/** Checks the calls of an operation and decides its outcome. */
export function judge(
	target: Target,
	operation: string,
	kind: 'read' | 'write',
	runs: number,
	exchanges: Exchange[],
	errors: string[],
	budgetSpent = false,
): OperationResult {
	const shapes: Record<string, Shape> = {};
	const calls: CallResult[] = exchanges.map((exchange) => {
		if (exchange.refused)
			return {
				method: exchange.method,
				template: exchange.path,
				status: exchange.status,
				checked: false,
				differences: [],
				refused: exchange.refused,
			};
		const conformance = target.checker.check(exchange);
		const template = conformance.template ?? exchange.path;
		if (exchange.body !== undefined)
			addShape((shapes[`${exchange.method} ${template} ${exchange.status}`] ??= {}), exchange.body);
		return {
			method: exchange.method,
			template,
			status: exchange.status,
			...(exchange.version ? { version: exchange.version } : {}),
			checked: conformance.checked,
			...(conformance.against ? { against: conformance.against } : {}),
			differences: conformance.differences,
		};
	});
	const refusedByBudget = budgetSpent || calls.some((c) => c.refused === 'budget');
	const differences = calls.some((c) => c.differences.length);
	const outcome: Outcome = differences
		? 'schema difference'
		: refusedByBudget
			? 'skipped'
			: errors.length
				? 'error'
				: 'pass';
	const reason = refusedByBudget
		? `the call budget was spent${errors.length ? `: ${errors[0]}` : ''}`
		: errors.length
			? errors.join('; ')
			: undefined;
	return { operation, kind, outcome, ...(reason ? { reason } : {}), runs, calls, shapes };
}

/** Runs an operation's runs one after another and judges them together. */
export async function runOperation(
	target: Target,
	operation: string,
	kind: 'read' | 'write',
	plan: Runs | (() => Runs),
	options: {
		before?: () => Promise<void>;
		reserve?: number;
		/** Files of the input item of each run (an upload's). */
		files?: Record<string, InputFile>;
	} = {},
): Promise<{ result: OperationResult; answers: Answer[]; outputs: NodeOutput[] }> {
	const start = target.proxy.exchanges.length;
	const errors: string[] = [];
	const outputs: NodeOutput[] = [];
	/** Calls kept back for the clean-up of what the writes made. */
	const reserve = options.reserve ?? 0;
	// An operation of a later edition than the run's is not run (the node refuses it unsent).
	const tooNew = editionSkip(operation, target.edition);
	try {
		if (!tooNew) await options.before?.();
	} catch (error) {
		errors.push(`before the runs: ${(error as Error).message}`);
	}
	const runs = tooNew ? { skip: tooNew } : typeof plan === 'function' ? plan() : plan;
	if ('skip' in runs) {
		return {
			result: {
				operation,
				kind,
				outcome: 'skipped',
				reason: runs.skip,
				runs: 0,
				calls: [],
				shapes: {},
			},
			answers: [],
			outputs: [],
		};
	}
	let budgetSpent = false;
	let executed = 0;
	for (const parameters of runs) {
		if (target.proxy.remaining <= reserve) {
			budgetSpent = true;
			break;
		}
		executed++;
		const { error, ...output } = await target.runNode(parameters, options.files);
		outputs.push(output);
		if (error) errors.push(error);
	}
	const exchanges = target.since(start);
	return {
		result: judge(target, operation, kind, executed, exchanges, errors, budgetSpent),
		answers: answersOf(exchanges),
		outputs,
	};
}
