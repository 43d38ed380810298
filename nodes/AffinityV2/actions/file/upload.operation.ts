import type { IBinaryData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	MAX_UPLOAD_BYTES,
	shownSize,
	uploadedFiles,
	V1_FILE_ENTITY_PARAM,
} from '../../helpers/v1/files';
import { affinityRequest, type FormPart } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import { fileRecordParameter, fileRecordParameters } from './fileRecordPickers';

export const endpoint: OperationEndpoint[] = [{ api: 'v1', method: 'POST', path: '/entity-files' }];

export const description: INodeProperties[] = forOperation('file', 'upload', [
	...fileRecordParameters(
		'Attach To',
		'The kind of record the files are attached to (they show on its profile)',
	),
	{
		displayName: 'Input Binary Fields',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		placeholder: 'e.g. data, attachment_0',
		description: `The binary fields of the input item holding the files; several, separated by commas, are uploaded at once. At most ${shownSize(MAX_UPLOAD_BYTES)} a file.`,
	},
]);

/** The binary field names given: trimmed, without repeats. */
function binaryFieldNames(this: IExecuteFunctions, itemIndex: number): string[] {
	const raw = this.getNodeParameter('binaryPropertyName', itemIndex, '') as string;
	const names = [
		...new Set(
			String(raw)
				.split(',')
				.map((n) => n.trim())
				.filter(Boolean),
		),
	];
	if (!names.length) {
		throw new NodeOperationError(this.getNode(), 'Input Binary Fields: no field named', {
			itemIndex,
			description: 'Name the binary field that holds the file (often "data").',
		});
	}
	return names;
}

function tooLarge(this: IExecuteFunctions, name: string, bytes: number, itemIndex: number) {
	return new NodeOperationError(
		this.getNode(),
		`Input Binary Fields: the file in "${name}" has ${bytes} bytes (${shownSize(bytes)}), more than the ${MAX_UPLOAD_BYTES} (${shownSize(MAX_UPLOAD_BYTES)}) a file Affinity takes`,
		{
			itemIndex,
			description:
				'Nothing was uploaded. Compress or split the file, or attach a link to it instead.',
		},
	);
}

/** One file part per binary field, each checked (present, within the size limit) before any request. */
async function fileParts(
	this: IExecuteFunctions,
	names: string[],
	itemIndex: number,
): Promise<Array<{ fileName: string; mimeType: string; data: Buffer }>> {
	const checked: Array<{ name: string; binary: IBinaryData }> = [];
	for (const name of names) {
		let binary: IBinaryData;
		try {
			binary = this.helpers.assertBinaryData(itemIndex, name);
		} catch (error) {
			throw new NodeOperationError(
				this.getNode(),
				`Input Binary Fields: ${(error as Error).message}`,
				{
					itemIndex,
					description:
						'Name a binary field of the input item (see its Binary tab), or several separated by commas.',
				},
			);
		}
		// Known without reading the file (filesystem and database modes keep its size).
		if (typeof binary.bytes === 'number' && binary.bytes > MAX_UPLOAD_BYTES)
			throw tooLarge.call(this, name, binary.bytes, itemIndex);
		checked.push({ name, binary });
	}
	const parts = [];
	for (const { name, binary } of checked) {
		const data = await this.helpers.getBinaryDataBuffer(itemIndex, name);
		if (data.length > MAX_UPLOAD_BYTES) throw tooLarge.call(this, name, data.length, itemIndex);
		parts.push({
			fileName:
				binary.fileName || `${name}${binary.fileExtension ? `.${binary.fileExtension}` : ''}`,
			mimeType: binary.mimeType || 'application/octet-stream',
			data,
		});
	}
	return parts;
}

/**
 * POST /entity-files (API v1, multipart/form-data): the files of the input item, `file` for
 * one, `files[]` for several, attached to one person, company or opportunity. Sent once. The
 * output gives each file's new id where Affinity's answer lists it (`entity_files`), and the
 * first one's as `id`.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { entityType, entityId, label } = fileRecordParameter.call(this, 'Attach To', itemIndex);
	const files = await fileParts.call(this, binaryFieldNames.call(this, itemIndex), itemIndex);
	const field = files.length === 1 ? 'file' : 'files[]';
	const form: FormPart[] = [
		{ name: V1_FILE_ENTITY_PARAM[entityType], value: String(entityId) },
		...files.map((f) => ({ name: field, ...f })),
	];
	const { body: answer } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'POST',
		path: '/entity-files',
		form,
		subject: `${entityType} with ID ${entityId}`,
		itemIndex,
		parameterNames: {
			[V1_FILE_ENTITY_PARAM[entityType]]: label,
			file: 'Input Binary Fields',
			'files[]': 'Input Binary Fields',
		},
		checkWith: `Check the Files of the ${entityType} in Affinity (or File → Search) whether they arrived`,
	});
	const uploaded = uploadedFiles(
		answer,
		files.map((f) => ({ name: f.fileName, mimeType: f.mimeType, size: f.data.length })),
	);
	// The first file's id where the other operations put an id (`id`), for the next node;
	// `files` lists every file.
	return { success: true, id: uploaded.files[0]?.id ?? null, entityType, entityId, ...uploaded };
}
