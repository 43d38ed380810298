import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { listWebhooks } from '../../api/webhooks';
import {
	filterParameters,
	operatorsFor,
	readFilter,
	type FilterTarget,
	type FixedFilterProperty,
} from '../search/filters';
import { forOperation } from '../inputs/forOperation';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

const TIME = ['>', '<', '>=', '<='];

const properties: Record<string, FixedFilterProperty> = {
	id: {
		label: 'ID',
		operators: ['='],
		valueType: 'int',
		collection: false,
		description: 'The webhook ID',
	},
	createdAt: {
		label: 'Created At',
		operators: TIME,
		valueType: 'datetime',
		collection: false,
		description: 'When it was created (ISO 8601)',
	},
	updatedAt: {
		label: 'Updated At',
		operators: TIME,
		valueType: 'datetime',
		collection: false,
		description: 'When it was last changed (ISO 8601)',
	},
};

/** GET /v2/webhooks: id (=), createdAt and updatedAt (>, <, >=, <=). */
const webhookFilter: FilterTarget = {
	properties,
	operators: operatorsFor(properties),
	what: 'webhooks',
};

export const description: INodeProperties[] = forOperation('webhook', 'getAll', [
	...filterParameters(webhookFilter),
	...returnAllAndLimit(),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { filter, keep } = await readFilter.call(this, itemIndex, webhookFilter);
	return listWebhooks.call(this, {
		filter,
		keep,
		max: maxResults.call(this, itemIndex),
		itemIndex,
	});
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/webhooks', beta: true },
];
