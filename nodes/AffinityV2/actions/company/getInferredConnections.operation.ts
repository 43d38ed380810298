import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { escapeFilterValue } from '../../helpers/filterBuilder';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { companyLocator } from '../../pickers/locators';
import { recordsOrCount, recordsOrTotal } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

/** The API pages inferred connections 50 targets at a time at most (`limit` maximum). */
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
	...recordsOrCount(
		'target person, with the connections to them, strongest first',
		'target persons',
	),
]);

/**
 * GET /v2/inferred-connections/coworkers or /investor-executive-connections (BETA), filtered to
 * the targets currently at the company (`target.currentCompany.id`, the one filter it takes).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const companyId = idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	const path = PATHS[this.getNodeParameter('connectionType', itemIndex, 'coworkers') as string];
	const qs = { filter: `target.currentCompany.id=${escapeFilterValue(String(companyId))}` };
	return recordsOrTotal.call(
		this,
		itemIndex,
		{ method: 'GET', path, qs, subject: `company with ID ${companyId}`, itemIndex },
		1,
		MAX_TARGETS,
	);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/inferred-connections/coworkers', beta: true },
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/inferred-connections/investor-executive-connections',
		beta: true,
	},
];
