import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldValuesProperties, readFieldValues } from '../common/fieldValueReads';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { personLocator } from '../common/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('person', 'getFieldValues', [
	personLocator(),
	...fieldValuesProperties('getPersonFields', false),
]);

/** GET /v2/persons/{personId}/fields (BETA): enriched, global and relationship-intelligence fields. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const personId = idParameter.call(this, 'personId', 'Person ID', 'int64', itemIndex);
	return readFieldValues.call(
		this,
		{
			path: `/v2/persons/${personId}/fields`,
			subject: `person with ID ${personId}`,
			ids: { personId },
		},
		itemIndex,
	);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/persons/{personId}/fields', beta: true },
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/persons/{personId}/fields/{fieldId}/values',
		beta: true,
		since: '2026-09-17',
	},
];
