import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listSummary } from '../../api/lists';
import { asNodeError } from '../../helpers/nodeErrors';
import { validateId } from '../../transport';
import type { OperationEndpoint, RunShared } from '../types';
import type { FieldScope } from '../../api/fields';
import {
	checkedColumns,
	columnMappingProperty,
	columnWrites,
	referencedRecordKeys,
} from '../fieldValues/columnMapping';
import { companyFoundOrCreated, personFoundOrCreated } from '../records/findOrCreate';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listLocator } from '../../pickers/locators';
import { addRecordToList, type ListedKind } from '../lists/listMembership';
import { listIndex, recordRow, writeRowChanges, type ListRow } from '../lists/listRows';
import { emailAddress } from '../records/personCreate';
import { onceInRun } from '../records/sameRun';
import { domainParameter } from '../records/v1Records';

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

/** The parameter that names the row's record, for Affinity's validation errors. */
const MATCH_PARAMETER: Record<string, string> = {
	domain: 'Domain',
	email: 'Email',
	entityId: 'Entity ID',
};

interface MatchedRecord {
	id: number;
	name: string;
	created: boolean;
}

/** What was done for a row so far, for its output and for the error of a failure. */
interface RowProgress {
	entityId?: number;
	created: boolean;
	listEntryId?: number;
	addedToList: boolean;
	written: string[];
}

/** The fields the run's rows map, as far as known (every row's once lanes were planned). */
function noteMappedFields(run: RunShared, columns: Array<{ fieldId: string }>): string[] {
	const fields = run.once('mappedFields', () => new Set<string>());
	for (const column of columns) fields.add(column.fieldId);
	return [...fields];
}

/** A row's key, read once per run: reading an expression parameter evaluates it again. */
function matchKey(
	this: IExecuteFunctions,
	run: RunShared,
	matchOn: string,
	itemIndex: number,
): string | number {
	return run.once(`matchKey:${itemIndex}`, () => readMatchKey.call(this, matchOn, itemIndex));
}

/** A row's mapped columns, checked once per run (for its lane keys, then for its writes). */
function rowColumns(
	this: IExecuteFunctions,
	run: RunShared,
	scope: FieldScope,
	itemIndex: number,
): ReturnType<typeof checkedColumns> {
	return run.once(`columns:${itemIndex}`, () => checkedColumns.call(this, scope, itemIndex));
}

function readMatchKey(
	this: IExecuteFunctions,
	matchOn: string,
	itemIndex: number,
): string | number {
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

/**
 * What a row writes or looks up, for running rows side by side (itemLanes.ts): its own record
 * (`company:{domain}`, `person:{email}`, `id:{entityId}`) and the records its person and
 * company columns name by email or domain. Rows sharing one run in their order, so a row never
 * overlaps one that creates, adds or writes what it depends on.
 */
export async function laneKeys(
	this: IExecuteFunctions,
	itemIndex: number,
	run: RunShared,
): Promise<string[]> {
	const matchOn = this.getNodeParameter('matchOn', itemIndex, 'domain') as string;
	const key = matchKey.call(this, run, matchOn, itemIndex);
	const own =
		matchOn === 'domain' ? `company:${key}` : matchOn === 'email' ? `person:${key}` : `id:${key}`;
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const columns = await rowColumns.call(this, run, { kind: 'listEntry', listId }, itemIndex);
	noteMappedFields(run, columns);
	return [own, ...referencedRecordKeys.call(this, columns, itemIndex)];
}

/** The record a row names, found or created once per run (POST …/search; v1 POST /organizations, POST /v2/persons). */
async function matchedRecord(
	this: IExecuteFunctions,
	kind: ListedKind,
	matchOn: string,
	key: string | number,
	itemIndex: number,
): Promise<{ record: MatchedRecord; earlier: boolean }> {
	if (matchOn === 'entityId')
		return { record: { id: key as number, name: '', created: false }, earlier: false };
	if (kind === 'company') {
		const domain = key as string;
		const name = String(this.getNodeParameter('companyName', itemIndex, '') ?? '').trim() || domain;
		const { value, earlier } = await companyFoundOrCreated.call(
			this,
			{ domain, name, nameParameter: 'Company Name' },
			itemIndex,
		);
		const record = value.found
			? { id: value.found.id, name: String(value.found.name ?? ''), created: false }
			: { id: Number(value.created!.id), name: String(value.created!.name ?? name), created: true };
		return { record, earlier };
	}
	const email = key as string;
	const firstName =
		String(this.getNodeParameter('firstName', itemIndex, '') ?? '').trim() || email.split('@')[0];
	const lastName = String(this.getNodeParameter('lastName', itemIndex, '') ?? '').trim();
	const { value, earlier } = await personFoundOrCreated.call(
		this,
		{ email, firstName, lastName },
		itemIndex,
	);
	const { person, created } = value;
	const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
	return { record: { id: person.id, name, created }, earlier };
}

function progressText(progress: RowProgress, kind: ListedKind): string {
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
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	run: RunShared,
): Promise<IDataObject> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const matchOn = this.getNodeParameter('matchOn', itemIndex, 'domain') as string;
	const key = matchKey.call(this, run, matchOn, itemIndex);
	const scope = { kind: 'listEntry' as const, listId };
	const columns = await rowColumns.call(this, run, scope, itemIndex);

	const list = await listSummary.call(this, listId, itemIndex);
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
	const wanted: ListedKind | undefined =
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
		// The list's rows are read with the values of the mapped fields only: a row of a real
		// account carries dozens of global and enriched fields, most of a page's size.
		const index = await listIndex.call(
			this,
			listId,
			kind,
			noteMappedFields(run, columns),
			itemIndex,
		);
		const indexed = index.rows.get(matchOn === 'entityId' ? `id:${key}` : String(key));
		const { record, earlier: recordEarlier } = indexed
			? { record: { id: indexed.entityId, name: indexed.name, created: false }, earlier: false }
			: await matchedRecord.call(this, kind, matchOn, key, itemIndex);
		progress.entityId = record.id;
		progress.created = record.created && !recordEarlier;
		const { value: entry, earlier: entryEarlier } = await (onceInRun<ListRow>).call(
			this,
			`upsert:entry:${listId}:${record.id}`,
			itemIndex,
			async (): Promise<ListRow> => {
				const existing =
					indexed ??
					(record.created || index.complete
						? undefined
						: await recordRow.call(this, kind, record.id, listId, itemIndex));
				if (existing) return existing;
				const added = await addRecordToList.call(
					this,
					{ kind, entityId: record.id, listId, parameter: MATCH_PARAMETER[matchOn] },
					itemIndex,
				);
				return { id: Number(added.entry.id), added: true, values: {} };
			},
		);
		progress.listEntryId = entry.id;
		progress.addedToList = entry.added && !entryEarlier;

		const changed = (await writeRowChanges.call(
			this,
			listId,
			entry,
			writes,
			itemIndex,
		)) as typeof writes;
		progress.written = changed.map((w) => w.fieldName ?? w.fieldId);
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
