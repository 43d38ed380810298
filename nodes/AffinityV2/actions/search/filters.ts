import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	compileFilter,
	FILTER_OPERATORS,
	operatorAllowed,
	type FilterCondition,
	type FilterOperator,
	type FilterProperty,
} from '../../helpers/filterBuilder';
import {
	conditionProperties,
	conditionsCheck,
	treeCheck,
	treeProperties,
	type RecordCheck,
} from '../../helpers/filterEvaluator';
import { FilterSyntaxError, readFilterExpression } from '../../helpers/filterExpression';

/** A property an endpoint can filter on, as the UI offers it. */
export interface FixedFilterProperty extends FilterProperty {
	label: string;
	description?: string;
}

/** Where a filter goes: the properties it may use and the operators the UI offers. */
export interface FilterTarget {
	/** Properties known in advance (notes, transcripts, field metadata). */
	properties?: Record<string, FixedFilterProperty>;
	/** Or a loadOptions method that lists them (company fields, loaded from Affinity). */
	loadOptionsMethod?: string;
	operators: FilterOperator[];
	/** "notes", "companies": for descriptions. */
	what: string;
}

/** The operators that at least one of the given properties allows, for the operator list. */
export function operatorsFor(properties: Record<string, FilterProperty>): FilterOperator[] {
	return (Object.keys(FILTER_OPERATORS) as FilterOperator[]).filter((op) =>
		Object.values(properties).some(
			(p) => !p.operators || operatorAllowed(op, p.operators, p.collection),
		),
	);
}

