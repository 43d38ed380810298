import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { requireEdition } from '../../api/edition';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { teamIncludesParameter, teamIncludesQuery } from './teamIncludes';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('team', 'get', [
	{
		displayName: 'Team ID',
		name: 'teamId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 12',
		description: 'The ID of the team, as Team → Get Many gives it',
	},
	teamIncludesParameter,
]);

/** GET /v2/teams/{teamId} (BETA, 2026-09-17): Team, with the previews `includes` asks for. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const teamId = idParameter.call(this, 'teamId', 'Team ID', 'int64', itemIndex);
	const qs = teamIncludesQuery.call(this, itemIndex);
	await requireEdition.call(this, '2026-09-17', 'Team → Get', itemIndex);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/teams/${teamId}`,
		qs,
		subject: `team with ID ${teamId}`,
		itemIndex,
	});
	return body as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/teams/{teamId}', beta: true, since: '2026-09-17' },
];
