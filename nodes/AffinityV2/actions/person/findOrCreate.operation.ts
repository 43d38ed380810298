import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { simplifyEntity } from '../../helpers/simplify';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import { personFoundOrCreated } from '../records/findOrCreate';
import { emailAddress } from '../records/personCreate';
import { simplifyParameter } from '../inputs/simplifyParameters';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/persons/search', beta: true },
	{ api: 'v2', method: 'POST', path: '/v2/persons', beta: true },
];

export const description: INodeProperties[] = forOperation('person', 'findOrCreate', [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'name@example.com',
		description:
			'The person with this email address is returned, or created with it. Items of one execution with the same address (in any case) create the person once; a person another execution created moments before may not be found yet.',
	},
	{
		displayName: 'First Name',
		name: 'firstName',
		type: 'string',
		required: true,
		default: '',
		description: 'Used if the person has to be created',
	},
	{
		displayName: 'Last Name',
		name: 'lastName',
		type: 'string',
		default: '',
		description: 'Used if the person has to be created',
	},
	simplifyParameter,
]);

/**
 * Finds the person with this email address (POST /v2/persons/search: the term is matched
 * against names and primary emails; the exact address is picked from the matches, primary or
 * not) and creates them with POST /v2/persons only when there is none. `created` says which.
 * Items of one run with the same address (in any letter case) give one search and at most one
 * create: a later one returns the first's person with `created: false` and
 * `createdEarlierInRun: true` (a search right after a create may not find the new person yet).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const email = emailAddress.call(
		this,
		String(this.getNodeParameter('email', itemIndex, '') ?? ''),
		'Email',
		itemIndex,
	);
	const firstName = String(this.getNodeParameter('firstName', itemIndex, '') ?? '').trim();
	if (!firstName)
		throw new NodeOperationError(this.getNode(), 'First Name: required', {
			itemIndex,
			description: 'It is used if no person has this email address and one is created.',
		});
	const lastName = String(this.getNodeParameter('lastName', itemIndex, '') ?? '').trim();
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	const { value, earlier } = await personFoundOrCreated.call(
		this,
		{ email, firstName, lastName },
		itemIndex,
	);
	return {
		...(simplify ? simplifyEntity(value.person) : (value.person as IDataObject)),
		created: value.created && !earlier,
		createdEarlierInRun: value.created && earlier,
	};
}
