import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fieldsOf, type FieldSource } from '../../api/fields';
import { editionAllows } from '../../api/edition';
import type { DropdownChoice } from '../../helpers/valueTypes';
import { toStringList } from '../../helpers/stringList';
import { readSorts } from './searchSorts';
import {
	buildFilterGroup,
	buildSearchCriteria,
	buildValueFilter,
	withChosenOptions,
	type FilterGroup,
	type SearchCondition,
	type ValueFilter,
} from '../../helpers/searchCriteria';
import {
	parseSearchTargetKey,
	searchTargetKey,
	searchTargetsOf,
	type SearchTarget,
} from '../../helpers/searchTargets';
import type { FieldMetadata } from '../../helpers/types';

/**
 * The filter of a search endpoint (SearchCriteria `filters`): conditions picked per field with
 * the operators its filterability allows, joined by AND or OR, and groups of conditions with
 * their own AND or OR. Shared by the company, person and list-entry searches: each passes the
 * loadOptions methods of its fields and where its fields and dropdown options come from.
 */
export interface SearchFilterSpec {
	/** loadOptions method listing the filterable fields (values from searchTargetKey). */
	fieldsMethod: string;
	/** loadOptions method listing the chosen field's operators. */
	operatorsMethod: string;
	/** loadOptions method listing the chosen dropdown field's options. */
	optionsMethod: string;
	/** "companies": for descriptions. */
	what: string;
	/** Parameters the field lists depend on (the chosen list). */
	dependsOn?: string[];
}

const NO_VALUE = ['is-empty', 'is-not-empty'];
const RELATIVE = [
	'is-within-the-last',
	'is-not-within-the-last',
	'is-within-the-next',
	'is-not-within-the-next',
	'is-between-relative',
	'is-exactly-relative',
	'is-not-exactly-relative',
	'is-more-than-relative',
	'is-more-than-or-equal-to-relative',
	'is-less-than-relative',
	'is-less-than-or-equal-to-relative',
];
const UNITS = ['minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'];

function conditionFields(spec: SearchFilterSpec): INodeProperties[] {
	return [
		{
			displayName: 'Field Name or ID',
			name: 'target',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: spec.fieldsMethod,
				loadOptionsDependsOn: spec.dependsOn ?? [],
			},
			default: '',
			description:
				'A field Affinity can filter on. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Operator Name or ID',
			name: 'operator',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: spec.operatorsMethod,
				loadOptionsDependsOn: ['target', ...(spec.dependsOn ?? [])],
			},
			default: '',
			description:
				'The operators the chosen field allows. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Value',
			name: 'value',
			type: 'string',
			default: '',
			description:
				'Typed as the field wants: text; a number; a date (YYYY-MM-DD); for "any of" operators several values separated by commas or a JSON array: dropdown options by name or ID, person or company IDs, texts, or locations as city=…; country=… (several separated by |). For Is Between, the lower bound.',
			displayOptions: { hide: { operator: [...NO_VALUE, ...RELATIVE] } },
		},
		{
			displayName: 'Option Names or IDs',
			name: 'valueOptions',
			type: 'multiOptions',
			typeOptions: {
				loadOptionsMethod: spec.optionsMethod,
				loadOptionsDependsOn: ['target', ...(spec.dependsOn ?? [])],
			},
			default: [],
			description:
				'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			hint: 'For a dropdown, ranked-dropdown or status field: its options, in place of Value (other fields have none to list)',
			displayOptions: { hide: { operator: [...NO_VALUE, ...RELATIVE] } },
		},
		{
			displayName: 'To',
			name: 'value2',
			type: 'string',
			default: '',
			description:
				'The upper bound of Is Between (a number or a date); on API version 2026-09-17 it may not be smaller than the lower bound',
			displayOptions: { show: { operator: ['is-between'] } },
		},
		{
			displayName: 'Amount',
			name: 'amount',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 1,
			description:
				'How many units back or ahead of now; 1 or more on API version 2026-09-17 (0 only before it)',
			displayOptions: { show: { operator: RELATIVE } },
		},
		{
			displayName: 'Amount To',
			name: 'amount2',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				'The other end of the relative range, in units back from now: on API version 2026-09-17 1 or more, and not smaller than Amount',
			displayOptions: { show: { operator: ['is-between-relative'] } },
		},
		{
			displayName: 'Unit',
			name: 'unit',
			type: 'options',
			options: UNITS.map((unit) => ({
				name: unit.charAt(0).toUpperCase() + unit.slice(1),
				value: unit,
			})),
			default: 'day',
			displayOptions: { show: { operator: RELATIVE } },
		},
	];
}

const MATCH_OPTIONS = [
	{ name: 'All (AND)', value: 'and' },
	{ name: 'Any (OR)', value: 'or' },
];

/** The UI of a search filter: top-level conditions, groups of conditions, and how they combine. */
export function searchFilterParameters(spec: SearchFilterSpec): INodeProperties[] {
	return [
		{
			displayName: 'Conditions',
			name: 'searchConditions',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: 'Add Condition',
			default: {},
			description: `Which ${spec.what} to return; each condition is checked against the field's operators before the request`,
			options: [{ displayName: 'Condition', name: 'conditions', values: conditionFields(spec) }],
		},
		{
			displayName: 'Condition Groups',
			name: 'searchGroups',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: 'Add Group',
			default: {},
			description:
				'Groups of conditions with their own AND or OR, combined with the conditions above',
			options: [
				{
					displayName: 'Group',
					name: 'groups',
					values: [
						{
							displayName: 'Match',
							name: 'match',
							type: 'options',
							options: MATCH_OPTIONS,
							default: 'or',
						},
						{
							displayName: 'Conditions',
							name: 'conditions',
							type: 'fixedCollection',
							typeOptions: { multipleValues: true },
							placeholder: 'Add Condition',
							default: {},
							options: [
								{ displayName: 'Condition', name: 'condition', values: conditionFields(spec) },
							],
						},
					],
				},
			],
		},
		{
			displayName: 'Match',
			name: 'searchMatch',
			type: 'options',
			options: MATCH_OPTIONS,
			default: 'and',
			description: 'How the conditions and groups combine',
		},
	];
}

