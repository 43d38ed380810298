/* The workflows the queue-mode test runs: webhook-started, so n8n's main enqueues them for workers. */
import { randomUUID } from 'node:crypto';

import { NODE_TYPES } from '../../scripts/n8n';
import { byId } from '../harness/ids';
import { DEAL_PIPELINE } from '../harness/ids';

export { DEAL_PIPELINE };
/** A text field of the Deal Pipeline list ("Notes"): the write sets it to a value unique to each run. */
export const NOTES_FIELD = 'field-1026';

interface Credential {
	id: string;
	name: string;
}

function node(
	name: string,
	position: number,
	parameters: Record<string, unknown>,
	credential: Credential,
) {
	return {
		id: `${name.replace(/\W/g, '')}-${position}`,
		name,
		type: NODE_TYPES.action,
		typeVersion: 1,
		position: [position * 240, 0],
		parameters,
		credentials: { affinityV2Api: credential },
	};
}

function webhook(path: string) {
	return {
		id: `webhook-${path}`,
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: randomUUID(),
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
	};
}

function chain(names: string[]) {
	const connections: Record<string, unknown> = {};
	for (let i = 0; i < names.length - 1; i++) {
		connections[names[i]] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] };
	}
	return connections;
}

/** Reads (a company, the lists, an entry) then one write: the entry's Notes set to "run <n>". */
export function readsAndWriteWorkflow(
	id: string,
	path: string,
	entryId: number,
	credential: Credential,
) {
	const nodes = [
		webhook(path),
		node(
			'Get company',
			1,
			{ resource: 'company', operation: 'get', companyId: byId(3000001) },
			credential,
		),
		node('Get lists', 2, { resource: 'list', operation: 'getAll', returnAll: true }, credential),
		node(
			'Get entry',
			3,
			{
				resource: 'listEntry',
				operation: 'get',
				listId: byId(DEAL_PIPELINE),
				listEntryId: byId(entryId),
			},
			credential,
		),
		node(
			'Set notes',
			4,
			{
				resource: 'listEntry',
				operation: 'updateFieldValue',
				listId: byId(DEAL_PIPELINE),
				listEntryId: byId(entryId),
				fieldId: NOTES_FIELD,
				valueType: 'auto',
				writeMode: 'set',
				anyValue: "={{ 'run ' + $('Webhook').first().json.body.n }}",
			},
			credential,
		),
	];
	// Every node runs once per workflow run, whatever the reads return.
	for (const n of nodes.slice(2)) Object.assign(n, { executeOnce: true });
	return {
		id,
		name: `Queue test: reads and a write (${path})`,
		nodes,
		connections: chain(nodes.map((n) => n.name)),
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

/** A write, then a Wait long enough to kill the worker in it: the write must not be sent again. */
export function writeThenWaitWorkflow(
	id: string,
	path: string,
	entryId: number,
	credential: Credential,
) {
	const nodes = [
		webhook(path),
		node(
			'Set notes',
			1,
			{
				resource: 'listEntry',
				operation: 'updateFieldValue',
				listId: byId(DEAL_PIPELINE),
				listEntryId: byId(entryId),
				fieldId: NOTES_FIELD,
				valueType: 'auto',
				writeMode: 'set',
				anyValue: "={{ 'crash ' + $('Webhook').first().json.body.n }}",
			},
			credential,
		),
		{
			id: 'wait-2',
			name: 'Wait',
			type: 'n8n-nodes-base.wait',
			typeVersion: 1.1,
			position: [480, 0],
			webhookId: randomUUID(),
			parameters: { amount: 30, unit: 'seconds' },
		},
	];
	return {
		id,
		name: `Queue test: a write then a wait (${path})`,
		nodes,
		connections: chain(nodes.map((n) => n.name)),
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

export const TRIGGER_NODE = 'Deal Pipeline: Notes changed';

/**
 * A poll every 5 seconds. n8n refuses a poll time that fires more than once a minute (a cron
 * with a wildcard or step in its seconds), but takes several poll times: twelve crons, each at
 * one fixed second of the minute, poll every 5 s as n8n's own scheduler runs them.
 */
export const EVERY_5_SECONDS = {
	item: Array.from({ length: 12 }, (_, i) => ({
		mode: 'custom',
		cronExpression: `${i * 5} * * * * *`,
	})),
};

/** The polling trigger on the Deal Pipeline's Notes: each run's items are the changes of one poll. */
export function notesTriggerWorkflow(
	id: string,
	credential: Credential,
	detection: 'snapshot' | 'changeLog',
) {
	return triggerWorkflow(id, credential, detection, {
		name: `Queue test: Deal Pipeline Notes changed (${detection})`,
		listId: DEAL_PIPELINE,
		event: 'fieldValueChanged',
		fieldId: NOTES_FIELD,
	});
}

export const SLOW_TRIGGER_NODE = 'Slow list: any change';

/** The polling trigger on any change of a list's Notes, entries added and removed included. */
export function slowListWorkflow(
	id: string,
	credential: Credential,
	detection: 'snapshot' | 'changeLog',
	listId: number,
	fieldId: string,
) {
	return triggerWorkflow(id, credential, detection, {
		name: `Queue test: a list slower to read than a poll (${detection})`,
		listId,
		event: 'anyChange',
		fieldId,
		nodeName: SLOW_TRIGGER_NODE,
	});
}

function triggerWorkflow(
	id: string,
	credential: Credential,
	detection: 'snapshot' | 'changeLog',
	watch: { name: string; listId: number; event: string; fieldId: string; nodeName?: string },
) {
	return {
		id,
		name: watch.name,
		nodes: [
			{
				id: `trigger-${detection}`,
				name: watch.nodeName ?? TRIGGER_NODE,
				type: NODE_TYPES.trigger,
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: EVERY_5_SECONDS,
					listId: byId(watch.listId),
					watch: 'list',
					detection,
					event: watch.event,
					watchedFieldIds: [watch.fieldId],
					options: {},
				},
				credentials: { affinityV2Api: credential },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

export const WEBHOOK_TRIGGER_NODE = 'Entry added';

/** The webhook trigger on entries added to a list: one Affinity webhook while it is active. */
export function entryAddedWorkflow(id: string, credential: Credential, listId: number) {
	return {
		id,
		name: `Queue test: entry added to list ${listId} (webhook)`,
		nodes: [
			{
				id: 'webhook-trigger-1',
				name: WEBHOOK_TRIGGER_NODE,
				type: NODE_TYPES.webhookTrigger,
				typeVersion: 1,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: { events: ['list_entry.created'], filters: { listId } },
				credentials: { affinityV2Api: credential },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
		active: false,
	};
}
