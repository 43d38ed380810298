import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	ResourceMapperField,
	ResourceMapperValue,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { cachedPerRun } from '../../api/cache';
import { fieldsInScope, type FieldScope } from '../../api/fields';
import type { FieldMetadata } from '../../helpers/types';
import { isEmptyMapped, mappedFieldName, plainMappedValue } from '../../helpers/columnValues';
import { asNodeError } from '../../helpers/nodeErrors';
import { encodeFieldValue, needsDropdownLookup } from '../../helpers/fieldValues';
import {
	isWritableField,
	parseFieldChoice,
	readOnlyFieldReason,
	ValueInputError,
} from '../../helpers/valueTypes';
import {
	lookupKey,
	needsLookup,
	referenceTypeOf,
	shownReferences,
	type RecordReference,
} from '../../helpers/recordReferences';
import { checkedReferences, referencedIds } from './columnReferences';
import { resolveFieldWrite, type FieldWrite } from './fieldWrites';

/**
 * The column mapping of the writes: n8n's resource mapper over the writable fields of a list,
 * a company or a person (their ids carry the value type: "field-12|number", as the field pickers
 * give them), filled by hand or from the input item's keys that match a field's name or id.
 */

/** The resource mapper parameter `columns` (methods/resourceMapping.ts loads the fields). */
export function columnMappingProperty(options: {
	method: string;
	dependsOn: string[];
	displayOptions?: INodeProperties['displayOptions'];
}): INodeProperties {
	return {
		displayName: 'Fields',
		name: 'columns',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		typeOptions: {
			loadOptionsDependsOn: options.dependsOn,
			resourceMapper: {
				resourceMapperMethod: options.method,
				mode: 'add',
				fieldWords: { singular: 'field', plural: 'fields' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: true,
			},
		},
		description:
			'The fields to write. Map Automatically takes the input keys named like a field (its name, in any letter case, or its ID); a field left empty is not written. A person takes an ID or an email address, a company an ID or a domain (of a record that exists); several are comma-separated.',
		...(options.displayOptions ? { displayOptions: options.displayOptions } : {}),
	};
}

/** One mapped column: the field, its name for errors and the value as given. */
interface MappedColumn {
	fieldId: string;
	valueType?: string;
	name: string;
	value: unknown;
	options?: string[];
}

function columnsParameter(this: IExecuteFunctions, itemIndex: number): ResourceMapperValue {
	const raw = this.getNodeParameter('columns', itemIndex, {}) as Partial<ResourceMapperValue>;
	return resourceMapperValue(raw);
}

function resourceMapperValue(raw: Partial<ResourceMapperValue>): ResourceMapperValue {
	return {
		mappingMode: raw.mappingMode ?? 'defineBelow',
		value: raw.value ?? null,
		matchingColumns: raw.matchingColumns ?? [],
		schema: raw.schema ?? [],
		attemptToConvertTypes: raw.attemptToConvertTypes ?? false,
		convertFieldsToString: raw.convertFieldsToString ?? false,
	};
}

/**
 * The fields a mapping may name: the schema the editor saved, or (a mapping built without the
 * editor, an agent's) the writable fields read from Affinity once per run.
 */
async function schemaOf(
	this: IExecuteFunctions,
	scope: FieldScope,
	saved: ResourceMapperField[],
	itemIndex: number,
): Promise<ResourceMapperField[]> {
	if (saved.length) return saved;
	return (await fieldsInScope.call(this, scope, itemIndex)).filter(isWritableField).map((f) => ({
		id: `${f.id}|${f.valueType}`,
		displayName: f.name,
		required: false,
		defaultMatch: false,
		display: true,
	}));
}

function keyOf(text: string): string {
	return text.trim().toLowerCase();
}

/** The fields a mapping may name, by every key that names them (id, id with type, name). */
function fieldIndex(
	schema: ResourceMapperField[],
	auto: boolean,
): Map<string, ResourceMapperField> {
	const byKey = new Map<string, ResourceMapperField>();
	for (const field of schema) {
		if (field.removed && !auto) continue;
		const { fieldId, valueType } = parseFieldChoice(field.id);
		byKey.set(field.id, field);
		byKey.set(fieldId, field);
		if (auto) {
			byKey.set(keyOf(field.displayName), field);
			// A person or company column shows what it takes beside the name: "Owner (ID, email)".
			byKey.set(keyOf(mappedFieldName(field.displayName, valueType)), field);
		}
	}
	return byKey;
}

/**
 * The mapping's mode and the index of the fields it may name, built once per run: `columns`
 * takes no expression as a whole, so both are the same for every item (a list of a thousand
 * fields made each row index them again). Map Automatically reads only these, not the whole
 * parameter (whose saved schema n8n copies at each read); Define Below reads its values per item.
 */
function mappingIndex(
	this: IExecuteFunctions,
	scope: FieldScope,
	itemIndex: number,
): Promise<{ auto: boolean; byKey: Map<string, ResourceMapperField> }> {
	return cachedPerRun(this, `columnMapping:${JSON.stringify(scope)}`, async () => {
		const raw = this.getNodeParameter('columns', itemIndex, {}) as Partial<ResourceMapperValue>;
		const columns = resourceMapperValue(raw);
		const auto = columns.mappingMode === 'autoMapInputData';
		// By hand, each key is a field id with its type ("field-12|number"): no request is needed.
		const schema = auto
			? await schemaOf.call(this, scope, columns.schema, itemIndex)
			: columns.schema;
		return { auto, byKey: fieldIndex(schema, auto) };
	});
}

/** The mapped columns of one item, empty ones left out. */
async function mappedColumns(
	this: IExecuteFunctions,
	scope: FieldScope,
	itemIndex: number,
): Promise<MappedColumn[]> {
	const { auto, byKey } = await mappingIndex.call(this, scope, itemIndex);
	const given: IDataObject = auto
		? (this.getInputData()[itemIndex]?.json ?? {})
		: ((columnsParameter.call(this, itemIndex).value ?? {}) as IDataObject);
	const seen = new Set<string>();
	const mapped: MappedColumn[] = [];
	for (const [key, value] of Object.entries(given)) {
		const field = byKey.get(key) ?? (auto ? byKey.get(keyOf(key)) : undefined);
		const id = field?.id ?? key;
		const { fieldId, valueType } = parseFieldChoice(id);
		if (!field && auto) continue;
		if (isEmptyMapped(value)) continue;
		const name = field ? mappedFieldName(field.displayName, valueType) : fieldId;
		if (seen.has(fieldId))
			throw new NodeOperationError(
				this.getNode(),
				`Row ${itemIndex + 1}: the field "${name}" is mapped twice (input key "${key}")`,
				{ itemIndex, description: 'Map each field once. Nothing was sent for this row.' },
			);
		seen.add(fieldId);
		mapped.push({
			fieldId,
			valueType,
			name,
			value: plainMappedValue(value),
			options: field?.options?.map((o) => String(o.name)),
		});
	}
	return mapped;
}

function labelOf(itemIndex: number, column: MappedColumn): string {
	return `Row ${itemIndex + 1}, field "${column.name}"`;
}

/**
 * Checks what can be checked without a request: a read-only field, a value not of the field's
 * type, a dropdown option the field does not have, a person or company that is neither an ID
 * nor an email address or domain. Throws naming the row and the field.
 */
function checkLocally(this: IExecuteFunctions, columns: MappedColumn[], itemIndex: number): void {
	const fail = (column: MappedColumn, message: string, description?: string): never => {
		throw new NodeOperationError(this.getNode(), `${labelOf(itemIndex, column)}: ${message}`, {
			itemIndex,
			description: `${description ? `${description} ` : ''}Nothing was sent for this row.`,
		});
	};
	for (const column of columns) {
		const reason = readOnlyFieldReason(column.fieldId);
		if (reason) fail(column, `cannot write ${reason}`);
		const type = column.valueType;
		if (!type) continue;
		const references = referenceTypeOf(type);
		if (references) {
			const given = checkedReferences.call(
				this,
				references,
				column.value,
				labelOf(itemIndex, column),
				itemIndex,
			);
			// Email addresses and domains are checked once found (columnWrites); IDs alone here.
			if (needsLookup(given)) continue;
		}
		if (needsDropdownLookup(type, column.value)) {
			if (!column.options?.length) continue;
			const known = new Set(column.options.map(keyOf));
			const names = type === 'dropdown-multi' ? listNames(column.value) : [column.value];
			for (const name of names) {
				if (typeof name === 'string' && !known.has(keyOf(name)))
					fail(
						column,
						`"${name}" is not one of its options`,
						`Its options: ${column.options.map((o) => `"${o}"`).join(', ')}.`,
					);
			}
			continue;
		}
		try {
			encodeFieldValue(type, column.value, { timezone: this.getTimezone() });
		} catch (error) {
			if (error instanceof ValueInputError) fail(column, error.message, error.hint);
			throw asNodeError(this.getNode(), error, itemIndex);
		}
	}
}

function listNames(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value === 'string') return value.split(',').map((s) => s.trim());
	return [value];
}

