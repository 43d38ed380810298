import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fileSummaryFromV1, V1_FILE_ENTITY_PARAM } from '../../helpers/v1/files';
import { affinityPaginateV1 } from '../../transport';
import { fileRecordParameter, fileRecordParameters } from './fileRecordPickers';
import { forOperation } from '../inputs/forOperation';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('file', 'getAllForRecord', [
	...fileRecordParameters('Files Of', 'The kind of record whose files are listed'),
	...returnAllAndLimit(),
]);

/**
 * GET /entity-files (API v1) with person_id, organization_id or opportunity_id: the files of one
 * record, paged by page_size / page_token (`{entity_files, next_page_token}`), each in v2's
 * names (files.FileSummary). v1 sees its own writes at once: a file uploaded a moment ago, to a
 * record created a moment ago, is listed.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { entityType, entityId, label } = fileRecordParameter.call(this, 'Files Of', itemIndex);
	const max = maxResults.call(this, itemIndex);
	const param = V1_FILE_ENTITY_PARAM[entityType];
	const { items } = await affinityPaginateV1.call(
		this,
		{
			api: 'v1',
			method: 'GET',
			path: '/entity-files',
			qs: { [param]: entityId },
			subject: `${entityType} with ID ${entityId}`,
			itemIndex,
			parameterNames: { [param]: label },
		},
		{ listKey: 'entity_files', max },
	);
	return items.map(fileSummaryFromV1);
}

export const endpoint: OperationEndpoint[] = [{ api: 'v1', method: 'GET', path: '/entity-files' }];
