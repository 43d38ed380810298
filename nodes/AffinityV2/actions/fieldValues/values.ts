import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { LOCATION_PARTS, VALUE_TYPE_NAMES, WRITABLE_VALUE_TYPES } from '../../helpers/valueTypes';
import { companyLocator, personLocator } from '../../pickers/locators';

/**
 * The value inputs of the write operations, following the chosen field's value type.
 *
 * How the input follows the field: the field pickers give "field-123|number" (id and value
 * type). A hidden parameter takes the type from that choice, and each value input is shown
 * for its type only (the pattern n8n's own Notion node uses). A field given by an expression
 * carries no type: then a visible "Value Type" appears, by default "Any", which shows one
 * generic Value input that is encoded by the field's own type, read from its metadata.
 */

const UI_VALUE_TYPES = WRITABLE_VALUE_TYPES.filter(
	(t) => t !== 'filterable-text' && t !== 'filterable-text-multi',
);

/** The rules behind it (time zones, midnight Pacific) are in the README. */
const DATE_HINT = 'Affinity keeps the calendar date as written';

/** The value inputs, for a field parameter at the top level or inside a collection item. */
export function fieldValueProperties(options: {
	fieldLoadMethod: string;
	dependsOn: string[];
	inCollection: boolean;
}): INodeProperties[] {
	const ref = (name: string) => `$parameter["${options.inCollection ? '&' : ''}${name}"]`;
	const show = (types: string[]) => ({ show: { writeMode: ['set'], fieldValueType: types } });
	const locationParts: INodeProperties[] = [...LOCATION_PARTS]
		.sort((a, b) => a.localeCompare(b))
		.map((part) => ({
			displayName: {
				streetAddress: 'Street Address',
				city: 'City',
				state: 'State',
				country: 'Country',
				continent: 'Continent',
			}[part],
			name: part,
			type: 'string',
			default: '',
		}));
	// Not `required`: the inputs of every type count as shown wherever the hidden type is an
	// expression (n8n's workflow check), and a required one would block every run.
	const person = (name: string): INodeProperties => ({
		...personLocator({ name }),
		required: false,
	});
	const company = (name: string): INodeProperties => ({
		...companyLocator({ name }),
		required: false,
	});
	return [
		{
			displayName: 'Field Name or ID',
			name: 'fieldId',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: options.fieldLoadMethod,
				loadOptionsDependsOn: options.dependsOn,
			},
			required: true,
			default: '',
			description:
				'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>. Read-only fields (enriched, relationship intelligence, formulas) are not listed.',
		},
		{
			displayName: 'Value Type',
			name: 'valueType',
			type: 'options',
			// Shown only for a field given by an expression (the list's choices carry their type).
			displayOptions: { show: { fieldId: [{ _cnd: { regex: '^[^|]*$' } }] } },
			options: [
				{
					name: 'Any (Use the Field’s Type)',
					value: 'auto',
					description: 'One Value input, encoded by the type the field has in Affinity',
				},
				...UI_VALUE_TYPES.map((type) => ({ name: VALUE_TYPE_NAMES[type], value: type })).sort(
					(a, b) => a.name.localeCompare(b.name),
				),
			],
			default: 'auto',
			description: 'The type of the field given by the expression, to show the matching input',
		},
		{
			displayName: 'Field Value Type',
			name: 'fieldValueType',
			type: 'hidden',
			default: `={{ String(${ref('fieldId')} ?? "").includes("|") ? String(${ref('fieldId')}).split("|").pop() : ${ref('valueType')} }}`,
		},
		{
			displayName: 'Write',
			name: 'writeMode',
			type: 'options',
			options: [
				{ name: 'A Value', value: 'set', description: 'Set the field to the value below' },
				{
					name: 'Nothing (Clear the Value)',
					value: 'clear',
					description: 'Remove the field’s value (sends data: null)',
				},
				{
					name: 'Raw JSON (Expert)',
					value: 'raw',
					description: 'Send {"type", "data"} exactly as the API takes it',
				},
			],
			default: 'set',
		},
		{
			displayName: 'Value',
			name: 'anyValue',
			type: 'string',
			default: '',
			displayOptions: show(['auto']),
			description:
				'Text, a number, a date, an option name or ID, person or company IDs (comma-separated for several), or JSON for a location; encoded by the field’s own type',
		},
		{
			displayName: 'Text',
			name: 'textValue',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			displayOptions: show(['text']),
		},
		{
			displayName: 'Number',
			name: 'numberValue',
			type: 'number',
			default: null,
			displayOptions: show(['number']),
		},
		{
			displayName: 'Numbers',
			name: 'numberValues',
			type: 'string',
			default: '',
			placeholder: 'e.g. 10, 20.5, 30',
			displayOptions: show(['number-multi']),
			description: 'Comma-separated, or an expression giving an array',
		},
		{
			displayName: 'Date',
			name: 'dateValue',
			type: 'dateTime',
			default: '',
			displayOptions: show(['datetime']),
			hint: DATE_HINT,
		},
		{
			displayName: 'Location',
			name: 'locationValue',
			type: 'collection',
			placeholder: 'Add Part',
			default: {},
			displayOptions: show(['location']),
			options: locationParts,
		},
		{
			displayName: 'Locations',
			name: 'locationValues',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Location',
			default: {},
			displayOptions: show(['location-multi']),
			options: [{ displayName: 'Location', name: 'location', values: locationParts }],
		},
		{
			displayName: 'Option Name or ID',
			name: 'dropdownValue',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: 'getFieldDropdownOptions',
				loadOptionsDependsOn: [options.inCollection ? '&fieldId' : 'fieldId', ...options.dependsOn],
			},
			default: '',
			displayOptions: show(['dropdown', 'ranked-dropdown']),
			description:
				'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			hint: 'An expression may also give the option’s name',
		},
		{
			displayName: 'Option Names or IDs',
			name: 'dropdownValues',
			type: 'multiOptions',
			typeOptions: {
				loadOptionsMethod: 'getFieldDropdownOptions',
				loadOptionsDependsOn: [options.inCollection ? '&fieldId' : 'fieldId', ...options.dependsOn],
			},
			default: [],
			displayOptions: show(['dropdown-multi']),
			description:
				'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			hint: 'An expression may also give option names (an array, or comma-separated)',
		},
		{ ...person('personValue'), displayOptions: show(['person']) },
		{
			displayName: 'Persons',
			name: 'personValues',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Person',
			default: {},
			displayOptions: show(['person-multi']),
			description: 'At most 100',
			options: [{ displayName: 'Person', name: 'person', values: [person('person')] }],
		},
		{ ...company('companyValue'), displayOptions: show(['company']) },
		{
			displayName: 'Companies',
			name: 'companyValues',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Company',
			default: {},
			displayOptions: show(['company-multi']),
			description: 'At most 100',
			options: [{ displayName: 'Company', name: 'company', values: [company('company')] }],
		},
		{
			displayName: 'Raw Value (JSON)',
			name: 'rawValue',
			type: 'json',
			default: '{\n  "type": "text",\n  "data": ""\n}',
			displayOptions: { show: { writeMode: ['raw'] } },
			description: 'The API’s {"type", "data"}; "data": null clears the field',
		},
	];
}

