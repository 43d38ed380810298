import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { simplifyField, simplifyFields } from '../../helpers/simplify';
import { toStringList } from '../../helpers/stringList';
import type { ApiField } from '../../helpers/types';
import { affinityPaginate, affinityRequest } from '../../transport';
import {
	completeField,
	completeFields,
	completeMultiValuesParameter,
	completesMultiValues,
	valuesPagesAllowed,
} from './multiValueCompletion';
import { fieldSelection } from './fields';
import { simplifyParameter } from '../inputs/simplifyParameters';

/**
 * Reading the field values of one record: a list entry's, a company's or a person's
 * (GET …/fields, paged, with `ids` and `types`; GET …/fields/{fieldId}).
 */

/** Field Names or IDs, Field Types and Simplify, for Get Field Values. */
export function fieldValuesProperties(
	loadOptionsMethod: string,
	withList: boolean,
	dependsOn: string[] = [],
): INodeProperties[] {
	return [
		...fieldSelection(loadOptionsMethod, withList, dependsOn).map((p) => ({
			...p,
			description:
				p.name === 'fieldIds'
					? 'Only these fields. Leave both this and Field Types empty for every field. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.'
					: 'Only fields of these types (in addition to the fields chosen above)',
		})),
		completeMultiValuesParameter,
		{
			...simplifyParameter,
			description:
				'Whether to return one item with the values by field name, unwrapped (dropdowns as text, people and companies as ID and name, dates with their calendar date), instead of one item per field in the raw API shape',
		},
	];
}

/** The field and Simplify, for Get Field Value. */
export function fieldValueProperties(
	loadOptionsMethod: string,
	dependsOn: string[] = [],
): INodeProperties[] {
	return [
		{
			displayName: 'Field Name or ID',
			name: 'fieldId',
			type: 'options',
			// With `resource`, as the Field Names or IDs of the reads (fieldSelection).
			typeOptions: { loadOptionsMethod, loadOptionsDependsOn: ['resource', ...dependsOn] },
			required: true,
			default: '',
			description:
				'The field whose value to get. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			...simplifyParameter,
			description:
				"Whether to return the value unwrapped (dropdown as text, people and companies as ID and name, a date with its calendar date) next to the field's ID and name, instead of the raw API shape",
		},
	];
}

/** Where the values are read: the record's `…/fields` path and what it is, for 404s. */
export interface FieldValuesSource {
	path: string;
	subject: string;
	/** Added to the simplified item: which record the values are of ({listId, listEntryId}). */
	ids: IDataObject;
}

/** Every selected field value of the record: one item per field, or one simplified item. */
export async function readFieldValues(
	this: IExecuteFunctions,
	source: FieldValuesSource,
	itemIndex: number,
): Promise<IDataObject[]> {
	// These endpoints name their field selection `ids` and `types`.
	const qs: IDataObject = {};
	const ids = toStringList(this.getNodeParameter('fieldIds', itemIndex, []));
	const types = toStringList(this.getNodeParameter('fieldTypes', itemIndex, []));
	if (ids.length) qs.ids = ids;
	if (types.length) qs.types = types;
	const complete = await completesMultiValues.call(this, itemIndex);
	const { items: read } = await affinityPaginate.call(this, {
		method: 'GET',
		path: source.path,
		qs,
		subject: source.subject,
		parameterNames: { ids: 'Field Names or IDs', types: 'Field Types' },
		itemIndex,
	});
	const items = complete
		? ((await completeFields.call(
				this,
				read as unknown as ApiField[],
				source.path,
				source.subject,
				itemIndex,
			)) as unknown as IDataObject[])
		: read;
	if (!(this.getNodeParameter('simplify', itemIndex, true) as boolean)) return items;
	return [{ ...source.ids, ...simplifyFields(items as unknown as ApiField[]) }];
}

const FIELD_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * One field value of the record (`…/fields/{fieldId}`), simplified or raw. A multi-value cut at
 * 100 (`totalCount` larger) is completed from its values pages (GET …/fields/{fieldId}/values)
 * where the edition has them (2026-09-17 on); before it, it stays cut and says so.
 */
export async function readFieldValue(
	this: IExecuteFunctions,
	source: Omit<FieldValuesSource, 'ids'>,
	itemIndex: number,
): Promise<IDataObject> {
	const fieldId = String(this.getNodeParameter('fieldId', itemIndex, '') ?? '').trim();
	if (!FIELD_ID.test(fieldId)) {
		throw new NodeOperationError(
			this.getNode(),
			`Invalid Field: got ${fieldId ? `"${fieldId}"` : 'nothing'}`,
			{
				itemIndex,
				description:
					'Choose the field from the list, or give a field ID such as field-1234 or affinity-data-location.',
			},
		);
	}
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `${source.path}/${encodeURIComponent(fieldId)}`,
		subject: `field ${fieldId} on ${source.subject}`,
		itemIndex,
	});
	let field = body as ApiField;
	if (await valuesPagesAllowed.call(this, itemIndex))
		field = await completeField.call(this, field, source.path, source.subject, itemIndex);
	return this.getNodeParameter('simplify', itemIndex, true)
		? simplifyField(field)
		: (field as unknown as IDataObject);
}
