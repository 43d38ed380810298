import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MERGE_STATUSES, taskIdOf, type MergeKind } from '../../helpers/merges';

export function mergeKind(this: IExecuteFunctions, itemIndex: number): MergeKind {
	const kind = this.getNodeParameter('entityType', itemIndex, 'person') as string;
	if (kind !== 'person' && kind !== 'company') {
		throw new NodeOperationError(this.getNode(), `Invalid Entity Type: got "${kind}"`, {
			itemIndex,
			description: 'Choose Person or Company.',
		});
	}
	return kind;
}

/** A task id parameter: the id or the task URL that Start returns; checked before any request. */
export function taskIdParameter(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
	required: boolean,
): string | undefined {
	const raw = this.getNodeParameter(name, itemIndex, '') as unknown;
	if (!required && (raw === '' || raw === undefined || raw === null)) return undefined;
	const taskId = taskIdOf(raw);
	if (!taskId) {
		throw new NodeOperationError(
			this.getNode(),
			`Invalid Task ID: got ${raw === '' ? 'nothing' : `"${String(raw)}"`}`,
			{
				itemIndex,
				description:
					'A merge task ID is a UUID (123e4567-e89b-12d3-a456-426614174000), or give the task URL that Start returned.',
			},
		);
	}
	return taskId;
}

export function statusFilter(this: IExecuteFunctions, itemIndex: number): string | undefined {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const status = filters.status as string | undefined;
	if (status && !(MERGE_STATUSES as readonly string[]).includes(status)) {
		throw new NodeOperationError(this.getNode(), `Invalid Status: got "${status}"`, {
			itemIndex,
			description: `Use one of ${MERGE_STATUSES.join(', ')}.`,
		});
	}
	return status || undefined;
}

export const statusOption = {
	displayName: 'Status',
	name: 'status',
	type: 'options' as const,
	options: [
		{ name: 'Failed', value: 'failed' },
		{ name: 'In Progress', value: 'in-progress' },
		{ name: 'Success', value: 'success' },
	],
	default: 'in-progress',
};
