import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { cachedPerRun } from '../../api/cache';
import { listSummary } from '../../api/lists';
import { holdsValue } from '../../helpers/columnValues';
import { asNodeError } from '../../helpers/nodeErrors';
import type { ApiEntity } from '../../helpers/types';
import type { V1Organization } from '../../helpers/v1/companies';
import {
	affinityPaginate,
	affinityRequest,
	validateId,
	writeMayHaveApplied,
} from '../../transport';
import type { OperationEndpoint } from '../types';
import { writeInChunks } from '../common/batchWrites';
import { checkedColumns, columnMappingProperty, columnWrites } from '../common/columnMapping';
import { editionAllows } from '../common/edition';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { listLocator } from '../common/locators';
import { createPerson, emailAddress } from '../common/personCreate';
import { companyWithDomain, personWithEmail } from '../common/recordMatch';
import { onceInRun } from '../common/sameRun';
import { domainParameter } from '../common/v1Records';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}' },
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}/fields' },
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}/list-entries' },
	{ api: 'v2', method: 'POST', path: '/v2/companies/search' },
	{ api: 'v2', method: 'POST', path: '/v2/persons/search', beta: true },
	{ api: 'v2', method: 'POST', path: '/v2/persons', beta: true },
	{ api: 'v2', method: 'GET', path: '/v2/companies/{companyId}/list-entries' },
	{ api: 'v2', method: 'GET', path: '/v2/persons/{personId}/list-entries' },
	{
		api: 'v2',
		method: 'POST',
		path: '/v2/lists/{listId}/list-entries',
		beta: true,
		since: '2026-09-17',
	},
	{ api: 'v1', method: 'POST', path: '/lists/{list_id}/list-entries', before: '2026-09-17' },
	{ api: 'v1', method: 'POST', path: '/organizations' },
	{ api: 'v2', method: 'PATCH', path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields' },
];

export const description: INodeProperties[] = forOperation('listEntry', 'upsert', [
	listLocator(
		'The company or person list the rows go to. An opportunity list is not supported: its rows are made by Opportunity → Create and written by Update Field Values.',
	),
	{
		displayName: 'Match On',
		name: 'matchOn',
		type: 'options',
		options: [
			{
				name: 'Company Domain',
				value: 'domain',
				description: 'The company with this primary domain; created when there is none',
			},
			{
				name: 'Person Email',
				value: 'email',
				description: 'The person with this email address; created when there is none',
			},
			{
				name: 'Entity ID',
				value: 'entityId',
				description: 'The company or person with this ID (never created)',
			},
		],
		default: 'domain',
		description: 'What identifies the row’s company or person',
	},
	{
		displayName: 'Domain',
		name: 'domain',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. acme.com',
		displayOptions: { show: { matchOn: ['domain'] } },
		description: 'The company’s web domain, e.g. an expression that reads the row’s domain column',
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		required: true,
		default: '',
		displayOptions: { show: { matchOn: ['email'] } },
		description: 'The person’s email address (primary or not)',
	},
	{
		displayName: 'Entity ID',
		name: 'entityId',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show: { matchOn: ['entityId'] } },
		description: 'The ID of the company or person (as the list holds)',
	},
	{
		displayName: 'Company Name',
		name: 'companyName',
		type: 'string',
		default: '',
		displayOptions: { show: { matchOn: ['domain'] } },
		description: 'The name if the company has to be created; the domain when empty',
	},
	{
		displayName: 'First Name',
		name: 'firstName',
		type: 'string',
		default: '',
		displayOptions: { show: { matchOn: ['email'] } },
		description: 'Used if the person has to be created; the part of the email before @ when empty',
	},
	{
		displayName: 'Last Name',
		name: 'lastName',
		type: 'string',
		default: '',
		displayOptions: { show: { matchOn: ['email'] } },
		description: 'Used if the person has to be created',
	},
	columnMappingProperty({ method: 'getListEntryColumns', dependsOn: ['listId.value'] }),
]);

type EntityKind = 'company' | 'person';
const PLURAL: Record<EntityKind, string> = { company: 'companies', person: 'persons' };

interface MatchedRecord {
	id: number;
	name: string;
	created: boolean;
}

interface RowEntry {
	id: number;
	added: boolean;
	/** The entry's values as read with it ({fieldId: {type, data}}); none for a new entry. */
	values: Record<string, unknown>;
}

/** What was done for a row so far, for its output and for the error of a failure. */
interface RowProgress {
	entityId?: number;
	created: boolean;
	listEntryId?: number;
	addedToList: boolean;
	written: string[];
}

