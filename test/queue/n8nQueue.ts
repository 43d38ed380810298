/*
 * What the queue-mode test asks of n8n and of the machine: publishing workflows, waiting for
 * webhooks to go live, reading executions and what their trigger emitted, process memory.
 */
import { execFileSync } from 'node:child_process';

import { type N8nRest, type RunningN8n, unflatten } from '../../scripts/n8n';
import { eventually } from '../harness/eventually';

export interface ExecutionSummary {
	id: string;
	status: string;
	workflowId: string;
}

const UNFINISHED = ['new', 'running', 'waiting', 'unknown'];

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process group (n8n and its task runner), in MiB. */
export function groupMemoryMiB(pid: number | undefined): number {
	if (!pid) return 0;
	const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pid)], { encoding: 'utf8' });
	return Math.round(
		out.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024,
	);
}

/**
 * Publishes a workflow (n8n 2: activation of its current version). n8n applies it through its
 * publication outbox after the call returns: callers wait for what the triggers do.
 */
export async function activate(rest: N8nRest, workflowId: string): Promise<void> {
	const workflow = await rest.request<{ versionId: string }>(
		'GET',
		`/rest/workflows/${workflowId}`,
	);
	await rest.request('POST', `/rest/workflows/${workflowId}/activate`, {
		versionId: workflow.versionId,
	});
}

/** Unpublishes a workflow: its triggers stop. */
export async function deactivate(rest: N8nRest, workflowId: string): Promise<void> {
	await rest.request('POST', `/rest/workflows/${workflowId}/deactivate`, {});
}

/**
 * Waits until n8n answers for the webhook path: calls before the outbox registered it get
 * "unknown webhook". An OPTIONS request (CORS preflight) finds it without running the workflow.
 */
export async function webhookLive(server: RunningN8n, webhookPath: string): Promise<void> {
	await eventually(
		`webhook ${webhookPath} live`,
		async () => {
			const res = await fetch(`${server.url}/webhook/${webhookPath}`, {
				method: 'OPTIONS',
				headers: { origin: server.url, 'access-control-request-method': 'POST' },
			});
			await res.text();
			return res.status;
		},
		(status) => status < 300,
		60_000,
		250,
	);
}

export async function executions(rest: N8nRest, workflowId: string): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const page = await rest.request<{ results: ExecutionSummary[] }>(
		'GET',
		`/rest/executions?filter=${filter}&limit=100`,
	);
	return page.results.map((e) => ({ ...e, id: String(e.id) }));
}

export const isFinished = (e: ExecutionSummary) => !UNFINISHED.includes(e.status);

/** Waits until `count` executions of the workflow have finished (any final status). */
export async function finishedExecutions(
	rest: N8nRest,
	workflowId: string,
	count: number,
	timeoutMs: number,
): Promise<ExecutionSummary[]> {
	const all = await eventually(
		`${count} finished executions of ${workflowId}`,
		() => executions(rest, workflowId),
		(list) => list.filter(isFinished).length >= count,
		timeoutMs,
		250,
	);
	return all.filter(isFinished);
}

/** The items a finished execution's trigger node emitted (its first run, first output). */
export async function triggerItems(
	rest: N8nRest,
	executionId: string,
	triggerNode: string,
): Promise<Array<Record<string, unknown>>> {
	const stored = await rest.request<{ data: string }>('GET', `/rest/executions/${executionId}`);
	const data = unflatten(stored.data) as {
		resultData: {
			runData: Record<
				string,
				Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }>> } }>
			>;
		};
	};
	return (data.resultData.runData[triggerNode]?.[0]?.data?.main[0] ?? []).map((i) => i.json);
}
