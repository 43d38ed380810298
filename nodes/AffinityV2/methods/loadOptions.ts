import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { chosenListId } from '../actions/inputs/ids';
import { dropdownOptionsOf } from '../api/dropdownOptions';
import {
	fieldsInScope,
	fieldsOf,
	scopeLabel,
	type FieldScope,
	type FieldSource,
} from '../api/fields';
import { companyFilterProperties } from '../api/filterProperties';
import { allLists } from '../api/lists';
import {
	fieldChoiceValue,
	isWritableField,
	parseFieldChoice,
	valueTypeName,
} from '../helpers/valueTypes';
import { asNodeError } from '../helpers/nodeErrors';
import { displayText } from '../helpers/text';
import { FILTER_OPERATORS, operatorAllowed, type FilterOperator } from '../helpers/filterBuilder';
import {
	searchTargetKey,
	searchTargetsOf,
	sortTargetsOf,
	type SearchTarget,
} from '../helpers/searchTargets';
import type { FieldMetadata, FilterableOperator } from '../helpers/types';
import { byName, dropdownOptionItem, fieldOption } from './pickerItems';

const DROPDOWN_VALUE_TYPES = ['dropdown', 'dropdown-multi', 'ranked-dropdown'];

async function fieldOptions(
	this: ILoadOptionsFunctions,
	source: FieldSource,
): Promise<INodePropertyOptions[]> {
	const subject = typeof source === 'object' ? `list with ID ${source.listId}` : undefined;
	return byName((await fieldsOf.call(this, source, { subject })).map((f) => fieldOption(f)));
}

function operatorList(tokens: readonly string[] | undefined, collection?: boolean): string {
	if (!tokens) return '';
	const names = (Object.keys(FILTER_OPERATORS) as FilterOperator[])
		.filter((op) => operatorAllowed(op, tokens, collection))
		.map((op) => FILTER_OPERATORS[op].label);
	return names.join(', ');
}

async function searchTargets(
	this: ILoadOptionsFunctions,
	source: FieldSource,
): Promise<Array<SearchTarget & { field: FieldMetadata }>> {
	const fields = await fieldsOf.call(this, source, { includes: ['filterability'] });
	return fields.flatMap((field) => searchTargetsOf(field).map((target) => ({ ...target, field })));
}