function matchKey(this: IExecuteFunctions, matchOn: string, itemIndex: number): string | number {
	if (matchOn === 'email')
		return emailAddress
			.call(this, String(this.getNodeParameter('email', itemIndex, '') ?? ''), 'Email', itemIndex)
			.toLowerCase();
	if (matchOn === 'entityId')
		return validateId(
			this.getNode(),
			this.getNodeParameter('entityId', itemIndex, ''),
			'Entity ID',
			'int64',
			itemIndex,
		);
	return domainParameter.call(
		this,
		this.getNodeParameter('domain', itemIndex, ''),
		'Domain',
		itemIndex,
	);
}

/** The record a row names, found or created once per run (POST …/search; v1 POST /organizations, POST /v2/persons). */
async function matchedRecord(
	this: IExecuteFunctions,
	kind: EntityKind,
	matchOn: string,
	key: string | number,
	itemIndex: number,
): Promise<{ record: MatchedRecord; earlier: boolean }> {
	if (matchOn === 'entityId')
		return { record: { id: key as number, name: '', created: false }, earlier: false };
	if (kind === 'company') {
		const domain = key as string;
		const name = String(this.getNodeParameter('companyName', itemIndex, '') ?? '').trim() || domain;
		const { value, earlier } = await onceInRun(
			this,
			`upsert:company:${domain}`,
			itemIndex,
			async () => {
				const found = await companyWithDomain.call(this, domain, itemIndex);
				if (found) return { id: found.id, name: String(found.name ?? ''), created: false };
				const { body } = await affinityRequest.call(this, {
					api: 'v1',
					method: 'POST',
					path: '/organizations',
					body: { name, domain },
					itemIndex,
					parameterNames: { name: 'Company Name', domain: 'Domain' },
					checkWith: `Check with Company → Search ("${domain}") whether it was created`,
				});
				const created = body as V1Organization;
				return { id: Number(created.id), name: String(created.name ?? name), created: true };
			},
		);
		return { record: value, earlier };
	}
	const email = key as string;
	const firstName =
		String(this.getNodeParameter('firstName', itemIndex, '') ?? '').trim() || email.split('@')[0];
	const lastName = String(this.getNodeParameter('lastName', itemIndex, '') ?? '').trim();
	const { value, earlier } = await onceInRun(
		this,
		`upsert:person:${email}`,
		itemIndex,
		async () => {
			const found = await personWithEmail.call(this, email, itemIndex);
			const person =
				found ??
				((await createPerson.call(
					this,
					{ firstName, lastName, emails: { primary: email, all: [] } },
					itemIndex,
				)) as ApiEntity);
			const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
			return { id: person.id, name, created: !found };
		},
	);
	return { record: value, earlier };
}

/** The record's entry on the list, with its values (GET /v2/{companies|persons}/{id}/list-entries). */
async function entryOnList(
	this: IExecuteFunctions,
	kind: EntityKind,
	entityId: number,
	listId: number,
	itemIndex: number,
): Promise<RowEntry | undefined> {
	let found: RowEntry | undefined;
	await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: `/v2/${PLURAL[kind]}/${entityId}/list-entries`,
			subject: `${kind} with ID ${entityId}`,
			itemIndex,
		},
		{
			onPage: (page) => {
				const entry = (
					page.data as Array<{ id: number; listId: number; fields?: IDataObject[] }>
				).find((e) => e.listId === listId);
				if (entry) {
					const values: Record<string, unknown> = {};
					for (const field of entry.fields ?? []) values[String(field.id)] = field.value;
					found = { id: entry.id, added: false, values };
				}
				return found === undefined;
			},
		},
	);
	return found;
}

interface IndexedEntry extends RowEntry {
	entityId: number;
	name: string;
}

/** The list's entries by key; `complete` when every page was read (then a record not in it is not on the list). */
interface ListIndex {
	entries: Map<string, IndexedEntry>;
	complete: boolean;
}

/** Rows a page of the list's entries stands in for: past this, each row is looked up alone. */
const ROWS_PER_INDEX_PAGE = 50;

/**
 * The list's entries by their record's domain (company) or email addresses (person) and id,
 * with their global and list values: GET /v2/lists/{listId}/list-entries, read once per run
 * and at most one page (100 entries) for every 50 rows of the run, so that a big list costs a
 * small run little. A row whose record is among them needs no search and no read of its own; a
 * row not found here is looked up alone, and when every page was read, its record is known not
 * to be on the list (no read of its list entries).
 */