function titleCase(text: string): string {
	return text.replace(
		/(^|[\s(])([a-z])/g,
		(_m, before: string, letter: string) => before + letter.toUpperCase(),
	);
}

function operatorOptions(operators: FilterOperator[]): INodePropertyOptions[] {
	return operators
		.map((op) => ({
			name: titleCase(FILTER_OPERATORS[op].label),
			value: op,
			description: `Written as: property ${FILTER_OPERATORS[op].symbol}${FILTER_OPERATORS[op].value === 'none' ? '' : ' value'}`,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

const NO_VALUE_OPERATORS = (Object.keys(FILTER_OPERATORS) as FilterOperator[]).filter(
	(op) => FILTER_OPERATORS[op].value === 'none',
);

/**
 * The filter of a Get Many: none, conditions built from lists (property, operator, value;
 * joined with AND or OR; values escaped), or a raw filter expression for experts.
 */
export function filterParameters(target: FilterTarget): INodeProperties[] {
	const propertyField: INodeProperties = target.loadOptionsMethod
		? {
				displayName: 'Property Name or ID',
				name: 'property',
				type: 'options',
				typeOptions: { loadOptionsMethod: target.loadOptionsMethod },
				default: '',
				description:
					'What to filter on. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			}
		: {
				displayName: 'Property',
				name: 'property',
				type: 'options',
				options: Object.entries(target.properties ?? {})
					.map(([value, p]) => ({ name: p.label, value, description: p.description }))
					.sort((a, b) => a.name.localeCompare(b.name)),
				default: '',
				description: 'What to filter on',
			};
	return [
		{
			displayName: 'Filter',
			name: 'filterMode',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'None', value: 'none', description: `Return all ${target.what}` },
				{
					name: 'Build Conditions',
					value: 'conditions',
					description: 'Pick properties, operators and values; values are escaped',
				},
				{
					name: 'Raw Filter Expression',
					value: 'raw',
					description: "Write Affinity's filter language yourself",
				},
			],
			default: 'none',
		},
		{
			displayName: 'Conditions',
			name: 'filterConditions',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: 'Add Condition',
			default: {},
			displayOptions: { show: { filterMode: ['conditions'] } },
			options: [
				{
					displayName: 'Condition',
					name: 'conditions',
					values: [
						propertyField,
						{
							displayName: 'Operator',
							name: 'operator',
							type: 'options',
							options: operatorOptions(target.operators),
							// Every filterable endpoint takes exact match on at least one property.
							default: 'equals',
						},
						{
							displayName: 'Value',
							name: 'value',
							type: 'string',
							default: '',
							description:
								'Compared as a literal: quotes, &, |, parentheses and the like in it are escaped. For the list operators, separate values with commas or give a JSON array.',
							displayOptions: { hide: { operator: NO_VALUE_OPERATORS } },
						},
					],
				},
			],
		},
		{
			displayName: 'Combine Conditions',
			name: 'filterCombine',
			type: 'options',
			options: [
				{ name: 'AND (All Must Match)', value: 'and' },
				{ name: 'OR (Any May Match)', value: 'or' },
			],
			default: 'and',
			displayOptions: { show: { filterMode: ['conditions'] } },
		},
		{
			displayName: 'Filter Expression',
			name: 'filterRaw',
			type: 'string',
			default: '',
			placeholder: 'e.g. createdAt >= 2025-01-01T00:00:00Z & updatedAt < 2025-02-01T00:00:00Z',
			description:
				"Affinity's filter language, sent as written: & is AND, | is OR, escape special characters with a backslash. Values from expressions are NOT escaped here; use Build Conditions for those.",
			displayOptions: { show: { filterMode: ['raw'] } },
		},
	];
}

/** The filter of one item: what to send, and the check the records must pass locally. */
export interface ReadFilter {
	/** The `filter` parameter to send; undefined for none. */
	filter?: string;
	/**
	 * When the records must be checked here: the filter sent is wider than the conditions
	 * (a date-time bound widened to whole seconds), or the target says Affinity may ignore it.
	 * Pass it as `keep` to affinityPaginate.
	 */
	keep?: RecordCheck;
	/** The properties the conditions name (a field must be read to be checked). */
	properties: string[];
}

/**
 * The filter for one item. Conditions are checked against the endpoint's properties before
 * any request; `resolve` supplies properties that must be loaded from Affinity (company
 * fields), and is called only when a condition needs them. `alwaysCheck`: the endpoint may
 * answer without applying `filter`, so conditions (and a raw expression, read here) are always
 * checked on the records too.
 */
export async function readFilter(
	this: IExecuteFunctions,
	itemIndex: number,
	target: FilterTarget,
	resolve?: (properties: string[]) => Promise<Record<string, FilterProperty>>,
	alwaysCheck = false,
): Promise<ReadFilter> {
	const mode = this.getNodeParameter('filterMode', itemIndex, 'none') as string;
	if (mode === 'raw') {
		const raw = String(this.getNodeParameter('filterRaw', itemIndex, '') ?? '').trim();
		if (raw === '') return { properties: [] };
		if (!alwaysCheck) return { filter: raw, properties: [] };
		// Checked here too, so it must be read here: a malformed one is refused before any request.
		const tree = readFilterExpression(raw);
		if (tree instanceof FilterSyntaxError) {
			throw new NodeOperationError(this.getNode(), `Invalid Filter Expression: ${tree.message}`, {
				itemIndex,
				description:
					"Write it in Affinity's filter language, e.g. name =~ Labs & (id < 100 | id > 200); escape special characters with a backslash.",
			});
		}
		const used = treeProperties(tree);
		const known = resolve ? await resolve(used) : target.properties;
		const unknown = known && used.find((p) => !(p in known));
		if (known && unknown !== undefined) {
			throw new NodeOperationError(
				this.getNode(),
				`Invalid Filter Expression: Unknown property "${unknown}"`,
				{
					itemIndex,
					description: `Filterable properties: ${Object.keys(known).join(', ') || 'none'}.`,
				},
			);
		}
		return {
			filter: raw,
			keep: treeCheck(tree, known, this.getTimezone()),
			properties: used,
		};
	}
	if (mode !== 'conditions') return { properties: [] };
	const conditions =
		(this.getNodeParameter('filterConditions.conditions', itemIndex, []) as FilterCondition[]) ??
		[];
	if (!conditions.length) return { properties: [] };
	const combine = this.getNodeParameter('filterCombine', itemIndex, 'and') as 'and' | 'or';
	let properties: Record<string, FilterProperty> | undefined = target.properties;
	if (resolve) properties = await resolve(conditions.map((c) => String(c.property ?? '').trim()));
	const timezone = this.getTimezone();
	const compiled = compileFilter(conditions, combine, properties, timezone);
	if ('problem' in compiled) {
		throw new NodeOperationError(this.getNode(), `Invalid filter: ${compiled.problem.message}`, {
			itemIndex,
			description: compiled.problem.hint,
		});
	}
	return {
		filter: compiled.filter || undefined,
		keep:
			alwaysCheck || !compiled.exact
				? conditionsCheck(conditions, combine, properties, timezone)
				: undefined,
		properties: conditionProperties(conditions),
	};
}
