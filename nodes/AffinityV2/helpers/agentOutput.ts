import type { IDataObject } from 'n8n-workflow';

import { calendarDate } from './dates';
import { ASSOCIATION_LIMIT, moreText } from './entities';
import { withoutFieldCopies } from './simplify';

/** The most records an AI agent gets from one tool call: more would crowd its context window. */
export const AGENT_MAX_RECORDS = 50;

/** The values of a long multi-value field an agent gets unless it asks for all (allValues). */
export const AGENT_MAX_VALUES = 5;

/** The tool parameter by which an agent asks for every value of long multi-value fields. */
export const ALL_VALUES_PARAMETER = 'allValues';

/**
 * Dates where a calendar date is meant, as dates: Affinity stores a date field at midnight
 * Pacific, so "2025-03-10T08:00:00Z" is 10 March. A simplified record's `fields` take their
 * `calendarDates` (which then go), a single field's `value` its `calendarDate`, and a raw
 * value `{type: "datetime", data}` its date.
 */
export function withCalendarDates(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withCalendarDates);
	if (value === null || typeof value !== 'object') return value;
	const record = value as IDataObject;
	const out: IDataObject = {};
	for (const [key, inner] of Object.entries(record)) out[key] = withCalendarDates(inner) as never;
	if (out.type === 'datetime' && typeof out.data === 'string')
		out.data = calendarDate(out.data) ?? out.data;
	const dates = record.calendarDates as IDataObject | undefined;
	if (dates && typeof dates === 'object' && out.fields && typeof out.fields === 'object') {
		const fields = { ...(out.fields as IDataObject) };
		for (const [name, date] of Object.entries(dates)) if (name in fields) fields[name] = date;
		out.fields = fields;
		delete out.calendarDates;
	}
	if (record.valueType === 'datetime' && 'calendarDate' in record) {
		out.value = record.calendarDate;
		delete out.calendarDate;
	}
	return out;
}

/**
 * A list of values as an agent reads it: at most AGENT_MAX_VALUES of them unless it asked for
 * all, and a last item that says how many more there are. `leftOut` counts the values the API
 * itself did not return (multi-value reads stop at 100 and say `totalCount`): the list is then
 * never presented as complete, even with every returned value shown.
 */
function shortList(items: unknown[], leftOut: number, allValues: boolean): unknown[] {
	const cut = !allValues && items.length > AGENT_MAX_VALUES + 1;
	const shown = cut ? items.slice(0, AGENT_MAX_VALUES) : items;
	const more = items.length - shown.length + leftOut;
	if (more === 0) return shown;
	const why =
		leftOut > 0
			? cut
				? `call again with ${ALL_VALUES_PARAMETER}: true to get ${items.length} of them; Affinity returns at most ${ASSOCIATION_LIMIT} values of a field`
				: `Affinity returns at most ${ASSOCIATION_LIMIT} values of a field`
			: `call again with ${ALL_VALUES_PARAMETER}: true to get them all`;
	return [...shown, `${moreText(more)} (${why})`];
}

/** A count of values left out, as simplify and the API give it, or 0. */
function countOf(value: unknown): number {
	return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/**
 * Long arrays inside a record cut to their first AGENT_MAX_VALUES values and a count ("and 96
 * more"): a list entry with 100 co-investors would cost an agent thousands of tokens it rarely
 * needs. The note says how to get them all. Values the API left out are counted too: those of
 * simplified fields (`moreValues` by field name), of one simplified value or event change
 * (`moreValues` beside `value` or `current`) and of a raw value (`totalCount` beside `data`).
 */
export function withShortValueLists(value: unknown, depth = 0, allValues = false): unknown {
	if (Array.isArray(value)) {
		const inner = value.map((v) => withShortValueLists(v, depth + 1, allValues));
		return depth === 0 ? inner : shortList(inner, 0, allValues);
	}
	if (value === null || typeof value !== 'object') return value;
	const record = value as IDataObject;
	const out: IDataObject = {};
	const more = record.moreValues;
	const byName =
		more && typeof more === 'object' && !Array.isArray(more) ? (more as IDataObject) : {};
	for (const [key, inner] of Object.entries(record)) {
		let leftOut = 0;
		if (key === 'data')
			leftOut = countOf(record.totalCount) - (Array.isArray(inner) ? inner.length : 0);
		if (key === 'value' || key === 'current') leftOut = countOf(more);
		if (Array.isArray(inner) && leftOut > 0) {
			const items = inner.map((v) => withShortValueLists(v, depth + 2, allValues));
			out[key] = shortList(items, leftOut, allValues) as never;
		} else if (key === 'fields' && inner && typeof inner === 'object' && !Array.isArray(inner)) {
			const fields: IDataObject = {};
			for (const [name, field] of Object.entries(inner as IDataObject)) {
				const fieldLeftOut = countOf(byName[name]);
				fields[name] = (
					Array.isArray(field) && fieldLeftOut > 0
						? shortList(
								field.map((v) => withShortValueLists(v, depth + 3, allValues)),
								fieldLeftOut,
								allValues,
							)
						: withShortValueLists(field, depth + 2, allValues)
				) as never;
			}
			out[key] = fields;
		} else out[key] = withShortValueLists(inner, depth + 1, allValues) as never;
	}
	return out;
}

function isEmpty(value: unknown): boolean {
	if (value === null || value === undefined || value === '') return true;
	if (Array.isArray(value)) return value.length === 0;
	if (typeof value === 'object') return Object.keys(value).length === 0;
	return false;
}

/**
 * The value without nulls, empty strings, empty arrays and empty objects, at any depth: in a
 * tool result they cost a model tokens and say nothing (an absent key reads as "no value").
 */
export function withoutEmptyValues(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutEmptyValues).filter((v) => !isEmpty(v));
	if (value === null || typeof value !== 'object') return value;
	const out: IDataObject = {};
	for (const [key, inner] of Object.entries(value)) {
		const compact = withoutEmptyValues(inner);
		if (!isEmpty(compact)) out[key] = compact as IDataObject[keyof IDataObject];
	}
	return out;
}

/**
 * What an AI agent receives from one tool call: the records without empty values, at most
 * AGENT_MAX_RECORDS of them, and a last record that says so when more are (or may be) available,
 * so the model knows the answer is partial and how to get the rest.
 */
export function compactForAgent(
	records: IDataObject[],
	limit?: number,
	options: { allValues?: boolean } = {},
): IDataObject[] {
	const compact = records.map((r) => {
		const dated = withCalendarDates(withoutEmptyValues(withoutFieldCopies(r)));
		return withShortValueLists(dated, 1, options.allValues === true) as IDataObject;
	});
	if (compact.length > AGENT_MAX_RECORDS) {
		return [
			...compact.slice(0, AGENT_MAX_RECORDS),
			{
				moreAvailable: true,
				note: `Showing the first ${AGENT_MAX_RECORDS} of ${compact.length} results. Narrow the request (a search term, a filter or a lower limit) to see the others.`,
			},
		];
	}
	if (limit !== undefined && compact.length > 0 && compact.length >= limit) {
		return [
			...compact,
			{
				moreAvailable: true,
				note: `Showing ${compact.length} results, the limit of this request; more may be available. Ask again with a higher limit (at most ${AGENT_MAX_RECORDS}) or narrow the request.`,
			},
		];
	}
	return compact;
}
