import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	fieldUpdatesFrom,
	fieldUpdatesProperties,
	writeChangedInChunks,
} from '../common/batchWrites';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { personLocator } from '../common/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('person', 'updateFieldValues', [
	personLocator(),
	...fieldUpdatesProperties({
		fieldLoadMethod: 'getWritablePersonFields',
		dependsOn: [],
		columnsMethod: 'getPersonColumns',
	}),
]);

/** PATCH /v2/persons/{personId}/fields with `update-fields`, in chunks of 100. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const personId = idParameter.call(this, 'personId', 'Person ID', 'int64', itemIndex);
	const writes = await fieldUpdatesFrom.call(this, { kind: 'person' }, itemIndex);
	const written = await writeChangedInChunks.call(
		this,
		writes,
		{
			path: `/v2/persons/${personId}/fields`,
			subject: `person with ID ${personId}`,
			checkWith: `Check the current values with Person → Get Field Values (person ${personId})`,
		},
		itemIndex,
	);
	return { success: true, personId, ...written };
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'PATCH', path: '/v2/persons/{personId}/fields', beta: true },
	{ api: 'v2', method: 'GET', path: '/v2/persons/{personId}/fields', beta: true },
];
