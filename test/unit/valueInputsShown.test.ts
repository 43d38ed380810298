import { type INodeProperties, NodeHelpers } from 'n8n-workflow';

import { AffinityV2V1 } from '../../nodes/AffinityV2/AffinityV2V1.node';

/**
 * Which value input the editor shows for a field write. The editor decides from the parameters
 * as stored, without resolving the hidden Field Value Type (an expression), so what is shown
 * must follow from the chosen field's type ("field-1027|dropdown") or from Value Type.
 */
const VALUE_INPUTS = new Set([
	'anyValue',
	'textValue',
	'numberValue',
	'dateValue',
	'dropdownValue',
	'dropdownValues',
	'personValue',
	'companyValue',
	'rawValue',
]);

const properties = new AffinityV2V1().description.properties;

function shownInputs(parameters: Record<string, unknown>): string[] {
	const values = {
		resource: 'listEntry',
		operation: 'updateFieldValue',
		writeMode: 'set',
		...parameters,
	};
	return properties
		.filter((p: INodeProperties) => VALUE_INPUTS.has(p.name))
		.filter((p) => NodeHelpers.displayParameter(values as never, p, null, null))
		.map((p) => p.name);
}

describe('the value input shown for an Update Field Value', () => {
	it.each([
		['field-1027|dropdown', ['dropdownValue']],
		['field-1|ranked-dropdown', ['dropdownValue']],
		['field-2|dropdown-multi', ['dropdownValues']],
		['field-3|text', ['textValue']],
		['field-4|number', ['numberValue']],
		['field-5|datetime', ['dateValue']],
		['field-6|person', ['personValue']],
		['field-7|company', ['companyValue']],
	])('a field chosen from the list, %s: %j', (fieldId, shown) => {
		// Value Type keeps its default ('auto'): it is hidden for a chosen field.
		expect(shownInputs({ fieldId, valueType: 'auto' })).toEqual(shown);
	});

	it.each([
		['auto', ['anyValue']],
		['dropdown', ['dropdownValue']],
		['text', ['textValue']],
	])(
		'a field given by its ID alone (as an expression gives it), with Value Type %s: %j',
		(valueType, shown) => {
			expect(shownInputs({ fieldId: 'field-1027', valueType })).toEqual(shown);
		},
	);

	it('raw JSON: only the raw value', () => {
		expect(shownInputs({ fieldId: 'field-1027|dropdown', writeMode: 'raw' })).toEqual(['rawValue']);
	});
});
