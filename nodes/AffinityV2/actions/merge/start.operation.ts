import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import {
	mergeFilter,
	mergePaths,
	pairKey,
	pollDelays,
	taskIdOf,
	type MergeKind,
} from '../../helpers/merges';
import { affinityRequest, writeMayHaveApplied } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { companyLocator, personLocator } from '../../pickers/locators';
import { asNodeError } from '../../helpers/nodeErrors';
import { mergeKind } from './mergeInputs';
import type { OperationEndpoint } from '../types';

const record = (kind: MergeKind, role: 'primary' | 'duplicate'): INodeProperties => {
	const what = kind === 'person' ? 'person' : 'company';
	const name = `${role}${kind === 'person' ? 'Person' : 'Company'}Id`;
	const picker = kind === 'person' ? personLocator : companyLocator;
	const property = picker({
		name,
		displayName: `${role === 'primary' ? 'Primary' : 'Duplicate'} ${kind === 'person' ? 'Person' : 'Company'}`,
		description:
			role === 'primary'
				? `The ${what} that is kept; it receives the duplicate's data`
				: `The ${what} that is merged into the primary and then deleted`,
	});
	return { ...property, displayOptions: { show: { entityType: [kind] } } };
};

export const description: INodeProperties[] = forOperation('merge', 'start', [
	record('person', 'primary'),
	record('person', 'duplicate'),
	record('company', 'primary'),
	record('company', 'duplicate'),
	{
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: false,
		description:
			'Whether to wait until the merge has finished and return its final state (status success, or failed with errorMessage) instead of returning as soon as Affinity accepted it',
	},
	{
		displayName: 'Timeout (Seconds)',
		name: 'waitTimeout',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 120,
		displayOptions: { show: { waitForCompletion: [true] } },
		description:
			'How long to wait at most. If the merge is still running then, the node fails with the task ID to check later; the merge itself goes on and is not started again.',
	},
]);

interface Submitted {
	kind: MergeKind;
	primaryId: number;
	duplicateId: number;
	/** The POST's outcome: its task, or why there is none. */
	taskUrl?: string;
	taskId?: string;
	error?: string;
	mayHaveApplied?: boolean;
}

/**
 * Merges submitted in this execution, by pair: a pair is never submitted twice by one
 * execution (two items naming the same records, or the node running again in a loop).
 * Keyed by execution id; without one (some test contexts), by the node run's context.
 */
const byExecution = new Map<string, Map<string, Submitted>>();
const byContext = new WeakMap<object, Map<string, Submitted>>();
const KEPT_EXECUTIONS = 200;

function submittedIn(this: IExecuteFunctions): Map<string, Submitted> {
	const executionId = this.getExecutionId?.();
	if (!executionId) {
		let map = byContext.get(this);
		if (!map) byContext.set(this, (map = new Map()));
		return map;
	}
	let map = byExecution.get(executionId);
	if (!map) {
		map = new Map();
		byExecution.set(executionId, map);
		// Forget the oldest executions; a running one only adds to its own entry.
		while (byExecution.size > KEPT_EXECUTIONS)
			byExecution.delete(byExecution.keys().next().value as string);
	}
	return map;
}

/** What to check when a merge's start is of unknown outcome: a merge that started has likely finished. */
function findMergeHint(kind: MergeKind, primaryId: number, duplicateId: number): string {
	return `Check with Merge → Get Many (${kind}, no status filter: a merge that started has likely finished by now) whether a merge of ${primaryId} and ${duplicateId} exists`;
}

/**
 * Waits for a merge Affinity accepted (202). A failure while following it does not undo the
 * merge: the error says it was submitted, gives its task and how to follow it, and carries them
 * as data (context), so that nobody submits it again to "try again".
 */
async function followSubmitted(
	this: IExecuteFunctions,
	submitted: Submitted,
	itemIndex: number,
): Promise<IDataObject> {
	try {
		return await waitForMerge.call(this, submitted, itemIndex);
	} catch (caught) {
		const error = asNodeError(this.getNode(), caught, itemIndex);
		const { kind, taskId, taskUrl } = submitted;
		if (!error.context?.timedOut) {
			error.message = `The ${kind} merge was submitted (task ${taskId}), but following it failed: ${error.message}`;
			error.description = `Affinity accepted the merge and runs it on its own; it was not submitted again (running the node again would submit it a second time). Follow it with Merge → Get Task (task ID ${taskId}).`;
		}
		error.context = {
			...(error.context ?? {}),
			itemIndex,
			mergeSubmitted: true,
			taskId,
			taskUrl,
		};
		throw error;
	}
}

