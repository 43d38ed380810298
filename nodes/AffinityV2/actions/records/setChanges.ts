import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { SetChangeMode } from '../../helpers/setChange';
import { toStringList } from '../../helpers/stringList';
import { validateId } from '../../transport';

/**
 * A set a write may change (a company's people, a person's emails or companies): keep it,
 * replace it, or add to or remove from it. API v1 replaces whole sets, so the operation reads
 * the current set first for Add and Remove.
 */
export interface SetChangeSpec {
	/** Parameter of the mode (`peopleChange`) and of the values (`personIds`). */
	modeName: string;
	valuesName: string;
	/** As the user knows them: "People", "Emails". */
	label: string;
	placeholder: string;
	/** What one value is: "person ID", "email address". */
	one: string;
}

/**
 * The ways a write may change a set, worded alike wherever a set is changed: `plural` names
 * the members ("people"), `source` where the values are given ("picked below"); `clear` adds
 * Remove All, naming one member ("person").
 */
export function setChangeModeOptions(
	plural: string,
	source: string,
	clear?: string,
): INodePropertyOptions[] {
	return [
		{ name: 'Leave Unchanged', value: 'keep', description: `Leave the ${plural} as they are` },
		{ name: 'Add', value: 'add', description: `Add the ones ${source} to those already there` },
		{ name: 'Remove', value: 'remove', description: `Remove the ones ${source}, keep the others` },
		{
			name: 'Replace With',
			value: 'replace',
			// Without Remove All, an empty Replace With is how the set is cleared.
			description: `Keep exactly the ones ${source}${clear ? '' : ' (none: remove all)'}`,
		},
		...(clear
			? [{ name: 'Remove All', value: 'clear', description: `Leave no ${clear} associated` }]
			: []),
	];
}

export function setChangeParameters(spec: SetChangeSpec): INodeProperties[] {
	return [
		{
			displayName: spec.label,
			name: spec.modeName,
			type: 'options',
			options: setChangeModeOptions(spec.label.toLowerCase(), 'given below'),
			default: 'keep',
		},
		{
			displayName: `${spec.label} to Set, Add or Remove`,
			name: spec.valuesName,
			type: 'string',
			default: '',
			placeholder: spec.placeholder,
			description: `Each ${spec.one}, comma-separated (or an expression giving an array)`,
			displayOptions: { hide: { [spec.modeName]: ['keep'] } },
		},
	];
}

export interface SetChange<T> {
	mode: SetChangeMode;
	values: T[];
}

/** The mode and the values, each checked by `parse` (which names the value on refusal). */
export function readSetChange<T>(
	this: IExecuteFunctions,
	spec: SetChangeSpec,
	itemIndex: number,
	parse: (value: string, label: string) => T,
): SetChange<T> | undefined {
	const mode = this.getNodeParameter(spec.modeName, itemIndex, 'keep') as SetChangeMode | 'keep';
	if (mode === 'keep') return undefined;
	const raw = toStringList(this.getNodeParameter(spec.valuesName, itemIndex, ''));
	const values = raw.map((value, i) => parse(value, `${spec.label} (${i + 1})`));
	if (!values.length && mode !== 'replace')
		throw new NodeOperationError(
			this.getNode(),
			`${spec.label} to Set, Add or Remove: give at least one ${spec.one} to ${mode}`,
			{ itemIndex, description: `Or set ${spec.label} to Keep.` },
		);
	return { mode, values };
}

/** Ids of persons or companies, each checked before any request. */
export function idListParser(this: IExecuteFunctions, itemIndex: number) {
	return (value: string, label: string) =>
		validateId(this.getNode(), value, label, 'int64', itemIndex);
}

/** Parameters of "the people of a company" and "the companies of a person". */
export const COMPANY_PEOPLE: SetChangeSpec = {
	modeName: 'peopleChange',
	valuesName: 'personIds',
	label: 'People',
	placeholder: 'e.g. 5000001, 5000002',
	one: 'person ID',
};

export const PERSON_COMPANIES: SetChangeSpec = {
	modeName: 'companiesChange',
	valuesName: 'companyIds',
	label: 'Companies',
	placeholder: 'e.g. 3000001, 3000002',
	one: 'company ID',
};

export const PERSON_EMAILS: SetChangeSpec = {
	modeName: 'emailsChange',
	valuesName: 'emails',
	label: 'Emails',
	placeholder: 'e.g. jane@acme.example, jane@home.example',
	one: 'email address',
};
