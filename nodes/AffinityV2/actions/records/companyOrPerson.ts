import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { simplifyEntity, simplifyEntryOfEntity } from '../../helpers/simplify';
import type { ApiEntity, ApiField } from '../../helpers/types';
import { affinityPaginate, affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import {
	completeEntity,
	completeMultiValuesParameter,
	completesMultiValues,
} from '../fieldValues/multiValueCompletion';
import {
	fieldUpdatesFrom,
	fieldUpdatesProperties,
	writeChangedInChunks,
} from '../fieldValues/batchWrites';
import { entityNotesParameters, readEntityNotes } from './entityNotes';
import { fieldQuery, fieldSelection } from '../fieldValues/fields';
import {
	fieldValueProperties,
	fieldValuesProperties,
	readFieldValue,
	readFieldValues,
} from '../fieldValues/fieldValueReads';
import { requestFromInputs, resolveFieldWrite } from '../fieldValues/fieldWrites';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { companyLocator, personLocator } from '../../pickers/locators';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import { readRelationships, relationshipParameters } from './relationships';
import { simplifyParameter } from '../inputs/simplifyParameters';
import { sendFieldWrite, skipUnchangedParameter } from '../fieldValues/unchangedWrites';
import { fieldValueProperties as fieldWriteProperties } from '../fieldValues/values';

/**
 * The operations a company and a person have alike, from one source: each is built for a
 * record kind, which names what differs between the two (the API's path and id, the pickers and
 * field lists). The operation files of both resources are one line each over these.
 */
export interface RecordKind {
	kind: 'company' | 'person';
	/** The API's path segment: /v2/companies, /v2/persons. */
	plural: 'companies' | 'persons';
	/** "Company": the resource's name in messages. */
	title: string;
	/** The locator's parameter name, also the id's name in outputs: companyId, personId. */
	idName: 'companyId' | 'personId';
	idLabel: string;
	locator: () => INodeProperties;
	/** loadOptions methods: the kind's fields, its writable fields, its columns for Map Fields. */
	fieldsMethod: string;
	writableFieldsMethod: string;
	columnsMethod: string;
}

export const COMPANY: RecordKind = {
	kind: 'company',
	plural: 'companies',
	title: 'Company',
	idName: 'companyId',
	idLabel: 'Company ID',
	locator: () => companyLocator(),
	fieldsMethod: 'getCompanyFields',
	writableFieldsMethod: 'getWritableCompanyFields',
	columnsMethod: 'getCompanyColumns',
};

export const PERSON: RecordKind = {
	kind: 'person',
	plural: 'persons',
	title: 'Person',
	idName: 'personId',
	idLabel: 'Person ID',
	locator: () => personLocator(),
	fieldsMethod: 'getPersonFields',
	writableFieldsMethod: 'getWritablePersonFields',
	columnsMethod: 'getPersonColumns',
};

/** One operation of a record kind, as its operation file exports it. */
interface TwinOperation<T extends IDataObject | IDataObject[]> {
	description: INodeProperties[];
	execute: (this: IExecuteFunctions, itemIndex: number) => Promise<T>;
	endpoint: OperationEndpoint[];
}

const recordId = (k: RecordKind) =>
	function (this: IExecuteFunctions, itemIndex: number): number {
		return idParameter.call(this, k.idName, k.idLabel, 'int64', itemIndex) as number;
	};

/** The values endpoint Affinity added in 2026-09-17, read for fields holding over 100 values. */
const allValuesEndpoint = (k: RecordKind): OperationEndpoint => ({
	api: 'v2',
	method: 'GET',
	path: `/v2/${k.plural}/{${k.idName}}/fields/{fieldId}/values`,
	beta: true,
	since: '2026-09-17',
});

/** Get: GET /v2/{companies|persons}/{id}, with the chosen fields. */
export function getRecord(k: RecordKind): TwinOperation<IDataObject> {
	const id = recordId(k);
	return {
		description: forOperation(k.kind, 'get', [
			k.locator(),
			...fieldSelection(k.fieldsMethod, false),
			completeMultiValuesParameter,
			simplifyParameter,
		]),
		async execute(itemIndex) {
			const recordIdValue = id.call(this, itemIndex);
			const complete = await completesMultiValues.call(this, itemIndex);
			const { body } = await affinityRequest.call(this, {
				method: 'GET',
				path: `/v2/${k.plural}/${recordIdValue}`,
				qs: fieldQuery.call(this, itemIndex),
				subject: `${k.kind} with ID ${recordIdValue}`,
				itemIndex,
			});
			const read = body as IDataObject;
			const record = (complete
				? await completeEntity.call(this, read, k.kind, itemIndex)
				: read) as unknown as ApiEntity;
			return this.getNodeParameter('simplify', itemIndex, true)
				? simplifyEntity(record)
				: (record as IDataObject);
		},
		endpoint: [
			{ api: 'v2', method: 'GET', path: `/v2/${k.plural}/{${k.idName}}` },
			allValuesEndpoint(k),
		],
	};
}

/** Get Field Value: GET /v2/{companies|persons}/{id}/fields/{fieldId} (BETA). */
export function getRecordFieldValue(k: RecordKind): TwinOperation<IDataObject> {
	const id = recordId(k);
	return {
		description: forOperation(k.kind, 'getFieldValue', [
			k.locator(),
			...fieldValueProperties(k.fieldsMethod),
		]),
		async execute(itemIndex) {
			const recordIdValue = id.call(this, itemIndex);
			return readFieldValue.call(
				this,
				{ path: `/v2/${k.plural}/${recordIdValue}/fields`, subject: `${k.kind} ${recordIdValue}` },
				itemIndex,
			);
		},
		endpoint: [
			{
				api: 'v2',
				method: 'GET',
				path: `/v2/${k.plural}/{${k.idName}}/fields/{fieldId}`,
				beta: true,
			},
			allValuesEndpoint(k),
		],
	};
}

/** Get Field Values: GET /v2/{companies|persons}/{id}/fields (BETA): enriched, global and relationship-intelligence fields. */
export function getRecordFieldValues(k: RecordKind): TwinOperation<IDataObject[]> {
	const id = recordId(k);
	return {
		description: forOperation(k.kind, 'getFieldValues', [
			k.locator(),
			...fieldValuesProperties(k.fieldsMethod, false),
		]),
		async execute(itemIndex) {
			const recordIdValue = id.call(this, itemIndex);
			return readFieldValues.call(
				this,
				{
					path: `/v2/${k.plural}/${recordIdValue}/fields`,
					subject: `${k.kind} with ID ${recordIdValue}`,
					ids: { [k.idName]: recordIdValue },
				},
				itemIndex,
			);
		},
		endpoint: [
			{ api: 'v2', method: 'GET', path: `/v2/${k.plural}/{${k.idName}}/fields`, beta: true },
			allValuesEndpoint(k),
		],
	};
}

/** Get List Entries: GET /v2/{companies|persons}/{id}/list-entries, every list the record is on. */
export function getRecordListEntries(k: RecordKind): TwinOperation<IDataObject[]> {
	const id = recordId(k);
	return {
		description: forOperation(k.kind, 'getListEntries', [
			k.locator(),
			...returnAllAndLimit(),
			simplifyParameter,
		]),
		async execute(itemIndex) {
			const recordIdValue = id.call(this, itemIndex);
			const max = maxResults.call(this, itemIndex);
			const { items } = await affinityPaginate.call(
				this,
				{
					method: 'GET',
					path: `/v2/${k.plural}/${recordIdValue}/list-entries`,
					subject: `${k.kind} with ID ${recordIdValue}`,
					itemIndex,
				},
				{ max },
			);
			const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
			return simplify
				? items.map((e) => simplifyEntryOfEntity(e as { fields?: ApiField[] }))
				: items;
		},
		endpoint: [{ api: 'v2', method: 'GET', path: `/v2/${k.plural}/{${k.idName}}/list-entries` }],
	};
}

/** Get Notes: the notes attached to the record (entityNotes.ts). */
export function getRecordNotes(k: RecordKind): TwinOperation<IDataObject[]> {
	return {
		description: forOperation(k.kind, 'getNotes', entityNotesParameters(k.locator())),
		async execute(itemIndex) {
			return readEntityNotes.call(this, itemIndex, k.kind);
		},
		endpoint: [{ api: 'v2', method: 'GET', path: `/v2/${k.plural}/{${k.idName}}/notes` }],
	};
}

/** Get Relationships: the record's relationship strengths (relationships.ts). */
export function getRecordRelationships(k: RecordKind): TwinOperation<IDataObject[]> {
	return {
		description: forOperation(k.kind, 'getRelationships', relationshipParameters(k.locator())),
		async execute(itemIndex) {
			return readRelationships.call(this, itemIndex, k.kind);
		},
		endpoint: [{ api: 'v2', method: 'GET', path: `/v2/${k.plural}/{${k.idName}}/relationships` }],
	};
}

/** Update Field Values: PATCH /v2/{companies|persons}/{id}/fields with `update-fields`, in chunks of 100. */
export function updateRecordFieldValues(k: RecordKind): TwinOperation<IDataObject> {
	const id = recordId(k);
	return {
		description: forOperation(k.kind, 'updateFieldValues', [
			k.locator(),
			...fieldUpdatesProperties({
				fieldLoadMethod: k.writableFieldsMethod,
				dependsOn: [],
				columnsMethod: k.columnsMethod,
			}),
		]),
		async execute(itemIndex) {
			const recordIdValue = id.call(this, itemIndex);
			const writes = await fieldUpdatesFrom.call(this, { kind: k.kind }, itemIndex);
			const written = await writeChangedInChunks.call(
				this,
				writes,
				{
					path: `/v2/${k.plural}/${recordIdValue}/fields`,
					subject: `${k.kind} with ID ${recordIdValue}`,
					checkWith: `Check the current values with ${k.title} → Get Field Values (${k.kind} ${recordIdValue})`,
				},
				itemIndex,
			);
			return { success: true, [k.idName]: recordIdValue, ...written };
		},
		endpoint: [
			{ api: 'v2', method: 'PATCH', path: `/v2/${k.plural}/{${k.idName}}/fields`, beta: true },
			{ api: 'v2', method: 'GET', path: `/v2/${k.plural}/{${k.idName}}/fields`, beta: true },
		],
	};
}

/** Get Lists: GET /v2/{companies|persons}/{id}/lists, the lists the record is on that you may see. */
export function getRecordLists(k: RecordKind): TwinOperation<IDataObject[]> {
	const id = recordId(k);
	return {
		description: forOperation(k.kind, 'getLists', [k.locator(), ...returnAllAndLimit()]),
		async execute(itemIndex) {
			const recordIdValue = id.call(this, itemIndex);
			const { items } = await affinityPaginate.call(
				this,
				{
					method: 'GET',
					path: `/v2/${k.plural}/${recordIdValue}/lists`,
					subject: `${k.kind} with ID ${recordIdValue}`,
					itemIndex,
				},
				{ max: maxResults.call(this, itemIndex) },
			);
			return items;
		},
		endpoint: [{ api: 'v2', method: 'GET', path: `/v2/${k.plural}/{${k.idName}}/lists` }],
	};
}

/** Update Field Value: POST /v2/{companies|persons}/{id}/fields/{fieldId}; 204, so the output is what was written. */
export function updateRecordFieldValue(k: RecordKind): TwinOperation<IDataObject> {
	const id = recordId(k);
	return {
		description: forOperation(k.kind, 'updateFieldValue', [
			k.locator(),
			...fieldWriteProperties({
				fieldLoadMethod: k.writableFieldsMethod,
				dependsOn: [],
				inCollection: false,
			}),
			skipUnchangedParameter(false),
		]),
		async execute(itemIndex) {
			const recordIdValue = id.call(this, itemIndex);
			const read = (name: string, fallback: unknown) =>
				this.getNodeParameter(name, itemIndex, fallback);
			const write = await resolveFieldWrite.call(
				this,
				{ kind: k.kind },
				requestFromInputs(read),
				itemIndex,
			);
			const outcome = await sendFieldWrite.call(
				this,
				{
					path: `/v2/${k.plural}/${recordIdValue}/fields`,
					subject: `${k.kind} with ID ${recordIdValue}`,
					writeSubject: `${k.kind} with ID ${recordIdValue} or field ${write.fieldId}`,
					checkWith: `Check the current value with ${k.title} → Get Field Value (${k.kind} ${recordIdValue}, field ${write.fieldId})`,
				},
				write,
				itemIndex,
			);
			return {
				success: true,
				[k.idName]: recordIdValue,
				fieldId: write.fieldId,
				fieldName: write.fieldName,
				value: write.value as unknown as IDataObject,
				...(write.dropdownText !== undefined ? { dropdownText: write.dropdownText } : {}),
				...outcome,
			};
		},
		// The write is not BETA in either edition's description; the read of the current value is.
		endpoint: [
			{ api: 'v2', method: 'POST', path: `/v2/${k.plural}/{${k.idName}}/fields/{fieldId}` },
			{
				api: 'v2',
				method: 'GET',
				path: `/v2/${k.plural}/{${k.idName}}/fields/{fieldId}`,
				beta: true,
			},
		],
	};
}
