import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	clearValue,
	encodeFieldValue,
	fieldChoiceValue,
	isWritableValueType,
	needsDropdownLookup,
	parseFieldChoice,
	rawFieldValue,
	READ_ONLY_VALUE_TYPES,
	readOnlyFieldReason,
	readOnlyMetadataReason,
	VALUE_TYPE_NAMES,
	ValueInputError,
	type DropdownChoice,
	type FieldValueUpdate,
	type WritableValueType,
} from '../helpers/fieldValues';
import type { FieldMetadata } from '../helpers/types';
import { affinityPaginate, affinityRequest, validateId, type AffinityContext } from '../transport';

/**
 * What the write operations share at run time: turning the value inputs (common/values.ts) into
 * the API's `{type, data}` after checking the field (exists, writable, of that type) against its
 * metadata, before anything is written.
 */

/** Where the field lives: a person's global fields, or a list's (list fields and its entity's). */
export type FieldScope = { kind: 'person' } | { kind: 'listEntry'; listId: number };

// ---------------------------------------------------------------------------------------------
// Field metadata and dropdown options, fetched once per node run

const caches = new WeakMap<object, Map<string, Promise<unknown>>>();

function cached<T>(ctx: object, key: string, load: () => Promise<T>): Promise<T> {
	let cache = caches.get(ctx);
	if (!cache) caches.set(ctx, (cache = new Map()));
	let entry = cache.get(key) as Promise<T> | undefined;
	if (!entry) {
		entry = load();
		cache.set(key, entry);
		// A failed load is not remembered: the next item may try again.
		entry.catch(() => cache?.delete(key));
	}
	return entry;
}

function fieldsPath(scope: FieldScope): string {
	return scope.kind === 'person' ? '/v2/persons/fields' : `/v2/lists/${scope.listId}/fields`;
}

export function scopeLabel(scope: FieldScope): string {
	return scope.kind === 'person' ? 'person fields' : `the fields of list ${scope.listId}`;
}

export async function fieldsOf(ctx: AffinityContext, scope: FieldScope, itemIndex?: number): Promise<FieldMetadata[]> {
	const path = fieldsPath(scope);
	return cached(ctx, path, async () => {
		const { items } = await affinityPaginate.call(ctx, {
			method: 'GET',
			path,
			subject: scope.kind === 'person' ? undefined : `list with ID ${scope.listId}`,
			itemIndex,
		});
		return items as unknown as FieldMetadata[];
	});
}

export function isWritableField(field: FieldMetadata): boolean {
	return !readOnlyMetadataReason(field) && isWritableValueType(field.valueType) && !field.valueType.startsWith('filterable-text');
}

async function listEntityKind(ctx: AffinityContext, listId: number, itemIndex?: number): Promise<string> {
	return cached(ctx, `list:${listId}`, async () => {
		const { body } = await affinityRequest.call(ctx, { method: 'GET', path: `/v2/lists/${listId}`, subject: `list with ID ${listId}`, itemIndex });
		return String((body as { type?: unknown }).type ?? '');
	});
}

/** The dropdown options of a field, from the (BETA) dropdown-options endpoint of its kind. */
export async function dropdownOptionsOf(ctx: AffinityContext, scope: FieldScope, field: FieldMetadata, itemIndex?: number): Promise<DropdownChoice[]> {
	let path: string;
	if (scope.kind === 'person') path = `/v2/persons/fields/${encodeURIComponent(field.id)}/dropdown-options`;
	else if (field.type === 'list') path = `/v2/lists/${scope.listId}/fields/${encodeURIComponent(field.id)}/dropdown-options`;
	else {
		const kind = await listEntityKind(ctx, scope.listId, itemIndex);
		path = `/v2/${kind === 'person' ? 'persons' : 'companies'}/fields/${encodeURIComponent(field.id)}/dropdown-options`;
	}
	return cached(ctx, path, async () => {
		const { items } = await affinityPaginate.call(ctx, { method: 'GET', path, subject: `dropdown field ${field.id}`, itemIndex });
		return (items as Array<{ id: number; text: string }>).map((o) => ({ id: o.id, text: o.text }));
	});
}

// ---------------------------------------------------------------------------------------------
// Editor: field and option lists

function scopeFromEditor(ctx: ILoadOptionsFunctions): FieldScope {
	const resource = ctx.getCurrentNodeParameter('resource');
	if (resource === 'person') return { kind: 'person' };
	const raw = ctx.getCurrentNodeParameter('listId', { extractValue: true });
	if (raw === undefined || raw === '') {
		throw new NodeOperationError(ctx.getNode(), 'Choose a List first', { description: "The fields are loaded from the chosen list's columns." });
	}
	return { kind: 'listEntry', listId: validateId(ctx.getNode(), raw, 'List ID', 'int64') };
}

function typeLabel(field: FieldMetadata): string {
	const type = isWritableValueType(field.valueType) ? VALUE_TYPE_NAMES[field.valueType] : field.valueType;
	return `${type} · ${field.type === 'list' ? 'list field' : `${field.type} field`} · ${field.id}`;
}