async function searchFieldOptions(
	this: ILoadOptionsFunctions,
	source: FieldSource,
): Promise<INodePropertyOptions[]> {
	return (await searchTargets.call(this, source))
		.map((t) => ({
			name: `${t.label} (${valueTypeName(t.field.valueType)})`,
			value: searchTargetKey(t),
			description: `${t.field.type} field ${t.fieldId}${t.attributeId ? `, attribute ${t.attributeId}` : ''}. Operators: ${t.operators.map((o) => o.name).join(', ')}.`,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** The chosen field's operators; with no field chosen yet, every operator some field allows. */
async function searchOperatorOptions(
	this: ILoadOptionsFunctions,
	source: FieldSource,
): Promise<INodePropertyOptions[]> {
	const chosen = String(this.getCurrentNodeParameter('&target') ?? '');
	const targets = await searchTargets.call(this, source);
	const target = targets.find((t) => searchTargetKey(t) === chosen);
	const operators = new Map<string, FilterableOperator>();
	for (const t of target ? [target] : targets) for (const o of t.operators) operators.set(o.id, o);
	return [...operators.values()].map((o) => ({
		name: o.name,
		value: o.id,
		description:
			o.numberOfValuesRequired === 'none'
				? 'Takes no value'
				: `Takes ${o.numberOfValuesRequired === 'two' ? 'two values' : o.numberOfValuesRequired === 'multi' ? 'one or more values' : 'one value'}${o.relativeDateUnits ? ` (units: ${o.relativeDateUnits.join(', ')})` : ''}`,
	}));
}

/**
 * The options of the dropdown field chosen beside a search condition; none for a field of
 * another type, or before a field is chosen.
 */
async function searchValueOptions(
	this: ILoadOptionsFunctions,
	source: FieldSource,
): Promise<INodePropertyOptions[]> {
	const chosen = String(this.getCurrentNodeParameter('&target') ?? '');
	const target = (await searchTargets.call(this, source)).find(
		(t) => searchTargetKey(t) === chosen,
	);
	if (!target || !target.valueType.includes('dropdown')) return [];
	const scope: FieldScope =
		source === 'companies'
			? { kind: 'company' }
			: source === 'persons'
				? { kind: 'person' }
				: { kind: 'listEntry', listId: source.listId };
	return (await dropdownOptionsOf.call(this, scope, target.field)).map(dropdownOptionItem);
}

/** Fields (or their attributes) a search can sort by (FieldSortability). */
async function sortFieldOptions(
	this: ILoadOptionsFunctions,
	source: FieldSource,
): Promise<INodePropertyOptions[]> {
	const fields = await fieldsOf.call(this, source, { includes: ['sortability'] });
	return fields
		.flatMap((f) =>
			sortTargetsOf(f).map((t) => ({
				name: `${t.label} (${valueTypeName(f.valueType)})`,
				value: searchTargetKey(t),
				description: `${f.type} field ${f.id}${t.attributeId ? `, attribute ${t.attributeId}` : ''}`,
			})),
		)
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** The write operations' field scope: person or company fields, or the chosen list's (none before a list is chosen). */
function writeScope(this: ILoadOptionsFunctions): FieldScope | undefined {
	const resource = this.getCurrentNodeParameter('resource');
	if (resource === 'person' || resource === 'company') return { kind: resource };
	const listId = chosenListId.call(this);
	return listId === undefined ? undefined : { kind: 'listEntry', listId };
}

/** The parameters whose choices come from getListFields, in the operations and the trigger. */
const LIST_FIELD_CHOICES = ['fieldIds', 'watchedFieldIds', 'fieldId'];

/**
 * The field ids already chosen, as options, for when the list's fields cannot be read (no list
 * yet, an expression, an id Affinity does not know): the editor shows a choice only while it is
 * among the options, and the user's choices must not seem to vanish.
 */
function keptChoices(this: ILoadOptionsFunctions, why: string): INodePropertyOptions[] {
	const chosen = new Set<string>();
	for (const name of LIST_FIELD_CHOICES) {
		let value: unknown;
		try {
			value = this.getCurrentNodeParameter(name);
		} catch {
			continue;
		}
		for (const id of Array.isArray(value) ? value : [value]) {
			if (typeof id === 'string' && id !== '' && !id.startsWith('=')) chosen.add(id);
		}
	}
	return [...chosen].map((id) => ({ name: id, value: id, description: `Chosen earlier; ${why}` }));
}

/**
 * The chosen list's fields. Before a list can be read, the choices made so far; when the list
 * cannot be read, those choices too (the reason in their description), or the error if none.
 */
async function listFieldOptions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	try {
		const listId = chosenListId.call(this);
		if (listId !== undefined) return await fieldOptions.call(this, { listId });
	} catch (error) {
		const kept = keptChoices.call(
			this,
			`the list's fields could not be read: ${(error as Error).message}`,
		);
		if (kept.length) return kept;
		throw asNodeError(this.getNode(), error);
	}
	return keptChoices.call(this, "the list's fields are shown once a list is chosen");
}

/** Whose fields a read offers, by the resource chosen in the node. */
const READ_FIELD_SOURCES: Record<string, 'companies' | 'persons' | 'list'> = {
	company: 'companies',
	person: 'persons',
	listEntry: 'list',
};

/**
 * The fields a read offers: those of the resource chosen now. The reads of every resource name
 * their field choice alike (fieldIds, fieldId), and the editor keeps the input of the operation
 * shown before and asks with that one's method when `resource` (in loadOptionsDependsOn)
 * changes, so each of these methods answers for the resource chosen, and for its own without
 * one (the trigger).
 */
async function readFieldOptions(
	this: ILoadOptionsFunctions,
	own: 'companies' | 'persons' | 'list',
): Promise<INodePropertyOptions[]> {
	let resource: unknown;
	try {
		resource = this.getCurrentNodeParameter('resource');
	} catch {
		resource = undefined;
	}
	const source = (typeof resource === 'string' && READ_FIELD_SOURCES[resource]) || own;
	return source === 'list' ? listFieldOptions.call(this) : fieldOptions.call(this, source);
}

async function writableFieldOptions(
	this: ILoadOptionsFunctions,
	scope: FieldScope | undefined,
): Promise<INodePropertyOptions[]> {
	if (!scope) return [];
	return byName(
		(await fieldsInScope.call(this, scope))
			.filter(isWritableField)
			.map((f) => fieldOption(f, fieldChoiceValue(f.id, f.valueType))),
	);
}

/** The option lists (loadOptionsMethod names) of both nodes. */
export const loadOptions = {
	/** Lists of companies (semantic search scopes to them). */
	async getCompanyLists(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return byName(
			(await allLists.call(this))
				.filter((l) => l.type === 'company')
				.map((l) => ({
					name: displayText(l.name) || `List ${l.id}`,
					value: String(l.id),
					description: `List ${l.id}`,
				})),
		);
	},

	async getCompanyFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return readFieldOptions.call(this, 'companies');
	},
	async getPersonFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return readFieldOptions.call(this, 'persons');
	},
	/** The chosen list's fields (see listFieldOptions). */
	async getListFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return readFieldOptions.call(this, 'list');
	},

	/** id, name, domain and every company field Affinity says can be filtered on, with its operators. */
	async getCompanyFilterProperties(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const properties = await companyFilterProperties.call(this);
		return Object.entries(properties)
			.map(([id, p]) => ({
				name: p.field ? `${p.label} (${valueTypeName(p.field.valueType)})` : p.label,
				value: id,
				description: `${p.field ? `${p.field.type} field ${id}. ` : ''}Operators: ${operatorList(p.operators, p.collection)}`,
			}))
			.sort((a, b) => a.name.localeCompare(b.name));
	},

	/** Company fields (or their attributes) Affinity can sort a search by (FieldSortability). */
	async getCompanySortFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		// The company name is sortable too, though it is not a field.
		return [
			{ name: 'Company Name', value: 'name', description: "The company's name" },
			...(await sortFieldOptions.call(this, 'companies')),
		];
	},
	/** Person fields (or their attributes) Affinity can sort a search by (FieldSortability). */
	async getPersonSortFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return sortFieldOptions.call(this, 'persons');
	},
	/** The chosen list's fields (or their attributes) a list-entry search can sort by. */
	async getListSortFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const listId = chosenListId.call(this);
		if (listId === undefined) return [];
		const sortable = await sortFieldOptions.call(this, { listId });
		// When the entry was added to the list: sortable, though not a field (the search's own example sorts by it).
		return [
			{
				name: 'Date Added',
				value: 'created-at',
				description: 'When the entry was added to the list',
			},
			...sortable,
		];
	},

	/** Company fields (or their attributes) a search can filter on (FieldFilterability). */
	async getCompanySearchFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return searchFieldOptions.call(this, 'companies');
	},
	/** The operators of the company field chosen beside it. */
	async getCompanySearchOperators(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return searchOperatorOptions.call(this, 'companies');
	},
	/** The options of the company dropdown field chosen beside them. */
	async getCompanySearchOptions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return searchValueOptions.call(this, 'companies');
	},

	/** Person fields (or their attributes) a search can filter on (FieldFilterability). */
	async getPersonSearchFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return searchFieldOptions.call(this, 'persons');
	},
	/** The operators of the person field chosen beside it. */
	async getPersonSearchOperators(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return searchOperatorOptions.call(this, 'persons');
	},
	/** The options of the person dropdown field chosen beside them. */
	async getPersonSearchOptions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return searchValueOptions.call(this, 'persons');
	},
	/** The chosen list's fields (or their attributes) a list-entry search can filter on. */
	async getListSearchFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const listId = chosenListId.call(this);
		return listId === undefined ? [] : searchFieldOptions.call(this, { listId });
	},
	/** The operators of the list field chosen beside it. */
	async getListSearchOperators(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const listId = chosenListId.call(this);
		return listId === undefined ? [] : searchOperatorOptions.call(this, { listId });
	},
	/** The options of the list's dropdown field chosen beside them. */
	async getListSearchOptions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const listId = chosenListId.call(this);
		return listId === undefined ? [] : searchValueOptions.call(this, { listId });
	},

	/** Person fields a user can write (global), each with its value type. */
	async getWritablePersonFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return writableFieldOptions.call(this, { kind: 'person' });
	},
	/**
	 * Dropdown fields (dropdown, multi-select, ranked, status) whose options can be read or
	 * managed: a list's (its own only, for writes), or the global ones of people or companies.
	 */
	async getDropdownFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const entity = (this.getCurrentNodeParameter('entity') as string | undefined) ?? 'list';
		const listId = entity === 'list' ? chosenListId.call(this) : undefined;
		if (entity === 'list' && listId === undefined) return [];
		const source: FieldSource =
			entity === 'person'
				? 'persons'
				: entity === 'company'
					? 'companies'
					: { listId: listId as number };
		const ownOnly = entity === 'list' && this.getCurrentNodeParameter('operation') !== 'getAll';
		return byName(
			(await fieldsOf.call(this, source))
				.filter(
					(f) => DROPDOWN_VALUE_TYPES.includes(f.valueType) && (!ownOnly || f.type === 'list'),
				)
				.map((f) => ({
					...fieldOption(f),
					description: `${valueTypeName(f.valueType)} · ${f.type} field · ${f.id}`,
				})),
		);
	},
	/** Company fields a user can write (global), each with its value type. */
	async getWritableCompanyFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return writableFieldOptions.call(this, { kind: 'company' });
	},
	/** The chosen list's writable fields: its own and its entity's global fields. */
	async getWritableListEntryFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return writableFieldOptions.call(this, writeScope.call(this));
	},
	/** The options of the dropdown field chosen next to it (top level or in a batch item). */
	async getFieldDropdownOptions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const raw = this.getCurrentNodeParameter('&fieldId') ?? this.getCurrentNodeParameter('fieldId');
		const { fieldId } = parseFieldChoice(raw);
		if (!fieldId || fieldId.startsWith('=')) return [];
		const scope = writeScope.call(this);
		if (!scope) return [];
		const field = (await fieldsInScope.call(this, scope)).find((f) => f.id === fieldId);
		if (!field)
			throw new NodeOperationError(
				this.getNode(),
				`Field ${fieldId} is not one of ${scopeLabel(scope)}`,
			);
		const options = await dropdownOptionsOf.call(this, scope, field);
		return options.map(dropdownOptionItem);
	},
};
