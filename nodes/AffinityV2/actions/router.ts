import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	NodeApiError,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ALL_VALUES_PARAMETER, compactForAgent } from '../helpers/agentOutput';
import { asNodeError, outcomeOf, withRow } from '../helpers/nodeErrors';
import { appliedWriteOf, followWrites, takeLagNote } from '../transport';
import { runInLanes, type Settled } from './itemLanes';
import { resources } from './resources';
import { ItemWithFiles, RunShared } from './types';

function errorItem(
	error: Error & { description?: string | null; httpCode?: string | null; context?: IDataObject },
	itemIndex: number,
): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error.httpCode) json.httpCode = error.httpCode;
	return { json: { ...json, ...outcomeOf(error) }, pairedItem: { item: itemIndex } };
}

/**
 * An item that failed after one of its writes was applied (Affinity answered it 2xx, then a later
 * request failed): never reported as having written nothing. Errors that already account for
 * what was applied (a batch's chunks, a submitted merge) keep their own account.
 */
function markAppliedBefore(error: NodeApiError | NodeOperationError, applied: string): void {
	const context = error.context;
	if (
		context.writeMayHaveApplied === true ||
		context.appliedUpdates !== undefined ||
		context.mergeSubmitted !== undefined
	)
		return;
	context.writeMayHaveApplied = true;
	error.description = `${error.description ? `${error.description} ` : ''}A write of this item was applied before this failure (${applied}, answered by Affinity): check the record before running again.`;
}

/** n8n names the AI-tool variant of a `usableAsTool` node after it, with "Tool" appended. */
function runsAsAgentTool(this: IExecuteFunctions): boolean {
	return this.getNode().type.endsWith('Tool');
}

/** The Limit of a Get Many as the tool call set it; undefined with Return All or for other operations. */
function requestedLimit(this: IExecuteFunctions, itemIndex: number): number | undefined {
	if (this.getNodeParameter('returnAll', itemIndex, true) !== false) return undefined;
	const limit = Number(this.getNodeParameter('limit', itemIndex, NaN));
	return Number.isInteger(limit) && limit > 0 ? limit : undefined;
}

/**
 * Runs the chosen operation once per input item. Every output item is paired to the input item
 * it came from; with "Continue On Fail" a failed item becomes an error item in its place.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const op = resources[resource]?.operations[operation];
	if (!op) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" is not supported for "${resource}"`,
			{
				description: 'Pick the resource and operation again in the node.',
			},
		);
	}

	const asAgentTool = runsAsAgentTool.call(this);
	// Records this run writes, and those earlier nodes just wrote, are read once API v2 shows
	// them: each item says how long that took (lagWaitedMs, lagNote).
	followWrites.call(this);
	const shared = new RunShared();
	const run = (itemIndex: number) => op.execute.call(this, itemIndex, shared);
	// Items that may run at once have run (or some, up to a failure); the loop below reports
	// them in order and runs, in order, any that did not start.
	let settled: Array<Settled<Awaited<ReturnType<typeof run>>> | undefined> = [];
	if (op.laneKeys && items.length > 1) {
		const laned = { ...op, laneKeys: op.laneKeys };
		settled = await (runInLanes<Awaited<ReturnType<typeof run>>>).call(
			this,
			laned,
			items.length,
			run,
			!this.continueOnFail(),
			shared,
		);
	}
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const outcome = settled[itemIndex];
			if (outcome && !outcome.ok) throw outcome.error;
			const answer = outcome ? outcome.value : await run(itemIndex);
			const files = answer instanceof ItemWithFiles ? answer.binary : undefined;
			let result = answer instanceof ItemWithFiles ? answer.json : answer;
			const lag = takeLagNote.call(this, itemIndex);
			if (lag)
				result = Array.isArray(result)
					? result.map((r) => ({ ...r, ...lag }))
					: { ...result, ...lag };
			if (asAgentTool) {
				result = compactForAgent(
					Array.isArray(result) ? result : [result],
					requestedLimit.call(this, itemIndex),
					{ allValues: this.getNodeParameter(ALL_VALUES_PARAMETER, itemIndex, false) === true },
				);
			}
			const executionData = this.helpers.constructExecutionMetaData(
				this.helpers.returnJsonArray(result),
				{
					itemData: { item: itemIndex },
				},
			);
			if (files) executionData[0].binary = files;
			for (const item of executionData) output.push(item);
		} catch (caught) {
			const applied = appliedWriteOf.call(this, itemIndex);
			takeLagNote.call(this, itemIndex);
			const error = asNodeError(this.getNode(), caught, itemIndex);
			if (applied) markAppliedBefore(error, applied);
			// Which of several items failed, said the same way by every operation.
			if (items.length > 1) error.message = withRow(error.message, itemIndex);
			// An agent reads only the message of a failed tool: the description (what to check or
			// do next) goes into it, so the model can recover (search by name, fix a parameter).
			if (asAgentTool && error.description && !error.message.includes(error.description)) {
				error.message = `${error.message}. ${error.description}`;
			}
			if (this.continueOnFail()) {
				output.push(errorItem(error, itemIndex));
				continue;
			}
			if (error.context && error.context.itemIndex === undefined)
				error.context.itemIndex = itemIndex;
			throw error;
		}
	}
	return [output];
}
