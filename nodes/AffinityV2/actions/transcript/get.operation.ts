import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { transcriptLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('transcript', 'get', [
	transcriptLocator(),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const transcriptId = idParameter.call(this, 'transcriptId', 'Transcript ID', 'int32', itemIndex);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/transcripts/${transcriptId}`,
		subject: `transcript with ID ${transcriptId}`,
		itemIndex,
	});
	return body as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/transcripts/{transcriptId}', beta: true },
];
