import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { validateId, type IdKind } from '../transport';

/** Where a record can be picked from: its list-search method and its Affinity web URL path. */
interface LocatorSpec {
	name: string;
	displayName: string;
	what: string;
	searchListMethod: string;
	urlPath?: string;
	description?: string;
	dependsOn?: string[];
}

/**
 * A resource locator with "From list" (searchable, paged; the default), "By ID" and, where
 * Affinity has a web page for the record, "By URL".
 */
export function locator(spec: LocatorSpec): INodeProperties {
	// The id is the whole path segment: …/companies/12abc or …/companies/1.5 is not company 12 or 1.
	const pattern = `https://[^/]+\\.affinity\\.(?:co|com)/${spec.urlPath}/([0-9]+)(?:[/?#]|$)`;
	const property: INodeProperties = {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: spec.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${spec.what}...`,
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 12345',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\s*[0-9]+\\s*$', errorMessage: `A ${spec.what} ID is a whole number` },
					},
				],
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: `https://yourteam.affinity.co/${spec.urlPath}/12345`,
				validation: [
					{
						type: 'regex',
						properties: { regex: `${pattern}.*`, errorMessage: `Not an Affinity ${spec.what} URL` },
					},
				],
				extractValue: { type: 'regex', regex: pattern },
			},
		],
	};
	// Only records with an Affinity web page can be given by URL.
	if (!spec.urlPath) property.modes = property.modes?.filter((mode) => mode.name !== 'url');
	if (spec.dependsOn) property.typeOptions = { loadOptionsDependsOn: spec.dependsOn };
	return property;
}

export const listLocator = (description?: string) =>
	locator({
		name: 'listId',
		displayName: 'List',
		what: 'list',
		searchListMethod: 'searchLists',
		urlPath: 'lists',
		description,
	});

export const companyLocator = () =>
	locator({
		name: 'companyId',
		displayName: 'Company',
		what: 'company',
		searchListMethod: 'searchCompanies',
		urlPath: 'companies',
	});

export const listEntryLocator = () =>
	locator({
		name: 'listEntryId',
		displayName: 'List Entry',
		what: 'list entry',
		searchListMethod: 'searchListEntries',
		dependsOn: ['listId.value'],
	});

/** Return All / Limit; the limit is not capped at 100: the paginator fetches pages. */
export function returnAllAndLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

export const fieldTypeOptions = (withList: boolean): INodePropertyOptions[] => [
	{ name: 'Enriched', value: 'enriched', description: 'Firmographic, funding and people data from Affinity and its partners' },
	{ name: 'Global', value: 'global', description: 'Fields shared across the whole account' },
	...(withList
		? [{ name: 'List', value: 'list', description: "The list's own columns" }]
		: []),
	{
		name: 'Relationship Intelligence',
		value: 'relationship-intelligence',
		description: 'From email and calendar data: first/last email, last contact and the like',
	},
];

/**
 * Field selection: fields picked from those the API lists for this entity or list, and/or
 * whole field types. Without either the API returns no field data.
 */
export function fieldSelection(loadOptionsMethod: string, withList: boolean, dependsOn: string[] = []): INodeProperties[] {
	return [
		{
			displayName: 'Field Names or IDs',
			name: 'fieldIds',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod, loadOptionsDependsOn: dependsOn },
			default: [],
			description:
				'Fields whose values to return. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Field Types',
			name: 'fieldTypes',
			type: 'multiOptions',
			options: fieldTypeOptions(withList),
			default: [],
			description: 'Return the values of every field of these types (in addition to the fields chosen above)',
		},
	];
}

export const simplifyParameter: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return field values by field name, unwrapped (dropdowns as text, people and companies as ID and name, dates with their calendar date) instead of the raw API shape',
};

/** Restricts a resource's operation parameters to that resource and operation. */
export function forOperation(resource: string, operation: string, properties: INodeProperties[]): INodeProperties[] {
	const show: IDisplayOptions['show'] = { resource: [resource], operation: [operation] };
	return properties.map((p) => ({
		...p,
		displayOptions: {
			...p.displayOptions,
			show: { ...(p.displayOptions?.show ?? {}), ...show },
		},
	}));
}

/** Reads a resource-locator (or plain) id parameter and validates it before any request. */
export function idParameter(
	this: IExecuteFunctions,
	name: string,
	label: string,
	kind: IdKind,
	itemIndex: number,
): number {
	const raw = this.getNodeParameter(name, itemIndex, undefined, { extractValue: true }) as unknown;
	return validateId(this.getNode(), raw, label, kind, itemIndex);
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

/** Accepts an array, or a comma-separated string as expressions often give. */
export function toStringList(value: unknown): string[] {
	const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
	return list.map((v) => String(v).trim()).filter((v) => v !== '');
}

/** The limit to pass to the paginator: undefined for Return All. */
export function maxResults(this: IExecuteFunctions, itemIndex: number): number | undefined {
	if (this.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const limit = Number(this.getNodeParameter('limit', itemIndex, 50));
	if (!Number.isInteger(limit) || limit < 1) {
		throw new NodeOperationError(this.getNode(), `Invalid Limit: got "${String(limit)}"`, {
			itemIndex,
			description: 'Limit must be a whole number of 1 or more, or turn on Return All.',
		});
	}
	return limit;
}

/**
 * Request options of every operation (one collection at the bottom of the node). The transport
 * reads them, so no operation has to pass them along.
 */
export const requestOptionsParameter: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 60,
			description:
				'How long to wait for each answer from Affinity. A read that times out is retried (3 times); a write is not sent again, since it may have been applied.',
		},
	],
};
