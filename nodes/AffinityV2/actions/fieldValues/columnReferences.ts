import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { cachedPerRun, rememberPerRun } from '../../api/cache';
import {
	lookupKey,
	recordReferencesOf,
	type RecordReference,
	type ReferencedEntity,
} from '../../helpers/recordReferences';
import { emailAddress } from '../records/personCreate';
import { companyWithDomain, personWithEmail } from '../records/recordMatch';

/**
 * Person and company columns of the column mapping by ID, email address or domain: the values
 * checked before any request, and the records they name found once per run (POST
 * /v2/persons/search, POST /v2/companies/search), never created.
 */

const NOTHING_SENT = 'Nothing was sent for this row.';

function shown(given: unknown): string {
	return typeof given === 'object' ? JSON.stringify(given) : String(given);
}

/**
 * The values of a person or company column, each an ID, an email address or a domain; throws
 * for any other, naming the row and field (`label`) and the value, before any request.
 */
export function checkedReferences(
	this: IExecuteFunctions,
	type: { entity: ReferencedEntity; multi: boolean },
	value: unknown,
	label: string,
	itemIndex: number,
): RecordReference[] {
	const references = recordReferencesOf(type.entity, type.multi, value);
	for (const reference of references) {
		let valid = reference.kind !== 'invalid';
		if (reference.kind === 'email') {
			try {
				emailAddress.call(this, reference.email, label, itemIndex);
			} catch {
				valid = false;
			}
		}
		if (valid) continue;
		const person = type.entity === 'person';
		throw new NodeOperationError(
			this.getNode(),
			`${label}: "${shown(reference.given)}" is not a ${type.entity} ID or ${person ? 'an email address' : 'a domain'}`,
			{
				itemIndex,
				description: `Give the ${type.entity}’s ID (a whole number) or ${person ? 'an email address (ann@acme.com)' : 'a domain (acme.com, or the website’s URL)'}${type.multi ? '; several are comma-separated or an array' : ''}. ${NOTHING_SENT}`,
			},
		);
	}
	return references;
}

/**
 * A record this run created (Find or Create, Create or Update): later rows naming it by email or
 * domain get its ID without a search, which right after a v1 create may not see it yet.
 */
export function rememberCreatedRecord(
	this: IExecuteFunctions,
	record: { kind: 'email'; email: string } | { kind: 'domain'; domain: string },
	id: number,
): void {
	const key =
		record.kind === 'email' ? `person:${record.email.toLowerCase()}` : `company:${record.domain}`;
	rememberPerRun(this, `columnReference:${key}`, id);
}

/** The ID of the record an email address or a domain names, or undefined: searched once per run. */
function foundId(
	this: IExecuteFunctions,
	reference: RecordReference,
	itemIndex: number,
): Promise<number | undefined> {
	return cachedPerRun(this, `columnReference:${lookupKey(reference)}`, async () => {
		const found =
			reference.kind === 'email'
				? await personWithEmail.call(this, reference.email, itemIndex)
				: reference.kind === 'domain'
					? await companyWithDomain.call(this, reference.domain, itemIndex)
					: undefined;
		return found?.id;
	});
}

/** Why a value names no record, and how to fix it. */
function notFound(reference: RecordReference): [string, string] {
	if (reference.kind === 'domain')
		return [
			`no company has the domain "${reference.domain}"`,
			'Give the company’s ID or its primary domain, or create the company first (Company → Create, or Company → Find or Create).',
		];
	return [
		`no person has the email address "${reference.kind === 'email' ? reference.email : shown(reference.given)}"`,
		'Give the person’s ID, or their primary email address (Affinity’s person search matches that one), or create the person first (Person → Create, or Person → Find or Create).',
	];
}

/**
 * The ID of each value, in order: IDs as given, email addresses and domains as found. Throws,
 * naming the row and field (`label`) and the value, for one that names no record.
 */
export async function referencedIds(
	this: IExecuteFunctions,
	references: RecordReference[],
	label: string,
	itemIndex: number,
): Promise<number[]> {
	const ids: number[] = [];
	for (const reference of references) {
		if (reference.kind === 'id') {
			ids.push(reference.id);
			continue;
		}
		const id = await foundId.call(this, reference, itemIndex);
		if (id !== undefined) {
			ids.push(id);
			continue;
		}
		const [message, fix] = notFound(reference);
		throw new NodeOperationError(this.getNode(), `${label}: ${message}`, {
			itemIndex,
			description: `${fix} ${NOTHING_SENT}`,
		});
	}
	return ids;
}