function listIndex(
	ctx: IExecuteFunctions,
	listId: number,
	kind: EntityKind,
	itemIndex: number,
): Promise<ListIndex> {
	return cachedPerRun(ctx, `upsert:index:${listId}`, async () => {
		const index = new Map<string, IndexedEntry>();
		let complete = true;
		const maxPages = Math.max(1, Math.ceil(ctx.getInputData().length / ROWS_PER_INDEX_PAGE));
		await affinityPaginate.call(
			ctx,
			{
				method: 'GET',
				path: `/v2/lists/${listId}/list-entries`,
				qs: { fieldTypes: ['global', 'list'] },
				subject: `list with ID ${listId}`,
				itemIndex,
			},
			{
				onPage: (page, pageIndex) => {
					for (const raw of page.data as IDataObject[]) {
						const entity = (raw.entity ?? {}) as IDataObject;
						const entityId = Number(entity.id);
						if (!Number.isInteger(entityId)) continue;
						const values: Record<string, unknown> = {};
						for (const f of (entity.fields as IDataObject[] | undefined) ?? [])
							values[String(f.id)] = f.value;
						const name =
							kind === 'company'
								? String(entity.name ?? '')
								: [entity.firstName, entity.lastName].filter(Boolean).join(' ');
						const entry: IndexedEntry = {
							id: Number(raw.id),
							added: false,
							values,
							entityId,
							name,
						};
						const keys =
							kind === 'company'
								? [entity.domain]
								: [entity.primaryEmailAddress, ...((entity.emailAddresses as unknown[]) ?? [])];
						for (const key of [
							`id:${entityId}`,
							...keys.map((k) => (typeof k === 'string' ? k.toLowerCase() : '')),
						])
							if (key && !index.has(key)) index.set(key, entry);
					}
					if (pageIndex + 1 < maxPages) return true;
					complete = !page.nextUrl;
					return false;
				},
			},
		);
		return { entries: index, complete };
	});
}

/** Adds the record to the list: v2 POST /v2/lists/{listId}/list-entries on 2026-09-17, else v1. */
async function addToList(
	this: IExecuteFunctions,
	kind: EntityKind,
	entityId: number,
	listId: number,
	itemIndex: number,
): Promise<number> {
	const checkWith = `Check with ${kind === 'person' ? 'Person' : 'Company'} → Get List Entries (${kind} ${entityId}) whether it is on list ${listId}`;
	if (await editionAllows.call(this, '2026-09-17', itemIndex)) {
		const { body } = await affinityRequest.call(this, {
			method: 'POST',
			path: `/v2/lists/${listId}/list-entries`,
			body: { entity: { id: entityId } },
			subject: `list with ID ${listId}`,
			itemIndex,
			checkWith,
			expect: 'record',
		});
		return Number((body as IDataObject).id);
	}
	const { body } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'POST',
		path: `/lists/${listId}/list-entries`,
		body: { entity_id: entityId },
		subject: `list with ID ${listId}`,
		itemIndex,
		checkWith,
	});
	return Number((body as IDataObject).id);
}

/** Under this key of an entry's writes: the row whose write to it may or may not have been applied. */
const UNKNOWN_OUTCOME = '(unknown outcome)';

/** What this run wrote to each entry, so that a later row with the same value does not write it again. */
function writtenInRun(ctx: IExecuteFunctions, entryId: number): Promise<Map<string, unknown>> {
	return cachedPerRun(ctx, `upsert:written:${entryId}`, async () => new Map<string, unknown>());
}

function progressText(progress: RowProgress, kind: EntityKind): string {
	const done: string[] = [];
	const notDone: string[] = [];
	if (progress.created) done.push(`created the ${kind} (ID ${progress.entityId})`);
	if (progress.addedToList) done.push(`added it to the list (entry ${progress.listEntryId})`);
	else if (progress.listEntryId === undefined) notDone.push('adding it to the list');
	if (progress.written.length) done.push(`wrote ${progress.written.join(', ')}`);
	else notDone.push('writing the fields');
	return `Done for this row: ${done.length ? done.join('; ') : 'nothing'}. Not done: ${notDone.join(', ') || 'nothing'}.`;
}

