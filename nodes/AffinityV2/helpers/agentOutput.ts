import type { IDataObject } from 'n8n-workflow';

import { calendarDate } from './dates';

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
 * Long arrays inside a record cut to their first AGENT_MAX_VALUES values and a count ("and 96
 * more"): a list entry with 100 co-investors would cost an agent thousands of tokens it rarely
 * needs. The note says how to get them all.
 */
export function withShortValueLists(value: unknown, depth = 0): unknown {
	if (Array.isArray(value)) {
		const inner = value.map((v) => withShortValueLists(v, depth + 1));
		if (depth === 0 || inner.length <= AGENT_MAX_VALUES + 1) return inner;
		const more = inner.length - AGENT_MAX_VALUES;
		return [
			...inner.slice(0, AGENT_MAX_VALUES),
			`and ${more} more (call again with ${ALL_VALUES_PARAMETER}: true to get them all)`,
		];
	}
	if (value === null || typeof value !== 'object') return value;
	const out: IDataObject = {};
	for (const [key, inner] of Object.entries(value))
		out[key] = withShortValueLists(inner, depth + 1) as never;
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
		const dated = withCalendarDates(withoutEmptyValues(r));
		return (options.allValues ? dated : withShortValueLists(dated, 1)) as IDataObject;
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
