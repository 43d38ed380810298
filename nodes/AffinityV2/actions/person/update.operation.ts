import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { applySetChange } from '../../helpers/setChange';
import { personFromV1, type V1Person } from '../../helpers/v1/persons';
import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { personLocator } from '../../pickers/locators';
import { emailAddress } from '../records/personCreate';
import {
	PERSON_COMPANIES,
	PERSON_EMAILS,
	idListParser,
	readSetChange,
	setChangeParameters,
} from '../records/setChanges';
import { showsAfter, v2Keys } from '../records/recordShows';
import { simplifyParameter } from '../inputs/simplifyParameters';
import { changedName } from '../fieldValues/updateFields';
import { readV1Record, shownPerson } from '../records/v1Records';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v1', method: 'GET', path: '/persons/{person_id}' },
	{ api: 'v1', method: 'PUT', path: '/persons/{person_id}' },
];

export const description: INodeProperties[] = forOperation('person', 'update', [
	personLocator(),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'First Name', name: 'firstName', type: 'string', default: '' },
			{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '' },
		],
	},
	...setChangeParameters(PERSON_EMAILS),
	...setChangeParameters(PERSON_COMPANIES),
	{
		displayName:
			'Adding or removing emails or companies reads the person first; a change made by someone else in between is overwritten. An email address can belong to one person only.',
		name: 'updateNotice',
		type: 'notice',
		default: '',
	},
	simplifyParameter,
]);

/**
 * PUT /persons/{person_id} (API v1): only what is given changes, but `emails` and
 * `organization_ids` replace the whole set, so Add and Remove read the person first
 * (GET /persons/{person_id}).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const personId = idParameter.call(this, 'personId', 'Person ID', 'int64', itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.firstName !== undefined)
		body.first_name = changedName.call(this, fields.firstName, 'First Name', itemIndex);
	if (fields.lastName !== undefined) body.last_name = String(fields.lastName).trim();
	const emails = (readSetChange<string>).call(this, PERSON_EMAILS, itemIndex, (value, label) =>
		emailAddress.call(this, value, label, itemIndex).toLowerCase(),
	);
	const companies = (readSetChange<number>).call(
		this,
		PERSON_COMPANIES,
		itemIndex,
		idListParser.call(this, itemIndex),
	);
	if (!Object.keys(body).length && !emails && !companies)
		throw new NodeOperationError(this.getNode(), 'Nothing to update', {
			itemIndex,
			description: 'Add a First or Last Name under Update Fields, or change Emails or Companies.',
		});
	const needsCurrent = [emails, companies].some((change) => change && change.mode !== 'replace');
	const current = needsCurrent
		? ((await readV1Record.call(this, 'persons', personId, itemIndex)) as unknown as V1Person)
		: undefined;
	if (emails)
		body.emails = applySetChange(
			(current?.emails ?? []).map((e) => e.toLowerCase()),
			emails.mode,
			emails.values,
		);
	if (companies)
		body.organization_ids = applySetChange(
			current?.organization_ids ?? [],
			companies.mode,
			companies.values,
		);
	const { body: updated } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'PUT',
		path: `/persons/${personId}`,
		body,
		subject: `person with ID ${personId}`,
		itemIndex,
		parameterNames: {
			first_name: 'First Name',
			last_name: 'Last Name',
			emails: 'Emails',
			organization_ids: 'Companies',
		},
		checkWith: `Check with Person → Get (person ${personId}) whether it changed`,
		shows: showsAfter(
			personFromV1,
			v2Keys(body, { first_name: 'firstName', last_name: 'lastName', emails: 'emailAddresses' }),
		),
	});
	return shownPerson.call(this, updated as V1Person, itemIndex);
}