/** The mapped columns of one item, checked where no request is needed (see checkLocally). */
export type MappedColumns = MappedColumn[];

/**
 * The mapped columns of one item, empty ones left out, each checked without a request (a
 * mapping saved by the editor carries the fields' types): a bad value is refused before any
 * request, naming the row and the field.
 */
export async function checkedColumns(
	this: IExecuteFunctions,
	scope: FieldScope,
	itemIndex: number,
): Promise<MappedColumns> {
	const columns = await mappedColumns.call(this, scope, itemIndex);
	checkLocally.call(this, columns, itemIndex);
	return columns;
}

/**
 * The records checked columns name by email address or domain (`person:…`, `company:…`, as
 * lookupKey gives them), without a request: what a row looks up, so that rows naming a record
 * another row creates run after it (List Entry → Create or Update). A column whose type is not
 * known yet (a mapping built without the editor) names none here.
 */
export function referencedRecordKeys(
	this: IExecuteFunctions,
	columns: MappedColumns,
	itemIndex: number,
): string[] {
	const keys: string[] = [];
	for (const column of columns) {
		const type = referenceTypeOf(column.valueType);
		if (!type) continue;
		const references = checkedReferences.call(this, type, column.value, '', itemIndex);
		for (const reference of references) {
			const key = lookupKey(reference);
			if (key) keys.push(key);
		}
	}
	return keys;
}