interface GroupInput {
	match?: 'and' | 'or';
	conditions?: { condition?: SearchCondition[] };
}

/** Where a search's fields and their dropdown options come from. */
export interface SearchFieldSource {
	source: FieldSource;
	dropdownOptions: (field: FieldMetadata) => Promise<DropdownChoice[]>;
}

function recordsOf(source: FieldSource): string {
	if (source === 'companies') return 'companies';
	return source === 'persons' ? 'persons' : `the entries of list ${source.listId}`;
}

/** Whether every value of a dropdown condition is already an option id (no lookup needed). */
const allIds = (value: unknown) =>
	(Array.isArray(value) ? value : String(value ?? '').split(',')).every((v) =>
		/^\s*\d+\s*$/.test(String(v)),
	);

/**
 * The FilterGroup of one item, or undefined when no condition is given. The fields'
 * filterability is read once per run, and dropdown options only for names that need them.
 */
export async function readSearchFilters(
	this: IExecuteFunctions,
	itemIndex: number,
	fields: SearchFieldSource,
): Promise<FilterGroup | undefined> {
	const top =
		(this.getNodeParameter('searchConditions.conditions', itemIndex, []) as SearchCondition[]) ??
		[];
	const groups =
		(this.getNodeParameter('searchGroups.groups', itemIndex, []) as GroupInput[]) ?? [];
	const grouped = groups.map((g) => ({
		match: g.match === 'and' ? ('and' as const) : ('or' as const),
		conditions: g.conditions?.condition ?? [],
	}));
	if (!top.length && grouped.every((g) => !g.conditions.length)) return undefined;
	const subject =
		typeof fields.source === 'object' ? `list with ID ${fields.source.listId}` : undefined;
	const metadata = await fieldsOf.call(this, fields.source, {
		includes: ['filterability'],
		itemIndex,
		subject,
	});
	// Known without a request: the fields were read in this run.
	const rangeRules = await editionAllows.call(this, '2026-09-17', itemIndex);
	const targets = new Map<string, { target: SearchTarget; field: FieldMetadata }>();
	for (const field of metadata)
		for (const target of searchTargetsOf(field))
			targets.set(searchTargetKey(target), { target, field });
	const fail = (where: string, message: string, hint?: string): never => {
		throw new NodeOperationError(this.getNode(), `${where}: ${message}`, {
			itemIndex,
			description: hint,
		});
	};
	const build = async (condition: SearchCondition, where: string): Promise<ValueFilter> => {
		const key = String(condition.target ?? '').trim();
		if (!key)
			fail(where, 'no field chosen', 'Choose the field to filter on, or remove the condition.');
		const found = targets.get(key) ?? targets.get(parseSearchTargetKey(key).fieldId);
		if (!found) {
			fail(
				where,
				`Affinity cannot filter ${recordsOf(fields.source)} by "${key}"`,
				'Choose a field from the list: it shows the filterable ones.',
			);
		}
		const { target, field } = found!;
		const chosen = withChosenOptions(condition, target);
		if ('problem' in chosen) return fail(where, chosen.problem.message, chosen.problem.hint);
		const given = chosen.ok;
		const needsOptions = target.valueType.includes('dropdown') && !allIds(given.value);
		const options = needsOptions ? await fields.dropdownOptions(field) : undefined;
		const built = buildValueFilter(given, target, options, { rangeRules });
		if ('problem' in built) return fail(where, built.problem.message, built.problem.hint);
		return built.ok;
	};
	const items: Array<ValueFilter | FilterGroup> = [];
	for (const [i, condition] of top.entries())
		items.push(await build(condition, `Condition ${i + 1}`));
	for (const [g, group] of grouped.entries()) {
		if (!group.conditions.length) continue;
		const filters: ValueFilter[] = [];
		for (const [i, condition] of group.conditions.entries())
			filters.push(await build(condition, `Group ${g + 1}, condition ${i + 1}`));
		const built = buildFilterGroup(group.match, filters);
		if ('problem' in built) fail(`Group ${g + 1}`, built.problem.message, built.problem.hint);
		items.push((built as { ok: FilterGroup }).ok);
	}
	const match = this.getNodeParameter('searchMatch', itemIndex, 'and') === 'or' ? 'or' : 'and';
	const root = buildFilterGroup(match, items);
	if ('problem' in root) return fail('Conditions', root.problem.message, root.problem.hint);
	return root.ok;
}

/** The SearchCriteria body of one item: conditions, term and sorts, checked before any request. */
export async function readSearchCriteria(
	this: IExecuteFunctions,
	itemIndex: number,
	fields: SearchFieldSource,
): Promise<IDataObject> {
	const filters = await readSearchFilters.call(this, itemIndex, fields);
	const built = buildSearchCriteria({
		filters,
		term: String(this.getNodeParameter('term', itemIndex, '') ?? ''),
		termFieldIds: toStringList(this.getNodeParameter('termFieldIds', itemIndex, [])),
		sorts: readSorts.call(this, itemIndex),
	});
	if ('problem' in built)
		throw new NodeOperationError(this.getNode(), built.problem.message, {
			itemIndex,
			description: built.problem.hint,
		});
	return built.ok as IDataObject;
}
