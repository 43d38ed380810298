import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityRequest, validateId } from '../../transport';
import { toStringList } from '../../helpers/stringList';
import { forOperation } from '../inputs/forOperation';
import type { OperationEndpoint } from '../types';

const MAX_RESULTS = 100;

export const description: INodeProperties[] = forOperation('company', 'semanticSearch', [
	{
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. climate tech companies in San Francisco that raised a Series A',
		description:
			'Plain words describing the companies to find: industry, technology, funding, headcount, location, investors, interactions or relationship strength (up to 500 characters)',
	},
	{
		displayName: 'List Names or IDs',
		name: 'listIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getCompanyLists' },
		default: [],
		description:
			'Only companies on these lists (none: every company). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_RESULTS },
		default: 50,
		description: 'Max number of results to return',
	},
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'One Item per Company',
				value: 'companies',
				description: "Each with its score and the search's explanation",
			},
			{
				name: 'One Item With Everything',
				value: 'whole',
				description: "Affinity's answer as is: {entityType, explanation, data}",
			},
		],
		default: 'companies',
	},
]);

/** POST /v2/semantic-search (not marked BETA in the 2026-07-15 edition): companies ranked by an AI reading of the prompt. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const prompt = String(this.getNodeParameter('prompt', itemIndex, '') ?? '');
	if (prompt.trim() === '' || prompt.length > 500) {
		throw new NodeOperationError(this.getNode(), 'The prompt must be 1 to 500 characters', {
			itemIndex,
		});
	}
	const limit = Number(this.getNodeParameter('limit', itemIndex, 50));
	if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RESULTS) {
		throw new NodeOperationError(this.getNode(), `Invalid Limit: got "${String(limit)}"`, {
			itemIndex,
			description: `Limit must be a whole number from 1 to ${MAX_RESULTS}.`,
		});
	}
	const listIds = toStringList(this.getNodeParameter('listIds', itemIndex, [])).map((id) =>
		validateId(this.getNode(), id, 'List ID', 'int64', itemIndex),
	);
	const body: IDataObject = {
		entityType: 'companies',
		prompt,
		limit,
		...(listIds.length ? { listIds } : {}),
	};
	const { body: answer } = await affinityRequest.call(this, {
		method: 'POST',
		path: '/v2/semantic-search',
		body,
		idempotent: true,
		itemIndex,
	});
	const result = (answer ?? {}) as { explanation?: string; data?: IDataObject[] };
	if (this.getNodeParameter('output', itemIndex, 'companies') === 'whole')
		return [result as IDataObject];
	return (result.data ?? []).map((company) => ({
		...company,
		explanation: result.explanation ?? null,
	}));
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/semantic-search' },
];
