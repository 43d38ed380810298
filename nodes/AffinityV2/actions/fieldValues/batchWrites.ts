import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { FieldScope } from '../../api/fields';
import { chunk, MAX_BATCH_UPDATES, repeatedField } from '../../helpers/fieldBatches';
import { asNodeError } from '../../helpers/nodeErrors';
import { parseFieldChoice } from '../../helpers/valueTypes';
import { affinityRequest } from '../../transport';
import { columnMappingProperty, mappedFieldWrites } from './columnMapping';
import {
	requestFromInputs,
	resolveFieldWrite,
	resolveJsonUpdate,
	type FieldWrite,
} from './fieldWrites';
import { skipUnchangedParameter, writesToSend } from './unchangedWrites';
import { fieldValueProperties } from './values';

/**
 * Several field writes at once, for any record whose fields take the batch `update-fields`
 * operation (PATCH …/fields of a list entry, a company or a person) or a `fields` array (a
 * person being created): the inputs (picked fields or JSON), their resolution, and sending
 * them in chunks of 100.
 */

/**
 * Input Mode, the picked updates, the JSON updates and the chunk notice; with `columnsMethod`,
 * also Map Fields (n8n's column mapping, loaded by that resource mapping method). A new option
 * value leaves every saved workflow as it was (their Input Mode keeps its value).
 */
export function fieldUpdatesProperties(options: {
	fieldLoadMethod: string;
	dependsOn: string[];
	columnsMethod?: string;
}): INodeProperties[] {
	const mapped: INodeProperties[] = options.columnsMethod
		? [
				columnMappingProperty({
					method: options.columnsMethod,
					dependsOn: options.dependsOn,
					displayOptions: { show: { inputMode: ['columns'] } },
				}),
			]
		: [];
	return [
		{
			displayName: 'Input Mode',
			name: 'inputMode',
			type: 'options',
			options: [
				{ name: 'Define Below', value: 'fields', description: 'Pick each field and its value' },
				{
					name: 'JSON',
					value: 'json',
					description: 'An array of updates, e.g. from an earlier node',
				},
				...(options.columnsMethod
					? [
							{
								name: 'Map Fields',
								value: 'columns',
								description:
									'Every writable field as a column: map each by hand, or automatically from the input keys named like the fields',
							},
						]
					: []),
			],
			default: 'fields',
		},
		...mapped,
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
					values: fieldValueProperties({
						fieldLoadMethod: options.fieldLoadMethod,
						dependsOn: options.dependsOn,
						inCollection: true,
					}),
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
		// Mapped rows are often the same sheet again: their unchanged values are skipped unless
		// turned off; picked updates are written as given unless turned on.
		skipUnchangedParameter(true, { show: { inputMode: ['columns'] } }),
		skipUnchangedParameter(false, { show: { inputMode: ['fields', 'json'] } }),
		{
			displayName: `More than ${MAX_BATCH_UPDATES} updates are sent in chunks of ${MAX_BATCH_UPDATES}, in order. If a chunk fails, the later ones are not sent and the error says which were applied.`,
			name: 'chunkNotice',
			type: 'notice',
			default: '',
		},
	];
}

function parseJsonUpdates(this: IExecuteFunctions, itemIndex: number): unknown[] {
	const raw = this.getNodeParameter('updatesJson', itemIndex, '[]') as unknown;
	let value = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw);
		} catch {
			throw new NodeOperationError(this.getNode(), 'Updates (JSON) is not valid JSON', {
				itemIndex,
				description:
					'Give an array such as [{"id": "field-123", "value": {"type": "number", "data": 5}}].',
			});
		}
	}
	if (!Array.isArray(value)) {
		throw new NodeOperationError(this.getNode(), 'Updates (JSON) must be an array of updates', {
			itemIndex,
		});
	}
	return value;
}

function span(from: number, to: number): string {
	return from === to ? `update ${from}` : `updates ${from}–${to}`;
}

/**
 * Refuses one field given in two updates, before any request: in one `update-fields` Affinity
 * applies the last of duplicate ids silently.
 */
function refuseRepeatedFields(
	this: IExecuteFunctions,
	updates: unknown[],
	json: boolean,
	itemIndex: number,
): void {
	const ids = updates.map((update) => {
		const u = (update && typeof update === 'object' ? update : {}) as IDataObject;
		return parseFieldChoice(json ? (u.id ?? u.fieldId) : u.fieldId).fieldId;
	});
	const repeated = repeatedField(ids.map((id, k) => id || `(none ${k})`));
	if (!repeated) return;
	throw new NodeOperationError(
		this.getNode(),
		`Updates ${repeated.updates.join(', ')}: the field ${repeated.fieldId} is given ${repeated.updates.length} times`,
		{
			itemIndex,
			description:
				'Give each field once: Affinity would keep only the last of these values, without saying so. For a multi-value field, put all its values in one update. Nothing was sent.',
		},
	);
}

/**
 * The updates the user gave (picked or JSON), each checked and encoded before anything is
 * sent; labelled "Update 3" in errors. Unless `optional`, none at all is an error.
 */
