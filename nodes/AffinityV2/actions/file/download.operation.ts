import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { entityFileFromV1, fileNameFromDisposition, mimeTypeOf } from '../../helpers/v1/files';
import { affinityRequest, headerValue, MAX_DOWNLOAD_BYTES } from '../../transport';
import { ItemWithFiles, type OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { simplifyParameter } from '../inputs/simplifyParameters';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v1', method: 'GET', path: '/entity-files/{entity_file_id}' },
	{ api: 'v1', method: 'GET', path: '/entity-files/download/{entity_file_id}' },
];

export const description: INodeProperties[] = forOperation('file', 'download', [
	{
		displayName: 'File ID',
		name: 'fileId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 43212',
		description: `The ID of the file, as File → Search gives it (file.ID). Files of up to ${MAX_DOWNLOAD_BYTES / 1048576} MB are downloaded (as large as an upload may be); a larger one is refused before it is read.`,
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		description: 'The binary field of the output item that receives the file',
	},
	simplifyParameter,
]);

/**
 * GET /entity-files/{id} (its name and size), then GET /entity-files/download/{id} (API v1),
 * which redirects to a signed link the transport follows without the key. The file becomes the
 * item's binary data with its name and MIME type; the JSON describes it.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<ItemWithFiles> {
	const fileId = idParameter.call(this, 'fileId', 'File ID', 'int64', itemIndex);
	const field = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	if (!field) {
		throw new NodeOperationError(this.getNode(), 'Put Output File in Field: no field named', {
			itemIndex,
			description: 'Name the binary field that receives the file (often "data").',
		});
	}
	const subject = `file with ID ${fileId}`;
	const { body: meta } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'GET',
		path: `/entity-files/${fileId}`,
		subject,
		itemIndex,
	});
	const metadata = meta as IDataObject;
	const raw = metadata.size;
	const size =
		typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : NaN;
	const known = Number.isFinite(size) && size >= 0;
	// Refused before any byte is read: memory holds at most the limit.
	if (known && size > MAX_DOWNLOAD_BYTES) {
		throw new NodeOperationError(
			this.getNode(),
			`File ${fileId} is ${(size / 1048576).toFixed(1)} MB, more than File → Download reads (${MAX_DOWNLOAD_BYTES / 1048576} MB): it was not downloaded`,
			{ itemIndex, description: 'Download it in Affinity itself.' },
		);
	}
	const download = await affinityRequest.call(this, {
		api: 'v1',
		method: 'GET',
		path: `/entity-files/download/${fileId}`,
		subject,
		itemIndex,
		answer: 'file',
		maxBytes: known ? size : undefined,
	});
	const data = download.body as Buffer;
	if (known && size !== data.length) {
		throw new NodeOperationError(
			this.getNode(),
			`The download of file ${fileId} is incomplete: ${data.length} of ${size} bytes arrived`,
			{ itemIndex, description: 'Run the operation again.' },
		);
	}
	const fileName =
		(typeof metadata.name === 'string' && metadata.name) ||
		fileNameFromDisposition(headerValue(download.headers, 'content-disposition')) ||
		`file-${fileId}`;
	const mimeType = mimeTypeOf(headerValue(download.headers, 'content-type'));
	const binary = await this.helpers.prepareBinaryData(data, fileName, mimeType);
	const simplify = this.getNodeParameter('simplify', itemIndex, true);
	const json = simplify ? { ...entityFileFromV1(metadata), mimeType: binary.mimeType } : metadata;
	return new ItemWithFiles(json, { [field]: binary });
}
