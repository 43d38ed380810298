import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import {
	contentParameter,
	dateParameter,
	INTERACTION_PARAMETER_NAMES,
	interactionDate,
	interactionOutput,
	interactionPeople,
	interactionTypeCode,
	loggedTypeParameter,
	peopleParameter,
	interactionPeopleError,
} from './interactionInputs';
import { simplifyParameter } from '../inputs/simplifyParameters';

export const endpoint: OperationEndpoint[] = [{ api: 'v1', method: 'POST', path: '/interactions' }];

export const description: INodeProperties[] = forOperation('interaction', 'create', [
	loggedTypeParameter,
	peopleParameter(
		'Who took part: at least one member of your team and at least one person outside it (Affinity needs both)',
	),
	dateParameter(true),
	contentParameter(true),
	{
		displayName: 'Direction',
		name: 'direction',
		type: 'options',
		options: [
			{ name: 'Sent', value: 'sent', description: 'Sent by a member of your team' },
			{ name: 'Received', value: 'received', description: 'Sent by someone outside your team' },
		],
		default: 'sent',
		displayOptions: { show: { interactionType: ['chatMessage'] } },
	},
	simplifyParameter,
]);

/**
 * POST /interactions (API v1): a meeting, call or chat message with its people, date and
 * content (kept as a note on it). Everything is checked first; it is sent once.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { kind, code } = interactionTypeCode.call(this, itemIndex);
	const body: IDataObject = {
		type: code,
		person_ids: interactionPeople.call(this, itemIndex),
		date: interactionDate.call(this, this.getNodeParameter('date', itemIndex, ''), itemIndex),
		content: this.getNodeParameter('content', itemIndex, '') as string,
	};
	if (!String(body.content).trim()) {
		throw new NodeOperationError(this.getNode(), 'Content: required', {
			itemIndex,
			description: 'Write what the interaction was about; Affinity keeps it as a note on it.',
		});
	}
	if (kind === 'chatMessage')
		body.direction = this.getNodeParameter('direction', itemIndex, 'sent') === 'received' ? 1 : 0;
	const { body: created } = await affinityRequest
		.call(this, {
			api: 'v1',
			method: 'POST',
			path: '/interactions',
			body,
			subject: 'interaction',
			itemIndex,
			parameterNames: INTERACTION_PARAMETER_NAMES,
			expect: 'record',
			checkWith: `Check with Interaction → Get Many (type ${kind === 'chatMessage' ? 'Chat Message' : kind === 'call' ? 'Call' : 'Meeting'}, filtered around ${String(body.date)}) whether it was logged`,
		})
		.catch((error: unknown) => {
			throw interactionPeopleError(error);
		});
	return interactionOutput.call(this, created as IDataObject, itemIndex);
}
