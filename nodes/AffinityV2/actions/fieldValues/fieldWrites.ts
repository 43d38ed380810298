import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { dropdownOptionsOf } from '../../api/dropdownOptions';
import { fieldsInScope, forgetFields, scopeLabel, type FieldScope } from '../../api/fields';
import {
	clearValue,
	encodeFieldValue,
	needsDropdownLookup,
	rawFieldValue,
} from '../../helpers/fieldValues';
import {
	isWritableValueType,
	parseFieldChoice,
	READ_ONLY_VALUE_TYPES,
	readOnlyFieldReason,
	readOnlyMetadataReason,
	VALUE_TYPE_NAMES,
	ValueInputError,
	type FieldValueUpdate,
	type WritableValueType,
} from '../../helpers/valueTypes';
import { asNodeError } from '../../helpers/nodeErrors';
import { findWritten } from '../../transport';
import type { FieldMetadata } from '../../helpers/types';
import { valueInputFor, type InputReader } from './values';

/**
 * What the write operations share at run time: the value inputs (values.ts) turned into the
 * API's `{type, data}` after checking the field (exists, writable, of that type) against its
 * metadata (GET .../fields), before anything is written.
 */

export interface FieldWrite {
	fieldId: string;
	fieldName?: string;
	/** What is sent: the API's `{type, data}`. */
	value: FieldValueUpdate;
	/** For outputs, beside the value: the text of the dropdown option(s) written, when known. */
	dropdownText?: string | Array<string | null> | null;
}

const DROPDOWN_TYPES = new Set(['dropdown', 'ranked-dropdown', 'dropdown-multi']);

/**
 * The text of the dropdown option(s) a value writes: an option id alone tells a reader of the
 * output nothing. From the field's options (read once per run); undefined for other types and
 * when the options cannot be read (the dropdown-options endpoint is BETA).
 */
async function dropdownTextOf(
	this: IExecuteFunctions,
	scope: FieldScope,
	field: FieldMetadata,
	value: FieldValueUpdate,
	itemIndex: number,
): Promise<FieldWrite['dropdownText']> {
	if (!DROPDOWN_TYPES.has(value.type) || value.data === null) return undefined;
	let texts: Map<number, string>;
	try {
		texts = new Map(
			(await dropdownOptionsOf.call(this, scope, field, itemIndex)).map((o) => [o.id, o.text]),
		);
	} catch {
		return undefined;
	}
	const textOf = (option: unknown) =>
		texts.get((option as { dropdownOptionId: number }).dropdownOptionId) ?? null;
	return Array.isArray(value.data) ? value.data.map(textOf) : textOf(value.data);
}

/** How errors name a field whose metadata is known: `"Deal Size" (field-1038)`. */
function fieldLabel(field: FieldMetadata): string {
	return `"${field.name}" (${field.id})`;
}

/**
 * Names the field of a value refused locally, as the later errors do. The value is checked
 * before any request; only its name costs the scope's field metadata (GET …/fields, cached per
 * run), the read the write would have made anyway, never a write. If that read fails, or the
 * field is not in scope, the id alone: the value's error is the one to report, not the read's.
 */
async function nameForValueError(
	this: IExecuteFunctions,
	scope: FieldScope,
	fieldId: string,
	itemIndex: number,
): Promise<string> {
	try {
		const field = (await fieldsInScope.call(this, scope, itemIndex)).find((f) => f.id === fieldId);
		return field ? fieldLabel(field) : fieldId;
	} catch {
		return fieldId;
	}
}

/**
 * One field write as an operation asks for it, whoever collected it: the node's value inputs
 * (requestFromInputs), a mapped column, or an update of the batch JSON.
 */
export interface FieldWriteRequest {
	/** The field: its id, or "field-12|number" as the pickers give it (the id and the input's type). */
	field: unknown;
	/** The type the value is given in, where the field does not carry it; none or 'auto': the field's own. */
	valueType?: string;
	write: { mode: 'set'; input: unknown } | { mode: 'clear' } | { mode: 'raw'; raw: unknown };
}

/** The write the value inputs (values.ts) ask for, read through `read` before any request. */
export function requestFromInputs(read: InputReader): FieldWriteRequest {
	const field = read('fieldId', '');
	const valueType = String(read('valueType', 'auto') ?? 'auto');
	const mode = read('writeMode', 'set');
	if (mode === 'clear') return { field, valueType, write: { mode: 'clear' } };
	if (mode === 'raw')
		return { field, valueType, write: { mode: 'raw', raw: read('rawValue', '') } };
	const declared = parseFieldChoice(field).valueType ?? (valueType === 'auto' ? '' : valueType);
	return {
		field,
		valueType,
		write: { mode: 'set', input: valueInputFor(declared || 'auto', read) },
	};
}

/**
 * Turns the inputs of one field write into a checked `{type, data}`: read-only fields are
 * refused from their id alone (before any request) or from their metadata (before the write);
 * the value must be of the field's type; dropdown names are looked up among the field's
 * options. `label` names the parameter in errors ("Field", "Update 3").
 */