/** Reads one input by name: a top-level parameter, or a value of a collection item. */
export type InputReader = (name: string, fallback: unknown) => unknown;

function collectionItems(value: unknown, key: string): unknown[] {
	const items = value && typeof value === 'object' ? (value as IDataObject)[key] : undefined;
	return Array.isArray(items) ? items : [];
}

/** What the user gave for a value type, in the form the codecs take. */
export function valueInputFor(type: string, read: InputReader): unknown {
	switch (type) {
		case 'text':
			return read('textValue', '');
		case 'number':
			return read('numberValue', undefined);
		case 'number-multi':
			return read('numberValues', '');
		case 'datetime':
			return read('dateValue', '');
		case 'location':
			return read('locationValue', {});
		case 'location-multi':
			return collectionItems(read('locationValues', {}), 'location');
		case 'dropdown':
		case 'ranked-dropdown':
			return read('dropdownValue', '');
		case 'dropdown-multi':
			return read('dropdownValues', []);
		case 'person':
			return read('personValue', '');
		case 'person-multi':
			return collectionItems(read('personValues', {}), 'person').map(
				(item) => (item as IDataObject).person,
			);
		case 'company':
			return read('companyValue', '');
		case 'company-multi':
			return collectionItems(read('companyValues', {}), 'company').map(
				(item) => (item as IDataObject).company,
			);
	}
	return read('anyValue', '');
}
