import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityPaginate, affinityRequest } from '../../transport';
import { escapeFilterValue } from '../../helpers/filterBuilder';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { companyLocator } from '../common/locators';

/** The API pages inferred connections 50 targets at a time at most. */
const MAX_TARGETS = 50;

const PATHS: Record<string, string> = {
	coworkers: '/v2/inferred-connections/coworkers',
	investorExecutive: '/v2/inferred-connections/investor-executive-connections',
};

export const description: INodeProperties[] = forOperation('company', 'getInferredConnections', [
	companyLocator({ description: 'The company the people you want to know work at today' }),
	{
		displayName: 'Connection Type',
		name: 'connectionType',
		type: 'options',
		options: [
			{
				name: 'Coworkers',
				value: 'coworkers',
				description: 'People you know who worked at the same company at the same time',
			},
			{
				name: 'Investor-Executive',
				value: 'investorExecutive',
				description: 'People you know who invested in a company where the target was an executive',
			},
		],
		default: 'coworkers',
	},
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Records',
				value: 'records',
				description: 'One item per target person, with the connections to them, strongest first',
			},
			{
				name: 'Total Count Only',
				value: 'totalCount',
				description: 'One item {totalCount}: how many target persons there are',
			},
		],
		default: 'records',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_TARGETS },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { output: ['records'] } },
	},
]);

/**
 * GET /v2/inferred-connections/coworkers or /investor-executive-connections (BETA), filtered to
 * the targets currently at the company (`target.currentCompany.id`, the one filter it takes).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const companyId = idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	const path = PATHS[this.getNodeParameter('connectionType', itemIndex, 'coworkers') as string];
	const qs = { filter: `target.currentCompany.id=${escapeFilterValue(String(companyId))}` };
	const subject = `company with ID ${companyId}`;
	if (this.getNodeParameter('output', itemIndex, 'records') === 'totalCount') {
		const { body } = await affinityRequest.call(this, {
			method: 'GET',
			path,
			qs: { ...qs, limit: 1, totalCount: true },
			subject,
			itemIndex,
		});
		const totalCount = (body as { pagination?: { totalCount?: unknown } })?.pagination?.totalCount;
		if (typeof totalCount !== 'number') {
			throw new NodeOperationError(this.getNode(), 'Affinity did not return a total count', {
				itemIndex,
			});
		}
		return [{ totalCount }];
	}
	const limit = Number(this.getNodeParameter('limit', itemIndex, MAX_TARGETS));
	if (!Number.isInteger(limit) || limit < 1 || limit > MAX_TARGETS) {
		throw new NodeOperationError(this.getNode(), `Invalid Limit: got "${String(limit)}"`, {
			itemIndex,
			description: `Limit must be a whole number from 1 to ${MAX_TARGETS}.`,
		});
	}
	const { items } = await affinityPaginate.call(
		this,
		{ method: 'GET', path, qs, subject, itemIndex },
		{ max: limit },
	);
	return items;
}
