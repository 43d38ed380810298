import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { changedIds, needsCurrent } from '../../helpers/associationChanges';
import {
	OPPORTUNITY_PARAMETER_NAMES,
	opportunityFromV1,
	type V1Opportunity,
} from '../../helpers/v1/opportunities';
import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { associationChangeProperties, readAssociationChange } from '../records/associationInputs';
import { editionAllows } from '../../api/edition';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { readBack } from '../records/readBack';
import { showsAfter } from '../records/recordShows';
import { opportunityLocator } from '../../pickers/locators';
import { v1SimplifyParameter } from '../inputs/simplifyParameters';
import { withAssociationNames } from '../records/associationNames';

export const endpoint: OperationEndpoint[] = [
	{
		api: 'v2',
		method: 'POST',
		path: '/v2/opportunities/{opportunityId}',
		beta: true,
		since: '2026-09-17',
	},
	{ api: 'v2', method: 'GET', path: '/v2/opportunities/{opportunityId}', since: '2026-09-17' },
	{ api: 'v1', method: 'GET', path: '/opportunities/{opportunity_id}' },
	{ api: 'v1', method: 'PUT', path: '/opportunities/{opportunity_id}' },
];

/** OpportunityToBeUpdated.name: 1 to 255 characters. */
const V2_NAME_MAX = 255;

export const description: INodeProperties[] = forOperation('opportunity', 'update', [
	opportunityLocator(),
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description:
			'Leave empty to keep the name. On API version 2026-09-17 a rename alone is sent to API v2 and returns the opportunity as Opportunity → Get does (ID, name, list).',
	},
	...associationChangeProperties('persons'),
	...associationChangeProperties('companies'),
	v1SimplifyParameter,
]);

/**
 * A rename alone, on 2026-09-17 and later: POST /v2/opportunities/{opportunityId}
 * (`OpportunityToBeUpdated`, which takes only `name`; 204), then the opportunity read back (GET
 * /v2/opportunities/{opportunityId}). Otherwise, and for any change of people or companies on
 * every version (v2 cannot change them): PUT /opportunities/{opportunity_id} (API v1) with name,
 * person_ids and organization_ids. v1 replaces a whole set, so adding or removing reads the
 * opportunity first (GET /opportunities/{opportunity_id}) and sends the resulting set. Sent once.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const opportunityId = idParameter.call(
		this,
		'opportunityId',
		'Opportunity ID',
		'int64',
		itemIndex,
	);
	const name = String(this.getNodeParameter('name', itemIndex, '') ?? '').trim();
	const persons = readAssociationChange.call(this, 'persons', itemIndex);
	const companies = readAssociationChange.call(this, 'companies', itemIndex);
	if (!name && persons.change === 'keep' && companies.change === 'keep') {
		throw new NodeOperationError(this.getNode(), 'Nothing to update', {
			itemIndex,
			description: 'Give a Name, or change People or Companies.',
		});
	}
	const subject = `opportunity with ID ${opportunityId}`;
	const checkWith = `Check the opportunity with Opportunity → Get (opportunity ${opportunityId})`;
	if (
		persons.change === 'keep' &&
		companies.change === 'keep' &&
		(await editionAllows.call(this, '2026-09-17', itemIndex))
	) {
		if (name.length > V2_NAME_MAX) {
			throw new NodeOperationError(
				this.getNode(),
				`Name: an opportunity name has at most ${V2_NAME_MAX} characters; got ${name.length}`,
				{ itemIndex, description: 'Shorten the name.' },
			);
		}
		await affinityRequest.call(this, {
			method: 'POST',
			path: `/v2/opportunities/${opportunityId}`,
			body: { name },
			subject,
			itemIndex,
			parameterNames: { name: 'Name' },
			checkWith,
			shows: () => ({ name }),
		});
		// Renamed (204): read back as Opportunity → Get gives it, or, while API v2 does not show
		// the opportunity yet (created a moment ago), what was written.
		return await readBack.call(
			this,
			{ method: 'GET', path: `/v2/opportunities/${opportunityId}`, subject, itemIndex },
			{ id: opportunityId, name },
		);
	}
	let current: V1Opportunity | undefined;
	if (needsCurrent(persons.change) || needsCurrent(companies.change)) {
		const { body } = await affinityRequest.call(this, {
			api: 'v1',
			method: 'GET',
			path: `/opportunities/${opportunityId}`,
			subject,
			itemIndex,
		});
		current = body as V1Opportunity;
	}
	const body: IDataObject = {};
	if (name) body.name = name;
	const personIds = changedIds(persons.change, current?.person_ids ?? [], persons.ids);
	if (personIds) body.person_ids = personIds;
	const companyIds = changedIds(companies.change, current?.organization_ids ?? [], companies.ids);
	if (companyIds) body.organization_ids = companyIds;
	const { body: updated } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'PUT',
		path: `/opportunities/${opportunityId}`,
		body,
		subject,
		itemIndex,
		parameterNames: OPPORTUNITY_PARAMETER_NAMES,
		checkWith,
		expect: 'record',
		shows: showsAfter((answer: V1Opportunity) => ({ name: answer.name }), name ? ['name'] : []),
	});
	if (!this.getNodeParameter('simplify', itemIndex, true)) return updated as IDataObject;
	return await withAssociationNames.call(
		this,
		opportunityFromV1(updated as V1Opportunity, {
			personIds: personIds ?? current?.person_ids,
			companyIds: companyIds ?? current?.organization_ids,
		}),
		itemIndex,
	);
}