/**
 * The metadata of a column's field, read once per run (the write reads it anyway): the type of
 * a column mapped without one (a mapping built without the editor), and its name for errors.
 */
async function metadataOf(
	this: IExecuteFunctions,
	scope: FieldScope,
	column: MappedColumn,
	itemIndex: number,
): Promise<FieldMetadata | undefined> {
	return (await fieldsInScope.call(this, scope, itemIndex)).find((f) => f.id === column.fieldId);
}

/**
 * The field writes of checked columns: each checked against the fields' metadata and dropdown
 * options (read once per run) and encoded, before anything is written.
 */
export async function columnWrites(
	this: IExecuteFunctions,
	scope: FieldScope,
	columns: MappedColumns,
	itemIndex: number,
): Promise<Array<FieldWrite & { given: unknown }>> {
	// Email addresses and domains are found here, before the caller writes anything of the row:
	// a value that names no record stops the row with nothing written.
	const found = new Map<MappedColumn, { type: string; value: unknown; given: unknown }>();
	for (const column of columns) {
		// Without the editor's schema a column knows neither its type nor its field's name.
		const metadata =
			!column.valueType || (referenceTypeOf(column.valueType) && column.name === column.fieldId)
				? await metadataOf.call(this, scope, column, itemIndex)
				: undefined;
		const type = referenceTypeOf(column.valueType ?? metadata?.valueType);
		if (!type) continue;
		const label = labelOf(itemIndex, metadata ? { ...column, name: metadata.name } : column);
		const references: RecordReference[] = checkedReferences.call(
			this,
			type,
			column.value,
			label,
			itemIndex,
		);
		if (!needsLookup(references)) continue;
		const ids = await referencedIds.call(this, references, label, itemIndex);
		found.set(column, {
			type: `${type.entity}${type.multi ? '-multi' : ''}`,
			value: type.multi ? ids : ids[0],
			given: shownReferences(references, ids, type.multi),
		});
	}
	const writes: Array<FieldWrite & { given: unknown }> = [];
	for (const column of columns) {
		const resolved = found.get(column);
		const write = await resolveFieldWrite.call(
			this,
			scope,
			{
				field: column.fieldId,
				write: { mode: 'set', input: resolved ? resolved.value : column.value },
			},
			itemIndex,
			labelOf(itemIndex, column),
		);
		// The IDs found are of the column's type: never write them into a field now of another.
		if (resolved && write.value.type !== resolved.type)
			throw new NodeOperationError(
				this.getNode(),
				`${labelOf(itemIndex, column)}: the field is a ${write.value.type} field, not a ${resolved.type} field`,
				{
					itemIndex,
					description: 'Refresh the field list of the mapping. Nothing was sent for this row.',
				},
			);
		writes.push({ ...write, given: resolved ? resolved.given : column.value });
	}
	return writes;
}

/** checkedColumns, then columnWrites. */
export async function mappedFieldWrites(
	this: IExecuteFunctions,
	scope: FieldScope,
	itemIndex: number,
): Promise<Array<FieldWrite & { given: unknown }>> {
	const columns = await checkedColumns.call(this, scope, itemIndex);
	return columnWrites.call(this, scope, columns, itemIndex);
}
