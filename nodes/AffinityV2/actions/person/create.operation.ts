import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ASSOCIATION_LIMIT } from '../../helpers/entities';
import { toStringList } from '../../helpers/stringList';
import { affinityRequest } from '../../transport';
import { fieldUpdatesFrom, fieldUpdatesProperties } from '../common/batchWrites';
import { forOperation } from '../common/forOperation';
import type { OperationEndpoint } from '../types';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

function email(this: IExecuteFunctions, value: string, label: string, itemIndex: number): string {
	if (!EMAIL.test(value))
		throw new NodeOperationError(this.getNode(), `${label}: "${value}" is not an email address`, {
			itemIndex,
		});
	return value;
}

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
	const others = toStringList(this.getNodeParameter('otherEmails', itemIndex, '')).map((e, i) =>
		email.call(this, e, `Other Emails (${i + 1})`, itemIndex),
	);
	const body: IDataObject = {
		firstName,
		lastName: lastName || null,
		primaryEmailAddress: primary ? email.call(this, primary, 'Email', itemIndex) : null,
	};
	if (others.length) {
		const all = [...new Set([...(primary ? [primary] : []), ...others])];
		if (all.length > ASSOCIATION_LIMIT)
			throw new NodeOperationError(
				this.getNode(),
				`Other Emails: at most ${ASSOCIATION_LIMIT} addresses; got ${all.length}`,
				{ itemIndex },
			);
		body.emailAddresses = all;
	}
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
	if (writes.length)
		body.fields = writes.map((w) => ({
			id: w.fieldId,
			value: w.value,
		})) as unknown as IDataObject[];
	const { body: person } = await affinityRequest.call(this, {
		method: 'POST',
		path: '/v2/persons',
		body,
		itemIndex,
		checkWith: `Check with Person → Get Many or Search whether ${primary || firstName} was created`,
	});
	return person as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/persons', beta: true },
];
