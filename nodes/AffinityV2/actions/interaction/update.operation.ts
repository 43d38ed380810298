import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { interactionFromV1 } from '../../helpers/v1/interactions';
import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import {
	contentParameter,
	dateParameter,
	INTERACTION_PARAMETER_NAMES,
	interactionDate,
	interactionIdParameter,
	interactionOutput,
	interactionPeople,
	interactionTypeCode,
	loggedTypeParameter,
	peopleParameter,
	interactionPeopleError,
} from './interactionInputs';
import { showsAfter } from '../records/recordShows';
import { simplifyParameter } from '../inputs/simplifyParameters';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v1', method: 'PUT', path: '/interactions/{id}' },
];

export const description: INodeProperties[] = forOperation('interaction', 'update', [
	interactionIdParameter,
	loggedTypeParameter,
	peopleParameter(
		'Who took part: replaces the people of the interaction (Affinity takes the whole list)',
	),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [contentParameter(false), dateParameter(false)].map((p) => ({
			...p,
			required: false,
		})),
	},
	simplifyParameter,
]);

/**
 * PUT /interactions/{id} (API v1) with its type: the people (replaced as a whole), and the
 * content and date if given. Checked first; sent once.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = idParameter.call(this, 'interactionId', 'Interaction ID', 'int64', itemIndex);
	const { kind, code } = interactionTypeCode.call(this, itemIndex);
	const body: IDataObject = { type: code, person_ids: interactionPeople.call(this, itemIndex) };
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	if (fields.content !== undefined) {
		if (typeof fields.content !== 'string' || !fields.content.trim()) {
			throw new NodeOperationError(this.getNode(), 'Update Fields → Content: empty', {
				itemIndex,
				description: 'Write the new content, or remove Content from Update Fields to keep it.',
			});
		}
		body.content = fields.content;
	}
	if (fields.date !== undefined && fields.date !== '')
		body.date = interactionDate.call(this, fields.date, itemIndex);
	const { body: updated } = await affinityRequest
		.call(this, {
			api: 'v1',
			method: 'PUT',
			path: `/interactions/${id}`,
			body,
			subject: `${kind === 'chatMessage' ? 'chat message' : kind} with ID ${id}`,
			itemIndex,
			parameterNames: INTERACTION_PARAMETER_NAMES,
			expect: 'record',
			checkWith: `Check with Interaction → Get Many (filter ID = ${id}) whether it changed`,
			// Interaction → Get reads a meeting's startTime (GET /v2/meetings/{meetingId}).
			shows: showsAfter(interactionFromV1, body.date !== undefined ? ['startTime'] : []),
		})
		.catch((error: unknown) => {
			throw interactionPeopleError(error);
		});
	return interactionOutput.call(this, updated as IDataObject, itemIndex);
}
