import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { listSummary } from '../../api/lists';
import { asNodeError } from '../../helpers/nodeErrors';
import { simplifyListEntry } from '../../helpers/simplify';
import type { ApiListEntry } from '../../helpers/types';
import { listEntryFromV1 } from '../../helpers/v1/listEntries';
import { affinityRequest, entryAddedHere, forgetEntryAdded, validateId } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import {
	addRecordToList,
	recordEntryOnList,
	type AddedEntry,
	type ListedKind,
} from '../lists/listMembership';
import { onceInRun } from '../records/sameRun';
import { idParameter } from '../inputs/ids';
import {
	companyLocator,
	internalPersonLocator,
	listLocator,
	personLocator,
} from '../../pickers/locators';
import { simplifyParameter } from '../inputs/simplifyParameters';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}' },
	{ api: 'v2', method: 'GET', path: '/v2/companies/{companyId}/list-entries' },
	{ api: 'v2', method: 'GET', path: '/v2/persons/{personId}/list-entries' },
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}/list-entries/{listEntryId}' },
	{ api: 'v1', method: 'GET', path: '/lists/{list_id}/list-entries/{list_entry_id}' },
	{
		api: 'v2',
		method: 'POST',
		path: '/v2/lists/{listId}/list-entries',
		beta: true,
		since: '2026-09-17',
	},
	{ api: 'v1', method: 'POST', path: '/lists/{list_id}/list-entries', before: '2026-09-17' },
];

const creator = internalPersonLocator({
	name: 'creatorId',
	displayName: 'Created By',
	description: 'The team member recorded as having added the entry; by default the key’s user',
});

export const description: INodeProperties[] = forOperation('listEntry', 'add', [
	listLocator(
		'The person or company list to add to (opportunities are added by Opportunity → Create)',
	),
	{
		displayName: 'Entity Type',
		name: 'entityType',
		type: 'options',
		options: [
			{ name: 'Company', value: 'company' },
			{ name: 'Person', value: 'person' },
		],
		default: 'company',
		description: 'What the list holds',
	},
	{
		...companyLocator({ description: 'The company to add' }),
		displayOptions: { show: { entityType: ['company'] } },
	},
	{
		...personLocator({ description: 'The person to add' }),
		displayOptions: { show: { entityType: ['person'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{ ...creator, required: false },
			{
				displayName: 'Skip If Already on the List',
				name: 'skipIfAlreadyOnList',
				type: 'boolean',
				default: false,
				description:
					'Whether to check the list first and return the existing entry (alreadyOnList: true) instead of adding a second row; a list may hold a company or person more than once',
			},
		],
	},
	simplifyParameter,
]);

/**
 * The entry of this entity on this list, read whole, if any (GET …/list-entries, then GET the
 * entry). An entry this n8n process added a moment ago (an execution before this one) counts
 * though API v2's list of the record's entries may not show it yet.
 */
async function existingEntry(
	this: IExecuteFunctions,
	kind: ListedKind,
	entityId: number,
	listId: number,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const id =
		(await recordEntryOnList.call(this, kind, entityId, listId, itemIndex))?.id ??
		(await entryAddedAndKept.call(this, listId, entityId, itemIndex));
	if (id === undefined) return undefined;
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/lists/${listId}/list-entries/${id}`,
		subject: `list entry ${id} on list ${listId}`,
		itemIndex,
	});
	return body as IDataObject;
}

/**
 * The entry this n8n process added a moment ago for the record, if API v1 (which sees writes
 * at once: GET /lists/{list_id}/list-entries/{list_entry_id}) still has it; one removed since,
 * by someone else, is forgotten and the record added again.
 */
async function entryAddedAndKept(
	this: IExecuteFunctions,
	listId: number,
	entityId: number,
	itemIndex: number,
): Promise<number | undefined> {
	const id = await entryAddedHere.call(this, listId, entityId, itemIndex);
	if (id === undefined) return undefined;
	try {
		await affinityRequest.call(this, {
			api: 'v1',
			method: 'GET',
			path: `/lists/${listId}/list-entries/${id}`,
			subject: `list entry ${id} on list ${listId}`,
			itemIndex,
		});
		return id;
	} catch (error) {
		if (!(error instanceof NodeApiError) || String(error.httpCode) !== '404')
			throw asNodeError(this.getNode(), error, itemIndex);
		await forgetEntryAdded.call(this, listId, id, itemIndex);
		return undefined;
	}
}

/**
 * Adds the company or person (v2 on 2026-09-17 and later, v1 before it: addRecordToList); v1's
 * answer is put in v2's shape. The list is read first (GET /v2/lists/{listId}) so that an
 * opportunity list or a list of the other entity type is refused before the write.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const kind = this.getNodeParameter('entityType', itemIndex, 'company') as ListedKind;
	const entityId =
		kind === 'person'
			? idParameter.call(this, 'personId', 'Person ID', 'int64', itemIndex)
			: idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const creatorRaw =
		options.creatorId === undefined
			? undefined
			: (this.getNodeParameter('options.creatorId', itemIndex, undefined, {
					extractValue: true,
				}) as unknown);
	const creatorId =
		creatorRaw === undefined || creatorRaw === ''
			? undefined
			: validateId(this.getNode(), creatorRaw, 'Created By', 'int64', itemIndex);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;

	const list = await listSummary.call(this, listId, itemIndex);
	if (list.type !== kind) {
		const opportunity = list.type === 'opportunity';
		throw new NodeOperationError(
			this.getNode(),
			opportunity
				? `List: "${list.name}" is an opportunity list; entries cannot be added to it`
				: `Entity Type: "${list.name}" is a ${list.type} list; a ${kind} cannot be added to it`,
			{
				itemIndex,
				description: opportunity
					? 'An opportunity list gets a row when an opportunity is created: use Opportunity → Create.'
					: `Pick a ${list.type} list, or set Entity Type to ${list.type === 'person' ? 'Person' : 'Company'}.`,
			},
		);
	}

	const add = () => addRecordToList.call(this, { kind, entityId, listId, creatorId }, itemIndex);
	const shownAdded = (added: AddedEntry) => {
		if (!simplify) return added.entry as unknown as IDataObject;
		return simplifyListEntry(added.viaV2 ? added.entry : listEntryFromV1(added.entry, kind));
	};

	if (options.skipIfAlreadyOnList !== true)
		return { ...shownAdded(await add()), alreadyOnList: false };

	// Items of one run that add one entity to one list check and add once: the entry added by
	// v1 may not show in v2's list entries for a moment, and a second check would add it again.
	const { value, earlier } = await (onceInRun<{ existing?: IDataObject; added?: AddedEntry }>).call(
		this,
		`listEntry:${listId}:${kind}:${entityId}`,
		itemIndex,
		async () => {
			const existing = await existingEntry.call(this, kind, entityId, listId, itemIndex);
			return existing ? { existing } : { added: await add() };
		},
	);
	if (value.existing) {
		const shown = simplify
			? simplifyListEntry(value.existing as unknown as ApiListEntry)
			: value.existing;
		return { ...shown, alreadyOnList: true, addedEarlierInRun: false };
	}
	return { ...shownAdded(value.added!), alreadyOnList: earlier, addedEarlierInRun: earlier };
}
