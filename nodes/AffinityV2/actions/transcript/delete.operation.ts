import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { requireEdition } from '../../api/edition';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { transcriptLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('transcript', 'delete', [
	transcriptLocator(),
	{
		displayName:
			'Only the creator of the transcript’s AI notetaker note may delete it. The note stays; its transcriptId becomes null. This cannot be undone.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
]);

/** DELETE /v2/transcripts/{transcriptId} (BETA, 2026-09-17; 204). The output says what was deleted. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const transcriptId = idParameter.call(this, 'transcriptId', 'Transcript ID', 'int32', itemIndex);
	await requireEdition.call(this, '2026-09-17', 'Transcript → Delete', itemIndex);
	await affinityRequest.call(this, {
		method: 'DELETE',
		path: `/v2/transcripts/${transcriptId}`,
		subject: `transcript with ID ${transcriptId}`,
		itemIndex,
		checkWith: `Check with Transcript → Get (transcript ${transcriptId}): a 404 means it was deleted`,
	});
	return { success: true, transcriptId };
}

export const endpoint: OperationEndpoint[] = [
	{
		api: 'v2',
		method: 'DELETE',
		path: '/v2/transcripts/{transcriptId}',
		beta: true,
		since: '2026-09-17',
	},
];
