import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
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

/** The endpoint of each interaction type (GET /v2/calls, /v2/chat-messages, /v2/emails, /v2/meetings). */
const PATHS: Record<string, string> = {
	call: '/v2/calls',
	chatMessage: '/v2/chat-messages',
	email: '/v2/emails',
	meeting: '/v2/meetings',
};

/** Calls and meetings filter on startTime; emails and chat messages on sentAt. */
function interactionFilter(timeProperty: 'startTime' | 'sentAt'): FilterTarget {
	const properties: Record<string, FixedFilterProperty> = {
		id: {
			label: 'ID',
			operators: ['='],
			valueType: 'int',
			collection: false,
			description: 'The interaction ID',
		},
		[timeProperty]: {
			label: timeProperty === 'startTime' ? 'Start Time' : 'Sent At',
			operators: TIME,
			valueType: 'datetime',
			collection: false,
			description:
				timeProperty === 'startTime' ? 'When it starts (ISO 8601)' : 'When it was sent (ISO 8601)',
		},
		createdAt: {
			label: 'Created At',
			operators: TIME,
			valueType: 'datetime',
			collection: false,
			description: 'When it was logged (ISO 8601)',
		},
		updatedAt: {
			label: 'Updated At',
			operators: TIME,
			valueType: 'datetime',
			collection: false,
			description: 'When it was last updated (ISO 8601)',
		},
	};
	return { properties, operators: operatorsFor(properties), what: 'interactions' };
}

const byStartTime = interactionFilter('startTime');
const bySentAt = interactionFilter('sentAt');
const filterOf = (type: string) => (type === 'call' || type === 'meeting' ? byStartTime : bySentAt);

const forTypes = (types: string[], properties: INodeProperties[]) =>
	properties.map((p) => ({
		...p,
		displayOptions: { show: { ...(p.displayOptions?.show ?? {}), interactionType: types } },
	}));

export const description: INodeProperties[] = forOperation('interaction', 'getAll', [
	{
		displayName: 'Interaction Type',
		name: 'interactionType',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Call', value: 'call', description: 'Logged calls' },
			{ name: 'Chat Message', value: 'chatMessage', description: 'Logged chat messages' },
			{
				name: 'Email',
				value: 'email',
				description: 'Emails (metadata only: the body is not available through the API)',
			},
			{ name: 'Meeting', value: 'meeting', description: 'Past and future meetings' },
		],
		default: 'meeting',
	},
	...forTypes(['call', 'meeting'], filterParameters(byStartTime)),
	...forTypes(['chatMessage', 'email'], filterParameters(bySentAt)),
	...returnAllAndLimit(),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const type = this.getNodeParameter('interactionType', itemIndex) as string;
	const path = PATHS[type];
	const { filter, keep } = await readFilter.call(this, itemIndex, filterOf(type));
	const { items } = await affinityPaginate.call(
		this,
		{ method: 'GET', path, qs: filter ? { filter } : {}, itemIndex },
		{ max: maxResults.call(this, itemIndex), keep },
	);
	return items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/calls' },
	{ api: 'v2', method: 'GET', path: '/v2/chat-messages' },
	{ api: 'v2', method: 'GET', path: '/v2/emails' },
	{ api: 'v2', method: 'GET', path: '/v2/meetings' },
];