export async function fieldUpdatesFrom(
	this: IExecuteFunctions,
	scope: FieldScope,
	itemIndex: number,
	optional = false,
): Promise<FieldWrite[]> {
	const mode = this.getNodeParameter('inputMode', itemIndex, 'fields') as string;
	if (mode === 'columns') {
		const writes = await mappedFieldWrites.call(this, scope, itemIndex);
		if (!writes.length && !optional)
			throw new NodeOperationError(this.getNode(), 'Fields: no field mapped', {
				itemIndex,
				description:
					'Give a value to at least one field (empty fields are not written), or with Map Automatically, give the input keys named like the fields.',
			});
		return writes;
	}
	const updates =
		mode === 'json'
			? parseJsonUpdates.call(this, itemIndex)
			: (this.getNodeParameter('updates.update', itemIndex, []) as IDataObject[]);
	if (!updates.length && !optional) {
		throw new NodeOperationError(this.getNode(), 'No updates given', {
			itemIndex,
			description: 'Add at least one field to update.',
		});
	}
	refuseRepeatedFields.call(this, updates, mode === 'json', itemIndex);
	const writes: FieldWrite[] = [];
	for (const [k, update] of updates.entries()) {
		const label = `Update ${k + 1}`;
		writes.push(
			mode === 'json'
				? await resolveJsonUpdate.call(this, scope, update, itemIndex, label)
				: await resolveFieldWrite.call(
						this,
						scope,
						requestFromInputs((name, fallback) => (update as IDataObject)[name] ?? fallback),
						itemIndex,
						label,
					),
		);
	}
	return writes;
}

/**
 * A refused parameter of a chunk ("updates[20].value.data.id", as the API numbers the updates
 * of one request) named as the user numbers the updates: "Update 121 (field-12): value.data.id".
 */
function updateOfParameter(param: string, batch: FieldWrite[], first: number): string | undefined {
	const match = /^updates\[(\d+)\](?:\.(.+))?$/.exec(param);
	const write = match ? batch[Number(match[1])] : undefined;
	if (!match || !write) return undefined;
	return `Update ${first + Number(match[1])} (${write.fieldId})${match[2] ? `: ${match[2]}` : ''}`;
}

/** Where a batch goes: the PATCH …/fields path, what it is about, and the read that shows its outcome. */
export interface BatchTarget {
	path: string;
	subject: string;
	checkWith: string;
}

/**
 * PATCH `update-fields` in chunks of 100, in order. A failed chunk stops the rest: the error
 * names it (1-based), its field ids, and what was and was not applied. Returns one summary a chunk.
 */
export async function writeInChunks(
	this: IExecuteFunctions,
	writes: FieldWrite[],
	target: BatchTarget,
	itemIndex: number,
): Promise<IDataObject[]> {
	const batches = chunk(writes);
	const done: IDataObject[] = [];
	for (const [index, batch] of batches.entries()) {
		const first = index * MAX_BATCH_UPDATES + 1;
		const last = first + batch.length - 1;
		try {
			await affinityRequest.call(this, {
				method: 'PATCH',
				path: target.path,
				body: {
					operation: 'update-fields',
					updates: batch.map((w) => ({ id: w.fieldId, value: w.value })),
				} as unknown as IDataObject,
				subject: target.subject,
				itemIndex,
				checkWith: target.checkWith,
				parameterNames: (param) => updateOfParameter(param, batch, first),
			});
		} catch (caught) {
			const error = asNodeError(this.getNode(), caught, itemIndex);
			const chunkNo = index + 1;
			const many = (n: number) => n > 1;
			const applied =
				index === 0
					? 'No earlier chunk was sent.'
					: `Chunk${many(index) ? 's' : ''} 1${many(index) ? `–${index}` : ''} (${span(1, first - 1)}) ${many(index) ? 'were' : 'was'} applied.`;
			const left = batches.length - chunkNo;
			const rest =
				left > 0
					? ` Chunk${many(left) ? 's' : ''} ${chunkNo + 1}${many(left) ? `–${batches.length}` : ''} (${span(last + 1, writes.length)}) ${many(left) ? 'were' : 'was'} not sent.`
					: '';
			const status = error instanceof NodeApiError ? Number(error.httpCode) : NaN;
			const outcome = status >= 400 && status < 500 ? ` Affinity refused chunk ${chunkNo}.` : '';
			const fieldIds = batch.map((w) => w.fieldId);
			error.message = `Chunk ${chunkNo} of ${batches.length} (${span(first, last)}) failed: ${error.message}`;
			error.description =
				`${applied}${rest}${outcome} Fields in chunk ${chunkNo}: ${fieldIds.join(', ')}. ${error.description ?? ''}`.trim();
			error.context = {
				...(error.context ?? {}),
				itemIndex,
				failedChunk: chunkNo,
				chunks: batches.length,
				failedFieldIds: fieldIds,
				appliedUpdates: first - 1,
				notSentUpdates: writes.length - last,
			};
			throw error;
		}
		done.push({ chunk: index + 1, updates: batch.length, fieldIds: batch.map((w) => w.fieldId) });
	}
	return done;
}

/**
 * The updates of one record in chunks of 100 (writeInChunks), those whose value the record
 * already holds left out with Skip Unchanged Values (read first from `target.path`, the same
 * `…/fields`). What the item says: how many were updated, the chunks, and the unchanged fields.
 */
export async function writeChangedInChunks(
	this: IExecuteFunctions,
	writes: FieldWrite[],
	target: BatchTarget,
	itemIndex: number,
): Promise<IDataObject> {
	const { changed, unchanged, skipping } = await writesToSend.call(this, target, writes, itemIndex);
	const chunks = changed.length ? await writeInChunks.call(this, changed, target, itemIndex) : [];
	return {
		updated: changed.length,
		chunks,
		...(skipping ? { fieldsUnchanged: unchanged.map((w) => w.fieldName ?? w.fieldId) } : {}),
	};
}
