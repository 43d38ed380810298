import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ASSOCIATION_LIMIT } from '../../helpers/entities';
import { toStringList } from '../../helpers/stringList';
import { fieldUpdatesFrom, fieldUpdatesProperties } from '../fieldValues/batchWrites';
import { forOperation } from '../inputs/forOperation';
import type { OperationEndpoint } from '../types';
import { createPerson, personEmails } from '../records/personCreate';

export const description: INodeProperties[] = forOperation('person', 'create', [
	{ displayName: 'First Name', name: 'firstName', type: 'string', required: true, default: '' },
	{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '' },
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@example.com',
		default: '',
		description: 'The primary email address',
	},
	{
		displayName: 'Other Emails',
		name: 'otherEmails',
		type: 'string',
		default: '',
		placeholder: 'e.g. jane@home.example, jane@old.example',
		description: 'More email addresses, comma-separated (or an expression giving an array)',
	},
	...fieldUpdatesProperties({ fieldLoadMethod: 'getWritablePersonFields', dependsOn: [] }).filter(
		(p) => p.name !== 'chunkNotice',
	),
]);

/**
 * POST /v2/persons (BETA; persons.PersonToCreate): 201 with the person and the field values it
 * was given (setting them needs the "Edit Global Field Values" permission). Sent once: a create
 * is never repeated after it may have reached Affinity.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const firstName = String(this.getNodeParameter('firstName', itemIndex, '') ?? '').trim();
	if (!firstName)
		throw new NodeOperationError(this.getNode(), 'First Name: required', { itemIndex });
	const lastName = String(this.getNodeParameter('lastName', itemIndex, '') ?? '').trim();
	const primary = String(this.getNodeParameter('email', itemIndex, '') ?? '').trim();
	const emails = personEmails.call(
		this,
		primary,
		toStringList(this.getNodeParameter('otherEmails', itemIndex, '')),
		itemIndex,
	);
	const writes = await fieldUpdatesFrom.call(this, { kind: 'person' }, itemIndex, true);
	if (writes.length > ASSOCIATION_LIMIT) {
		throw new NodeOperationError(
			this.getNode(),
			`Field values: at most ${ASSOCIATION_LIMIT} when creating a person; got ${writes.length}`,
			{
				itemIndex,
				description: 'Set the rest afterwards with Person → Update Field Values.',
			},
		);
	}
	return createPerson.call(
		this,
		{
			firstName,
			lastName,
			emails,
			fields: writes.map((w) => ({ id: w.fieldId, value: w.value }) as unknown as IDataObject),
		},
		itemIndex,
	);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/persons', beta: true },
];
