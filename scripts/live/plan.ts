import type { IDataObject } from 'n8n-workflow';

/** Building blocks the read and write plans share. */

/** A raw 2xx answer of the target, with the path it answered. */
export interface Answer {
	method: string;
	path: string;
	body: unknown;
}

/** Calls outside the node, through the same proxy (counted, validated): the check's own reads. */
export type DirectCall = (
	method: string,
	path: string,
	body?: unknown,
	/** Headers that replace the check's own (another version, another form of auth). */
	headers?: Record<string, string>,
) => Promise<{ status: number; body: unknown; headers: Record<string, string> }>;

export type Id = string | number;
export interface Entity {
	id: Id;
	[key: string]: unknown;
}

/** Ids and facts discovered from the account's own answers, for the cases that need them. */
export type Found = Record<string, unknown>;

/** A resource locator by ID, as a saved workflow holds it. */
export const byId = (value: Id) => ({ __rl: true, mode: 'id', value: String(value) });

/** Small pages: the check proves shapes, not volume. */
export const SMALL = { returnAll: false, limit: 3 };

/** Every record of the `data` arrays of the answers whose path matches. */
export function records(answers: Answer[], path?: RegExp): Entity[] {
	return answers
		.filter((a) => !path || path.test(a.path))
		.flatMap((a) => {
			const data = (a.body as { data?: unknown } | undefined)?.data;
			return Array.isArray(data) ? (data as Entity[]) : [];
		})
		.filter((r) => r && typeof r === 'object' && r.id !== undefined);
}

/** The answers' single records (a GET of one thing, a create's answer). */
export function bodies(answers: Answer[], path?: RegExp): Entity[] {
	return answers
		.filter((a) => !path || path.test(a.path))
		.map((a) => a.body as Entity)
		.filter((b) => b && typeof b === 'object' && b.id !== undefined);
}

/** What a case runs: the node's parameters of each run, or why it cannot run in this account. */
export type Runs = IDataObject[] | { skip: string };

export const skip = (reason: string) => ({ skip: reason });

/** Runs when every named fact is known, else a skip naming what the account lacks. */
export function needs(
	found: Found,
	names: Record<string, string>,
	runs: () => IDataObject[],
): Runs {
	const missing = Object.entries(names).filter(([name]) => found[name] === undefined);
	if (missing.length) return skip(`no ${missing.map(([, what]) => what).join(', ')} found to read`);
	return runs();
}