async function waitForMerge(
	this: IExecuteFunctions,
	submitted: Submitted,
	itemIndex: number,
): Promise<IDataObject> {
	const { kind, taskId } = submitted;
	const paths = mergePaths(kind);
	const timeoutMs =
		Math.max(1, Number(this.getNodeParameter('waitTimeout', itemIndex, 120))) * 1000;
	const deadline = Date.now() + timeoutMs;
	const delays = pollDelays();
	let task: IDataObject;
	for (;;) {
		const { body } = await affinityRequest.call(this, {
			method: 'GET',
			path: `${paths.tasks}/${taskId}`,
			subject: `${kind} merge task ${taskId}`,
			itemIndex,
		});
		task = body as IDataObject;
		if (task.status !== 'in-progress') break;
		const delay = delays();
		if (Date.now() + delay > deadline) {
			const timedOut = new NodeOperationError(
				this.getNode(),
				`The ${kind} merge did not finish within ${timeoutMs / 1000} s`,
				{
					itemIndex,
					description: `It is still running in Affinity (task ${taskId}) and was not started again. Check it later with Merge → Get Task (task ID ${taskId}), or raise the Timeout.`,
				},
			);
			timedOut.context.timedOut = true;
			throw timedOut;
		}
		await sleep(delay);
	}
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: paths.merges,
		qs: { filter: mergeFilter({ taskId }) as string },
		itemIndex,
	});
	const state = ((body as { data?: IDataObject[] }).data ?? [])[0] ?? {};
	return { entityType: kind, ...state, taskUrl: submitted.taskUrl, task };
}

/**
 * POST /v2/{person|company}-merges → 202 {taskUrl}. The POST is never repeated: not by the
 * transport (only after a 429), and not by this execution for the same pair.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const kind = mergeKind.call(this, itemIndex);
	const paths = mergePaths(kind);
	const Kind = kind === 'person' ? 'Person' : 'Company';
	const primaryId = idParameter.call(
		this,
		paths.primaryKey,
		`Primary ${Kind} ID`,
		'int64',
		itemIndex,
	);
	const duplicateId = idParameter.call(
		this,
		paths.duplicateKey,
		`Duplicate ${Kind} ID`,
		'int64',
		itemIndex,
	);
	if (primaryId === duplicateId) {
		throw new NodeOperationError(
			this.getNode(),
			`A ${kind} cannot be merged with itself (ID ${primaryId})`,
			{
				itemIndex,
				description: `Choose two different ${kind === 'person' ? 'persons' : 'companies'}: the one to keep and its duplicate.`,
			},
		);
	}
	const wait = this.getNodeParameter('waitForCompletion', itemIndex, false) as boolean;
	const submittedHere = submittedIn.call(this);
	const key = pairKey(kind, primaryId, duplicateId);
	const earlier = submittedHere.get(key);
	if (earlier) {
		const same = earlier.primaryId === primaryId;
		const what = `${kind === 'person' ? 'persons' : 'companies'} ${earlier.primaryId} (primary) and ${earlier.duplicateId} (duplicate)`;
		if (!same || !earlier.taskId) {
			throw new NodeOperationError(
				this.getNode(),
				`Not submitted: this execution already submitted a merge of ${what}`,
				{
					itemIndex,
					description: earlier.taskId
						? `That merge runs as task ${earlier.taskId}; a merge of the same two records in the other direction is not sent.`
						: `That submission failed (${earlier.error ?? 'unknown error'})${earlier.mayHaveApplied ? ' and may or may not have been applied' : ''}; it is not sent again. Check with Merge → Get Many before running again.`,
				},
			);
		}
		const again = {
			entityType: kind,
			[paths.primaryKey]: primaryId,
			[paths.duplicateKey]: duplicateId,
			taskUrl: earlier.taskUrl,
			taskId: earlier.taskId,
		};
		return wait
			? { ...(await followSubmitted.call(this, earlier, itemIndex)), alreadySubmitted: true }
			: { ...again, submitted: true, alreadySubmitted: true };
	}

	const submitted: Submitted = { kind, primaryId, duplicateId };
	submittedHere.set(key, submitted);
	try {
		const { body } = await affinityRequest.call(this, {
			method: 'POST',
			path: paths.merges,
			body: { [paths.primaryKey]: primaryId, [paths.duplicateKey]: duplicateId },
			itemIndex,
			checkWith: findMergeHint(kind, primaryId, duplicateId),
		});
		const taskUrl = String((body as { taskUrl?: unknown }).taskUrl ?? '');
		submitted.taskUrl = taskUrl;
		submitted.taskId = taskIdOf(taskUrl);
	} catch (error) {
		submitted.error = (error as Error).message;
		submitted.mayHaveApplied = writeMayHaveApplied(error);
		throw asNodeError(this.getNode(), error, itemIndex);
	}
	if (!submitted.taskId) {
		throw new NodeOperationError(
			this.getNode(),
			'Affinity accepted the merge but gave no task URL to follow it',
			{
				itemIndex,
				description: `${findMergeHint(kind, primaryId, duplicateId)}. It was not submitted again.`,
			},
		);
	}
	if (wait) return followSubmitted.call(this, submitted, itemIndex);
	return {
		entityType: kind,
		[paths.primaryKey]: primaryId,
		[paths.duplicateKey]: duplicateId,
		submitted: true,
		taskUrl: submitted.taskUrl,
		taskId: submitted.taskId,
	};
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/company-merges', beta: true },
	{ api: 'v2', method: 'POST', path: '/v2/person-merges', beta: true },
];
