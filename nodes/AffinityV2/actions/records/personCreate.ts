import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ASSOCIATION_LIMIT } from '../../helpers/entities';
import { affinityRequest } from '../../transport';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address, trimmed, or an error naming the parameter (`label`). */
export function emailAddress(
	this: IExecuteFunctions,
	value: string,
	label: string,
	itemIndex: number,
): string {
	const trimmed = value.trim();
	if (!EMAIL.test(trimmed))
		throw new NodeOperationError(this.getNode(), `${label}: "${value}" is not an email address`, {
			itemIndex,
		});
	return trimmed;
}

export interface PersonEmails {
	/** The primary email address; '' for none. */
	primary: string;
	/** Every address, the primary first; empty when only the primary was given. */
	all: string[];
}

/** The primary and other addresses of a new person, checked before any request. */
export function personEmails(
	this: IExecuteFunctions,
	primary: string,
	others: string[],
	itemIndex: number,
): PersonEmails {
	const first = primary.trim() ? emailAddress.call(this, primary, 'Email', itemIndex) : '';
	const more = others.map((e, i) =>
		emailAddress.call(this, e, `Other Emails (${i + 1})`, itemIndex),
	);
	if (!more.length) return { primary: first, all: [] };
	const all = [...new Set([...(first ? [first] : []), ...more])];
	if (all.length > ASSOCIATION_LIMIT)
		throw new NodeOperationError(
			this.getNode(),
			`Other Emails: at most ${ASSOCIATION_LIMIT} addresses; got ${all.length}`,
			{ itemIndex },
		);
	return { primary: first, all };
}

export interface PersonToCreate {
	firstName: string;
	lastName: string;
	emails: PersonEmails;
	/** Field values ({id, value}) to set at creation. */
	fields?: IDataObject[];
}

/**
 * POST /v2/persons (BETA; persons.PersonToCreate): 201 with the person and the field values it
 * was given. Sent once: a create is never repeated after it may have reached Affinity.
 */
export async function createPerson(
	this: IExecuteFunctions,
	person: PersonToCreate,
	itemIndex: number,
): Promise<IDataObject> {
	const { primary, all } = person.emails;
	const body: IDataObject = {
		firstName: person.firstName,
		lastName: person.lastName || null,
		primaryEmailAddress: primary || null,
	};
	if (all.length) body.emailAddresses = all;
	if (person.fields?.length) body.fields = person.fields;
	const { body: created } = await affinityRequest.call(this, {
		method: 'POST',
		path: '/v2/persons',
		body,
		itemIndex,
		checkWith: `Check with Person → Get Many or Search whether ${primary || person.firstName} was created`,
	});
	return created as IDataObject;
}
