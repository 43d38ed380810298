import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { toStringList } from '../../helpers/stringList';

/** The field types of the API's `fieldTypes` query parameter, as the UI offers them. */
export const fieldTypeOptions = (withList: boolean): INodePropertyOptions[] => [
	{
		name: 'Enriched',
		value: 'enriched',
		description: 'Firmographic, funding and people data from Affinity and its partners',
	},
	{ name: 'Global', value: 'global', description: 'Fields shared across the whole account' },
	...(withList ? [{ name: 'List', value: 'list', description: "The list's own columns" }] : []),
	{
		name: 'Relationship Intelligence',
		value: 'relationship-intelligence',
		description: 'From email and calendar data: first/last email, last contact and the like',
	},
];

/**
 * Field selection: fields picked from those the API lists for this entity or list, and/or
 * whole field types. Without either the API returns no field data, so reads of list entries
 * start with the list's own fields (`defaultTypes`).
 */
export function fieldSelection(
	loadOptionsMethod: string,
	withList: boolean,
	dependsOn: string[] = [],
	defaultTypes: string[] = [],
): INodeProperties[] {
	return [
		{
			displayName: 'Field Names or IDs',
			name: 'fieldIds',
			type: 'multiOptions',
			// With `resource`: the editor keeps this input when the resource changes (the reads of
			// every resource share its name) and reloads its options only when a dependency changes.
			typeOptions: { loadOptionsMethod, loadOptionsDependsOn: ['resource', ...dependsOn] },
			default: [],
			description:
				'Fields whose values to return. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Field Types',
			name: 'fieldTypes',
			type: 'multiOptions',
			options: fieldTypeOptions(withList),
			default: [...defaultTypes],
			description:
				'Return the values of every field of these types (in addition to the fields chosen above)',
		},
	];
}

/** fieldIds / fieldTypes query parameters, omitted when empty. */
export function fieldQuery(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const qs: IDataObject = {};
	const fieldIds = toStringList(this.getNodeParameter('fieldIds', itemIndex, []));
	const fieldTypes = toStringList(this.getNodeParameter('fieldTypes', itemIndex, []));
	if (fieldIds.length) qs.fieldIds = fieldIds;
	if (fieldTypes.length) qs.fieldTypes = fieldTypes;
	return qs;
}
