import type { IDataObject } from 'n8n-workflow';

/** The most records an AI agent gets from one tool call: more would crowd its context window. */
export const AGENT_MAX_RECORDS = 50;

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
export function compactForAgent(records: IDataObject[], limit?: number): IDataObject[] {
	const compact = records.map((r) => withoutEmptyValues(r) as IDataObject);
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