/**
 * One row into a company or person list: the record found by domain, email or ID (created when
 * there is none, once per run for one key), added to the list when it is not on it, and the
 * mapped fields written in one PATCH /v2/lists/{listId}/list-entries/{listEntryId}/fields
 * (`update-fields`; chunks of 100), leaving out the values the entry already holds (read with
 * its list entries, no extra call). Every mapped value is checked before the row's first request.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const matchOn = this.getNodeParameter('matchOn', itemIndex, 'domain') as string;
	const key = matchKey.call(this, matchOn, itemIndex);
	const scope = { kind: 'listEntry' as const, listId };
	const columns = await checkedColumns.call(this, scope, itemIndex);

	const list = await listSummary(this, listId, itemIndex);
	if (list.type !== 'company' && list.type !== 'person') {
		throw new NodeOperationError(
			this.getNode(),
			`List: "${list.name}" is an ${list.type} list; Create or Update works on company and person lists`,
			{
				itemIndex,
				description:
					'An opportunity list gets its rows from Opportunity → Create; write their fields with List Entry → Update Field Values.',
			},
		);
	}
	const kind = list.type;
	const wanted: EntityKind | undefined =
		matchOn === 'domain' ? 'company' : matchOn === 'email' ? 'person' : undefined;
	if (wanted && wanted !== kind) {
		throw new NodeOperationError(
			this.getNode(),
			`Match On: "${list.name}" is a ${kind} list; ${matchOn === 'domain' ? 'a company domain' : 'a person email'} cannot name its rows`,
			{
				itemIndex,
				description: `Set Match On to ${kind === 'company' ? 'Company Domain' : 'Person Email'} or Entity ID.`,
			},
		);
	}
	const writes = await columnWrites.call(this, scope, columns, itemIndex);

	const progress: RowProgress = { created: false, addedToList: false, written: [] };
	try {
		const index = await listIndex(this, listId, kind, itemIndex);
		const indexed = index.entries.get(matchOn === 'entityId' ? `id:${key}` : String(key));
		const { record, earlier: recordEarlier } = indexed
			? { record: { id: indexed.entityId, name: indexed.name, created: false }, earlier: false }
			: await matchedRecord.call(this, kind, matchOn, key, itemIndex);
		progress.entityId = record.id;
		progress.created = record.created && !recordEarlier;
		const { value: entry, earlier: entryEarlier } = await onceInRun(
			this,
			`upsert:entry:${listId}:${record.id}`,
			itemIndex,
			async (): Promise<RowEntry> => {
				const existing =
					indexed ??
					(record.created || index.complete
						? undefined
						: await entryOnList.call(this, kind, record.id, listId, itemIndex));
				if (existing) return existing;
				return {
					id: await addToList.call(this, kind, record.id, listId, itemIndex),
					added: true,
					values: {},
				};
			},
		);
		progress.listEntryId = entry.id;
		progress.addedToList = entry.added && !entryEarlier;

		const written = await writtenInRun(this, entry.id);
		const changed = writes.filter(
			(w) =>
				!holdsValue(
					w.value,
					written.has(w.fieldId) ? written.get(w.fieldId) : entry.values[w.fieldId],
				),
		);
		if (changed.length) {
			const unknown = written.get(UNKNOWN_OUTCOME) as number | undefined;
			if (unknown !== undefined)
				throw new NodeOperationError(
					this.getNode(),
					`Not sent: row ${unknown + 1} of this run wrote list entry ${entry.id} and its outcome is unknown`,
					{
						itemIndex,
						description:
							'Sending again could apply an older value over it. Check the entry in Affinity, then run again.',
					},
				);
			try {
				await writeInChunks.call(
					this,
					changed,
					{
						path: `/v2/lists/${listId}/list-entries/${entry.id}/fields`,
						subject: `list entry with ID ${entry.id} on list ${listId}`,
						checkWith: `Check the current values with List Entry → Get Field Values (list ${listId}, entry ${entry.id})`,
					},
					itemIndex,
				);
			} catch (error) {
				if (writeMayHaveApplied(error)) written.set(UNKNOWN_OUTCOME, itemIndex);
				throw asNodeError(this.getNode(), error, itemIndex);
			}
			for (const w of changed) written.set(w.fieldId, w.value);
			progress.written = changed.map((w) => w.fieldName ?? w.fieldId);
		}
		const fieldsWritten: IDataObject = {};
		for (const w of changed)
			fieldsWritten[w.fieldName ?? w.fieldId] = (w.dropdownText ?? w.given) as IDataObject;
		return {
			id: entry.id,
			listId,
			type: kind,
			entity: { id: record.id, ...(record.name ? { name: record.name } : {}) },
			created: progress.created,
			addedToList: progress.addedToList,
			fieldsWritten,
			fieldsUnchanged: writes
				.filter((w) => !changed.includes(w))
				.map((w) => w.fieldName ?? w.fieldId),
		};
	} catch (caught) {
		const error = asNodeError(this.getNode(), caught, itemIndex);
		error.description = `${error.description ?? ''} ${progressText(progress, kind)}`.trim();
		error.context = {
			...(error.context ?? {}),
			itemIndex,
			entityId: progress.entityId,
			created: progress.created,
			listEntryId: progress.listEntryId,
			addedToList: progress.addedToList,
			written: progress.written,
		};
		throw error;
	}
}
