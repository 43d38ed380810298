import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { chunk, MAX_BATCH_UPDATES } from '../../helpers/fieldValues';
import { affinityRequest } from '../../transport';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { listEntryLocator, listLocator } from '../common/locators';
import { fieldValueProperties } from '../common/values';
import { asNodeError } from '../../helpers/nodeErrors';
import { resolveFieldWrite, resolveJsonUpdate, type FieldWrite } from '../common/fieldWrites';

export const description: INodeProperties[] = forOperation('listEntry', 'updateFieldValues', [
	listLocator(),
	listEntryLocator(),
	{
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		options: [
			{ name: 'Define Below', value: 'fields', description: 'Pick each field and its value' },
			{ name: 'JSON', value: 'json', description: 'An array of updates, e.g. from an earlier node' },
		],
		default: 'fields',
	},
	{
		displayName: 'Updates',
		name: 'updates',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { inputMode: ['fields'] } },
		options: [
			{
				displayName: 'Update',
				name: 'update',
				values: fieldValueProperties({ fieldLoadMethod: 'getWritableListEntryFields', dependsOn: ['listId.value'], inCollection: true }),
			},
		],
	},
	{
		displayName: 'Updates (JSON)',
		name: 'updatesJson',
		type: 'json',
		default: '[\n  { "id": "field-123", "value": { "type": "text", "data": "New text" } }\n]',
		displayOptions: { show: { inputMode: ['json'] } },
		description:
			'An array of updates as the API takes them (field and {"type", "data"}); a value may also be plain (encoded by the field’s type), or null to clear the field',
	},
	{
		displayName: `More than ${MAX_BATCH_UPDATES} updates are sent in chunks of ${MAX_BATCH_UPDATES}, in order. If a chunk fails, the later ones are not sent and the error says which were applied.`,
		name: 'chunkNotice',
		type: 'notice',
		default: '',
	},
]);

function parseJsonUpdates(this: IExecuteFunctions, itemIndex: number): unknown[] {
	const raw = this.getNodeParameter('updatesJson', itemIndex, '[]') as unknown;
	let value = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw);
		} catch {
			throw new NodeOperationError(this.getNode(), 'Updates (JSON) is not valid JSON', {
				itemIndex,
				description: 'Give an array such as [{"id": "field-123", "value": {"type": "number", "data": 5}}].',
			});
		}
	}
	if (!Array.isArray(value)) {
		throw new NodeOperationError(this.getNode(), 'Updates (JSON) must be an array of updates', { itemIndex });
	}
	return value;
}

function span(from: number, to: number): string {
	return from === to ? `update ${from}` : `updates ${from}–${to}`;
}

/**
 * PATCH /v2/lists/{listId}/list-entries/{listEntryId}/fields with `update-fields`. Every
 * update is checked first; then they go in chunks of 100, in order. A failed chunk stops the
 * rest: the error names it (1-based), its field ids, and what was and was not applied.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const listEntryId = idParameter.call(this, 'listEntryId', 'List Entry ID', 'int64', itemIndex);
	const scope = { kind: 'listEntry' as const, listId };
	const mode = this.getNodeParameter('inputMode', itemIndex, 'fields') as string;

	const writes: FieldWrite[] = [];
	if (mode === 'json') {
		const updates = parseJsonUpdates.call(this, itemIndex);
		for (const [k, update] of updates.entries()) writes.push(await resolveJsonUpdate.call(this, scope, update, itemIndex, `Update ${k + 1}`));
	} else {
		const items = this.getNodeParameter('updates.update', itemIndex, []) as IDataObject[];
		for (const [k, item] of items.entries()) {
			writes.push(await resolveFieldWrite.call(this, scope, (name, fallback) => item[name] ?? fallback, itemIndex, `Update ${k + 1}`));
		}
	}
	if (!writes.length) {
		throw new NodeOperationError(this.getNode(), 'No updates given', { itemIndex, description: 'Add at least one field to update.' });
	}

	const batches = chunk(writes);
	const done: IDataObject[] = [];
	for (const [index, batch] of batches.entries()) {
		const first = index * MAX_BATCH_UPDATES + 1;
		const last = first + batch.length - 1;
		try {
			await affinityRequest.call(this, {
				method: 'PATCH',
				path: `/v2/lists/${listId}/list-entries/${listEntryId}/fields`,
				body: { operation: 'update-fields', updates: batch.map((w) => ({ id: w.fieldId, value: w.value })) } as unknown as IDataObject,
				subject: `list entry with ID ${listEntryId} on list ${listId}`,
				itemIndex,
				checkWith: `Check the current values with List Entry → Get Field Values (list ${listId}, entry ${listEntryId})`,
			});
		} catch (caught) {
			const error = asNodeError(this.getNode(), caught, itemIndex);
			const chunkNo = index + 1;
			const many = (n: number) => n > 1;
			const applied =
				index === 0 ? 'No earlier chunk was sent.' : `Chunk${many(index) ? 's' : ''} 1${many(index) ? `–${index}` : ''} (${span(1, first - 1)}) ${many(index) ? 'were' : 'was'} applied.`;
			const left = batches.length - chunkNo;
			const rest = left > 0 ? ` Chunk${many(left) ? 's' : ''} ${chunkNo + 1}${many(left) ? `–${batches.length}` : ''} (${span(last + 1, writes.length)}) ${many(left) ? 'were' : 'was'} not sent.` : '';
			const status = error instanceof NodeApiError ? Number(error.httpCode) : NaN;
			const outcome = status >= 400 && status < 500 ? ` Affinity refused chunk ${chunkNo}.` : '';
			const fieldIds = batch.map((w) => w.fieldId);
			error.message = `Chunk ${chunkNo} of ${batches.length} (${span(first, last)}) failed: ${error.message}`;
			error.description = `${applied}${rest}${outcome} Fields in chunk ${chunkNo}: ${fieldIds.join(', ')}. ${error.description ?? ''}`.trim();
			error.context = {
				...(error.context ?? {}),
				itemIndex,
				failedChunk: chunkNo,
				chunks: batches.length,
				failedFieldIds: fieldIds,
				appliedUpdates: first - 1,
			};
			throw error;
		}
		done.push({ chunk: index + 1, updates: batch.length, fieldIds: batch.map((w) => w.fieldId) });
	}
	return { success: true, listId, listEntryId, updated: writes.length, chunks: done };
}
