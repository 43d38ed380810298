import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { toStringList } from '../../helpers/stringList';

/** What GET /v2/teams and /v2/teams/{teamId} can add to each team (`team.includes`). */
export const teamIncludesParameter: INodeProperties = {
	displayName: 'Include',
	name: 'includes',
	type: 'multiOptions',
	options: [
		{
			name: 'Accessible Lists Preview',
			value: 'accessibleListsPreview',
			description: 'A few of the lists the team has access to, and how many there are',
		},
		{
			name: 'Members Preview',
			value: 'membersPreview',
			description: 'A few of the team’s members (users), and how many there are',
		},
	],
	default: [],
	description:
		'Extra information on each team: a short sample and the total count (Team: membersPreview, accessibleListsPreview)',
};

export function teamIncludesQuery(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const includes = [...new Set(toStringList(this.getNodeParameter('includes', itemIndex, [])))];
	return includes.length ? { includes } : {};
}