async function writableFieldOptions(ctx: ILoadOptionsFunctions, scope: FieldScope): Promise<INodePropertyOptions[]> {
	const fields = await fieldsOf(ctx, scope);
	return fields
		.filter(isWritableField)
		.map((f) => ({ name: f.name, value: fieldChoiceValue(f.id, f.valueType), description: typeLabel(f) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

export const writeLoadOptions = {
	/** Person fields a user can write (global), each with its value type. */
	async getWritablePersonFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return writableFieldOptions(this, { kind: 'person' });
	},
	/** The chosen list's writable fields: its own and its entity's global fields. */
	async getWritableListEntryFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return writableFieldOptions(this, scopeFromEditor(this));
	},
	/** The options of the dropdown field chosen next to it (top level or in a batch item). */
	async getFieldDropdownOptions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const raw = this.getCurrentNodeParameter('&fieldId') ?? this.getCurrentNodeParameter('fieldId');
		const { fieldId } = parseFieldChoice(raw);
		if (!fieldId || fieldId.startsWith('=')) return [];
		const scope = scopeFromEditor(this);
		const field = (await fieldsOf(this, scope)).find((f) => f.id === fieldId);
		if (!field) throw new NodeOperationError(this.getNode(), `Field ${fieldId} is not one of ${scopeLabel(scope)}`);
		const options = await dropdownOptionsOf(this, scope, field);
		return options.map((o) => ({ name: o.text, value: o.id }));
	},
};

// ---------------------------------------------------------------------------------------------
// Execution: parameters -> checked {type, data}

/** An error as the node reports it: n8n's own errors as they are, anything else wrapped. */
export function asNodeError(ctx: IExecuteFunctions, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/** Reads one input by name: a top-level parameter, or a value of a collection item. */
export type InputReader = (name: string, fallback: unknown) => unknown;

export interface FieldWrite {
	fieldId: string;
	fieldName?: string;
	value: FieldValueUpdate;
}

function collectionItems(value: unknown, key: string): unknown[] {
	const items = value && typeof value === 'object' ? (value as IDataObject)[key] : undefined;
	return Array.isArray(items) ? items : [];
}

/** What the user gave for a value type, in the form the codecs take. */
function inputFor(type: string, read: InputReader): unknown {
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
			return collectionItems(read('personValues', {}), 'person').map((item) => (item as IDataObject).person);
		case 'company':
			return read('companyValue', '');
		case 'company-multi':
			return collectionItems(read('companyValues', {}), 'company').map((item) => (item as IDataObject).company);
	}
	return read('anyValue', '');
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
	read: InputReader,
	itemIndex: number,
	label = 'Field',
): Promise<FieldWrite> {
	const node = this.getNode();
	const fail = (message: string, description?: string): never => {
		throw new NodeOperationError(node, `${label}: ${message}`, { itemIndex, description });
	};
	const { fieldId, valueType: chosenType } = parseFieldChoice(read('fieldId', ''));
	if (!fieldId) fail('no field given', 'Choose the field from the list, or give its ID (field-123) with an expression.');
	const idReason = readOnlyFieldReason(fieldId);
	if (idReason) fail(`cannot write ${idReason}`, 'Choose a global or list field; enriched and relationship-intelligence fields are read-only.');
	const pickedType = chosenType ?? (read('valueType', 'auto') as string);
	const declared = pickedType && pickedType !== 'auto' ? pickedType : undefined;
	if (declared && READ_ONLY_VALUE_TYPES.has(declared)) fail(`values of type "${declared}" are computed by Affinity and cannot be written`);
	const mode = read('writeMode', 'set') as string;

	// Decode what can be decoded locally first, so a bad value is reported before any request.
	let raw: FieldValueUpdate | undefined;
	try {
		if (mode === 'raw') raw = rawFieldValue(read('rawValue', ''), { timezone: this.getTimezone() });
		else if (mode === 'set' && declared) {
			const input = inputFor(declared, read);
			if (!needsDropdownLookup(declared, input)) encodeFieldValue(declared, input, { timezone: this.getTimezone() });
		}
	} catch (error) {
		if (error instanceof ValueInputError) fail(`${fieldId}: ${error.message}`, error.hint);
		throw asNodeError(this, error, itemIndex);
	}

	const fields = await fieldsOf(this, scope, itemIndex);
	const field = fields.find((f) => f.id === fieldId);
	if (!field) {
		fail(`"${fieldId}" is not one of ${scopeLabel(scope)}`, 'Choose the field from the list; a list entry takes its list’s fields and the global fields of its person or company.');
	}
	const metadata = field as FieldMetadata;
	const metaReason = readOnlyMetadataReason(metadata);
	if (metaReason) fail(`cannot write ${metaReason}`);
	const fieldType = metadata.valueType;
	const name = `"${metadata.name}" (${fieldId})`;
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
			if ((raw as FieldValueUpdate).type !== fieldType) mismatch((raw as FieldValueUpdate).type);
			value = raw as FieldValueUpdate;
		} else {
			const input = inputFor(declared ?? 'auto', read);
			const dropdownOptions = needsDropdownLookup(fieldType, input) ? await dropdownOptionsOf(this, scope, metadata, itemIndex) : undefined;
			value = encodeFieldValue(fieldType, input, { timezone: this.getTimezone(), dropdownOptions });
		}
	} catch (error) {
		if (error instanceof ValueInputError) fail(`${name}: ${error.message}`, error.hint);
		throw asNodeError(this, error, itemIndex);
	}
	return { fieldId, fieldName: metadata.name, value };
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
		throw new NodeOperationError(this.getNode(), `${label}: each update must be an object {"id": "field-123", "value": ...}`, { itemIndex });
	}
	const { id, fieldId, value } = update as { id?: unknown; fieldId?: unknown; value?: unknown };
	const typed = value && typeof value === 'object' && !Array.isArray(value) && 'type' in value && 'data' in value;
	const inputs: IDataObject = typed
		? { fieldId: String(id ?? fieldId ?? ''), writeMode: 'raw', rawValue: value as IDataObject }
		: value === null
			? { fieldId: String(id ?? fieldId ?? ''), writeMode: 'clear' }
			: { fieldId: String(id ?? fieldId ?? ''), writeMode: 'set', valueType: 'auto', anyValue: value as string };
	return resolveFieldWrite.call(this, scope, (name, fallback) => inputs[name] ?? fallback, itemIndex, label);
}