export async function resolveFieldWrite(
	this: IExecuteFunctions,
	scope: FieldScope,
	request: FieldWriteRequest,
	itemIndex: number,
	label = 'Field',
): Promise<FieldWrite> {
	const node = this.getNode();
	const fail = (message: string, description?: string): never => {
		throw new NodeOperationError(node, `${label}: ${message}`, { itemIndex, description });
	};
	const { fieldId, valueType: chosenType } = parseFieldChoice(request.field);
	if (!fieldId)
		fail(
			'no field given',
			'Choose the field from the list, or give its ID (field-123) with an expression.',
		);
	const idReason = readOnlyFieldReason(fieldId);
	if (idReason)
		fail(
			`cannot write ${idReason}`,
			'Choose a global or list field; enriched and relationship-intelligence fields are read-only.',
		);
	const pickedType = chosenType ?? request.valueType ?? 'auto';
	const declared = pickedType && pickedType !== 'auto' ? pickedType : undefined;
	if (declared && READ_ONLY_VALUE_TYPES.has(declared))
		fail(`values of type "${declared}" are computed by Affinity and cannot be written`);
	const { write: asked } = request;
	const mode = asked.mode;

	// Decode what can be decoded locally first, so a bad value is refused before any write or
	// other request than the field metadata that names it; such a value is encoded once, here,
	// and sent as is once the field is known to be of its type.
	let early: FieldValueUpdate | undefined;
	try {
		if (asked.mode === 'raw') early = rawFieldValue(asked.raw, { timezone: this.getTimezone() });
		else if (asked.mode === 'set' && declared && !needsDropdownLookup(declared, asked.input))
			early = encodeFieldValue(declared, asked.input, { timezone: this.getTimezone() });
	} catch (error) {
		if (error instanceof ValueInputError)
			fail(
				`${await nameForValueError.call(this, scope, fieldId, itemIndex)}: ${error.message}`,
				error.hint,
			);
		throw asNodeError(node, error, itemIndex);
	}

	// A field created a moment ago (Field → Create, API v1) is among v2's fields after a while.
	const field = await findWritten.call(
		this,
		{ kind: 'field', id: fieldId },
		itemIndex,
		async (again) => {
			if (again) forgetFields.call(this);
			return (await fieldsInScope.call(this, scope, itemIndex)).find((f) => f.id === fieldId);
		},
	);
	if (!field) {
		fail(
			`"${fieldId}" is not one of ${scopeLabel(scope)}`,
			'Choose the field from the list; a list entry takes its list’s fields and the global fields of its person or company.',
		);
	}
	const metadata = field as FieldMetadata;
	const metaReason = readOnlyMetadataReason(metadata);
	if (metaReason) fail(`cannot write ${metaReason}`);
	const fieldType = metadata.valueType;
	const name = fieldLabel(metadata);
	const mismatch = (given: string) =>
		fail(
			`${name} is a ${fieldType} field; the value given is of type ${given}`,
			`Choose the field again from the list (the input follows its type)${chosenType ? '' : `, or set Value Type to ${isWritableValueType(fieldType) ? VALUE_TYPE_NAMES[fieldType as WritableValueType] : fieldType}`}.`,
		);
	if (declared && declared !== fieldType) mismatch(declared);

	let value: FieldValueUpdate;
	try {
		if (mode === 'clear') value = clearValue(fieldType);
		else if (mode === 'raw') {
			if ((early as FieldValueUpdate).type !== fieldType)
				mismatch((early as FieldValueUpdate).type);
			value = early as FieldValueUpdate;
		} else if (early) value = early;
		else {
			const input = asked.mode === 'set' ? asked.input : undefined;
			const dropdownOptions = needsDropdownLookup(fieldType, input)
				? await dropdownOptionsOf.call(this, scope, metadata, itemIndex)
				: undefined;
			value = encodeFieldValue(fieldType, input, { timezone: this.getTimezone(), dropdownOptions });
		}
	} catch (error) {
		if (error instanceof ValueInputError) fail(`${name}: ${error.message}`, error.hint);
		throw asNodeError(node, error, itemIndex);
	}
	const dropdownText = await dropdownTextOf.call(this, scope, metadata, value, itemIndex);
	return {
		fieldId,
		fieldName: metadata.name,
		value,
		...(dropdownText !== undefined ? { dropdownText } : {}),
	};
}

/** For the batch JSON: an update `{id, value}` whose value is `{type, data}` or a plain value. */
export async function resolveJsonUpdate(
	this: IExecuteFunctions,
	scope: FieldScope,
	update: unknown,
	itemIndex: number,
	label: string,
): Promise<FieldWrite> {
	if (!update || typeof update !== 'object' || Array.isArray(update)) {
		throw new NodeOperationError(
			this.getNode(),
			`${label}: each update must be an object {"id": "field-123", "value": ...}`,
			{ itemIndex },
		);
	}
	const { id, fieldId, value } = update as { id?: unknown; fieldId?: unknown; value?: unknown };
	const typed =
		value &&
		typeof value === 'object' &&
		!Array.isArray(value) &&
		'type' in value &&
		'data' in value;
	const field = String(id ?? fieldId ?? '');
	const request: FieldWriteRequest = typed
		? { field, write: { mode: 'raw', raw: value } }
		: value === null
			? { field, write: { mode: 'clear' } }
			: { field, write: { mode: 'set', input: value } };
	return resolveFieldWrite.call(this, scope, request, itemIndex, label);
}
