import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { requireEdition } from '../../api/edition';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('file', 'get', [
	{
		displayName: 'File ID',
		name: 'fileId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 43212',
		description:
			'The ID of the file, as File → Get Many or File → Search gives it. The answer carries a short-lived download link (downloadUrl); File → Download reads the file itself.',
	},
]);

/**
 * GET /v2/files/{fileId} (BETA, 2026-09-17): files.File, its name, size, MIME type, uploader and
 * a signed `downloadUrl` that expires shortly.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const fileId = idParameter.call(this, 'fileId', 'File ID', 'int32', itemIndex);
	await requireEdition.call(this, '2026-09-17', 'File → Get', itemIndex);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/files/${fileId}`,
		subject: `file with ID ${fileId}`,
		itemIndex,
	});
	return body as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/files/{fileId}', beta: true, since: '2026-09-17' },
];
