import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldValueProperties, readFieldValue } from '../common/fieldValueReads';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { personLocator } from '../common/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('person', 'getFieldValue', [
	personLocator(),
	...fieldValueProperties('getPersonFields'),
]);

/** GET /v2/persons/{personId}/fields/{fieldId} (BETA). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const personId = idParameter.call(this, 'personId', 'Person ID', 'int64', itemIndex);
	return readFieldValue.call(
		this,
		{ path: `/v2/persons/${personId}/fields`, subject: `person ${personId}` },
		itemIndex,
	);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/persons/{personId}/fields/{fieldId}', beta: true },
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/persons/{personId}/fields/{fieldId}/values',
		beta: true,
		since: '2026-09-17',
	},
];
