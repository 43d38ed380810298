import { setTimeout as wait } from 'node:timers/promises';

import {
	absoluteNextUrls,
	confirmed,
	contradicted,
	emptyDropdownMulti,
	emptyPages,
	errorEnvelopes,
	failed,
	fileLinkHost,
	hiddenFields,
	html5xx,
	linkTexts,
	malformedFormats,
	metadataOptions,
	multiValueTotals,
	nullArrays,
	pacificDay,
	pagedFieldMetadata,
	personTypes,
	rateLimitHeaders,
	unobservable,
	uploadAnswers,
	v1FieldRows,
	v1Timestamps,
	versionEcho,
	type FactStatus,
	type Verdict,
} from './factChecks';
import type { DirectCall, Id } from './plan';
import type { Exchange, RecordingProxy } from './proxy';
import type { Removal } from './writeRun';
import { marker, type Sandbox } from './writeStep';

/**
 * The live facts: behaviours of the real API that its description does not tell (or tells
 * otherwise), each with a probe that decides it with as few calls as it can, through the same
 * recording proxy as the node's runs (counted against the call budget). A probe says
 * `confirmed` (the API behaves as recorded), `contradicted` (and what it did), `not observable`
 * (and why) or `error`. Read only, unless a fact is marked `write`: those run with --write, on
 * records the probes make themselves and remove.
 *
 * Probes that make calls run first; then the facts read from every answer of the run (the
 * node's and the probes'), so one run of the check decides as many as it can.
 */

export type { FactStatus } from './factChecks';

export interface FactResult {
	id: string;
	fact: string;
	status: FactStatus;
	seen: string;
	/** Calls its probe made (a fact read from the run's answers makes none). */
	calls: number;
}

export interface FactContext {
	call: DirectCall;
	proxy: RecordingProxy;
	/** The host (and port) of the API the proxy forwards to. */
	apiHost: string;
	apiVersion: string;
	apiKey: string;
	write: boolean;
	sandbox?: Sandbox;
	runId: string;
	/** What the probes left when a removal failed, and what they removed. */
	removed: Removal[];
	left: Removal[];
	/** Shared by the probes: ids found once. */
	found: Record<string, unknown>;
	/** Set on Ctrl-C: no further probe starts; what they made is still removed. */
	stopped?: boolean;
}

export interface Fact {
	/** A short stable id (the report's and the tests' name for the fact). */
	id: string;
	/** The behaviour, in one line. */
	fact: string;
	/** Runs only with --write (it writes on its own records). */
	write?: boolean;
	/** The most calls the probe makes (it does not start with fewer left in the budget). */
	calls?: number;
	/** Decides the fact with calls of its own. */
	probe?: (ctx: FactContext) => Promise<Verdict>;
	/** Decides the fact from every answer of the run (after the probes). */
	scan?: (exchanges: Exchange[], ctx: FactContext) => Verdict;
	/** Why no key can decide it here. */
	unobservable?: string;
}

const dataOf = (body: unknown): Array<Record<string, unknown>> => {
	const data = (body as { data?: unknown })?.data;
	return Array.isArray(data) ? (data as Array<Record<string, unknown>>) : [];
};

/**
 * A GET of a paged v2 endpoint that follows empty pages carrying a nextUrl (a few at most), so
 * that an empty page is not taken for an empty answer.
 */
async function firstPage(ctx: FactContext, path: string) {
	let answer = await ctx.call('GET', path);
	for (let i = 0; i < 3 && answer.status === 200 && !dataOf(answer.body).length; i++) {
		const next = (answer.body as { pagination?: { nextUrl?: string | null } })?.pagination?.nextUrl;
		if (!next) break;
		const url = new URL(next);
		answer = await ctx.call('GET', `${url.pathname}${url.search}`);
	}
	return answer;
}

/** The first record id of an answer the run already holds for this path, else one GET. */
async function someId(
	ctx: FactContext,
	path: string,
	test?: (r: Record<string, unknown>) => boolean,
) {
	const key = `${path}:${test ? 'test' : ''}`;
	if (ctx.found[key] !== undefined) return ctx.found[key] as Id;
	for (const e of ctx.proxy.exchanges)
		if (e.method === 'GET' && e.path === path && e.status === 200) {
			const hit = dataOf(e.body).find((r) => r.id !== undefined && (!test || test(r)));
			if (hit) return (ctx.found[key] = hit.id as Id);
		}
	const answer = await firstPage(ctx, `${path}?limit=100`);
	const hit = dataOf(answer.body).find((r) => r.id !== undefined && (!test || test(r)));
	return (ctx.found[key] = hit?.id as Id | undefined);
}

const errorOf = (body: unknown) => {
	const first = (body as { errors?: Array<{ code?: string; param?: string }> })?.errors?.[0];
	return first
		? `${first.code ?? 'no code'}${first.param ? `, param ${first.param}` : ''}`
		: 'no errors';
};

/** A filter no record matches, on an endpoint the API reads it on or ignores. */
const ignoredFilter =
	(path: string, property: string, what: string) =>
	async (ctx: FactContext): Promise<Verdict> => {
		const filter = `${property} = "n8n live check ${ctx.runId}: no ${what} has this"`;
		const answer = await firstPage(ctx, `${path}?limit=5&filter=${encodeURIComponent(filter)}`);
		if (answer.status === 400)
			return contradicted(`a filter no ${what} matches was refused: 400 (${errorOf(answer.body)})`);
		if (answer.status !== 200) return failed(`GET ${path}?filter= answered ${answer.status}`);
		const n = dataOf(answer.body).length;
		if (n) return confirmed(`a filter no ${what} matches gave ${n} ${what} records (200)`);
		const any = await someId(ctx, path);
		return any === undefined
			? unobservable(`the account has no ${what} to tell an applied filter from an ignored one`)
			: contradicted(`a filter no ${what} matches gave none: it was applied`);
	};

/** Retries a v2 read answered 404 after a v1 write, a few bounded waits (about 8 s in all). */
const WAITS_MS = [250, 500, 1000, 2000, 4000];
async function whenVisible(
	read: () => Promise<{ status: number; body: unknown }>,
): Promise<{ status: number; body: unknown; waited: number; tries: number }> {
	let answer = await read();
	let waited = 0;
	let tries = 1;
	for (const ms of WAITS_MS) {
		if (answer.status !== 404) break;
		await wait(ms);
		waited += ms;
		tries++;
		answer = await read();
	}
	return { ...answer, waited, tries };
}

/** A company made with v1 for the probes (removed at the end, with whatever else they made). */
async function company(ctx: FactContext, what: string): Promise<Id | undefined> {
	const answer = await ctx.call('POST', '/organizations', {
		name: marker(ctx.runId, what),
	});
	const id = (answer.body as { id?: Id })?.id;
	if (answer.status !== 200 || id === undefined) return undefined;
	track(ctx, 'company', id, `/organizations/${id}`);
	return id;
}

interface Cleanup {
	what: string;
	id: Id;
	path: string;
}
const cleanups = new WeakMap<FactContext, Cleanup[]>();
function track(ctx: FactContext, what: string, id: Id, path: string) {
	const list = cleanups.get(ctx) ?? [];
	list.push({ what, id, path });
	cleanups.set(ctx, list);
}
function untrack(ctx: FactContext, id: Id) {
	const list = cleanups.get(ctx) ?? [];
	cleanups.set(
		ctx,
		list.filter((c) => c.id !== id),
	);
}

/** Removes, newest first, what the probes made (v1 DELETEs; a 404 is gone already). */
async function cleanUp(ctx: FactContext): Promise<void> {
	const list = cleanups.get(ctx) ?? [];
	while (list.length) {
		const { what, id, path } = list.pop()!;
		const answer = await ctx.call('DELETE', path);
		if (answer.status < 300 || answer.status === 404) ctx.removed.push({ what, id });
		else
			ctx.left.push({
				what,
				id,
				reason: `DELETE ${path.replace(/\d+/g, '{id}')} answered ${answer.status}`,
			});
	}
}

/** The v1 field the probes write to, on the sandbox company list. */
async function listField(
	ctx: FactContext,
	listId: Id,
	what: string,
	valueType: number,
	multiple: boolean,
): Promise<Id | undefined> {
	const answer = await ctx.call('POST', '/fields', {
		name: marker(ctx.runId, what),
		entity_type: 1,
		value_type: valueType,
		list_id: listId,
		is_list_specific: true,
		allows_multiple: multiple,
	});
	const id = (answer.body as { id?: Id })?.id;
	if (answer.status !== 200 || id === undefined) return undefined;
	track(ctx, 'field', id, `/fields/${id}`);
	return id;
}

/** A company of the probes on the sandbox company list: its list and entry ids. */
async function sandboxEntry(ctx: FactContext): Promise<{ listId: Id; entryId: Id } | string> {
	if (ctx.found.entry) return ctx.found.entry as { listId: Id; entryId: Id };
	const listId = ctx.sandbox?.made.sandboxCompanyList;
	if (listId === undefined) return 'there is no sandbox company list (see list.create)';
	const companyId = (ctx.found.company as Id | undefined) ?? (await company(ctx, 'facts company'));
	if (companyId === undefined) return 'v1 POST /organizations made no company';
	ctx.found.company = companyId;
	const answer = await ctx.call('POST', `/lists/${listId}/list-entries`, { entity_id: companyId });
	const entryId = (answer.body as { id?: Id })?.id;
	if (answer.status !== 200 || entryId === undefined)
		return `v1 POST /lists/{id}/list-entries answered ${answer.status}`;
	// The entry goes with its company.
	return (ctx.found.entry = { listId, entryId });
}

const byHundred = (n: number) =>
	Array.from({ length: n }, (_, i) => ({
		streetAddress: null,
		city: `Check ${i + 1}`,
		state: null,
		country: null,
		continent: null,
	}));

export const FACTS: Fact[] = [
	{
		id: 'company-filter-ignored',
		fact: 'GET /v2/companies ignores `filter`: a filter that matches nothing returns companies (200)',
		calls: 6,
		probe: ignoredFilter('/v2/companies', 'name', 'company'),
	},
	{
		id: 'person-filter-ignored',
		fact: 'GET /v2/persons ignores `filter` (200, unfiltered)',
		calls: 6,
		probe: ignoredFilter('/v2/persons', 'firstName', 'person'),
	},
	{
		id: 'opportunity-filter-ignored',
		fact: 'GET /v2/opportunities ignores `filter` (200, unfiltered)',
		calls: 6,
		probe: ignoredFilter('/v2/opportunities', 'name', 'opportunity'),
	},
	{
		id: 'filter-whole-second',
		fact: 'A date-time inside a v2 `filter` with fractional seconds is refused (400)',
		calls: 2,
		probe: async (ctx) => {
			const at = (t: string) =>
				ctx.call('GET', `/v2/notes?limit=1&filter=${encodeURIComponent(`createdAt > ${t}`)}`);
			const fraction = await at('2020-01-01T00:00:00.500Z');
			if (fraction.status === 400)
				return confirmed(`createdAt > …00.500Z: 400 (${errorOf(fraction.body)})`);
			if (fraction.status !== 200)
				return failed(`GET /v2/notes?filter= answered ${fraction.status}`);
			return contradicted('createdAt > …00.500Z: 200, the fraction was accepted');
		},
	},
	{
		id: 'v1-write-v2-read-lag',
		fact: 'After a v1 create, a v2 GET of the record can 404 for a while (about 100–500 ms)',
		write: true,
		calls: 8,
		probe: async (ctx) => {
			const start = Date.now();
			const id = await company(ctx, 'facts company');
			if (id === undefined) return failed('v1 POST /organizations made no company');
			ctx.found.company = id;
			const read = await whenVisible(() => ctx.call('GET', `/v2/companies/${id}`));
			const ms = Date.now() - start;
			if (read.status === 404)
				return confirmed(
					`v2 still answered 404 ${ms} ms after the v1 create (${read.tries} reads)`,
				);
			if (read.status !== 200) return failed(`GET /v2/companies/{id} answered ${read.status}`);
			return read.tries === 1
				? contradicted('v2 read the company v1 had just made at once (200 on the first read)')
				: confirmed(
						`v2 answered 404 ${read.tries - 1} time(s), then 200 about ${ms} ms after the v1 create`,
					);
		},
	},
	{
		id: 'merged-read-422',
		fact: 'Reading a merged-away company answers 422 "<id> no longer exists as it has been merged into <id>", not 404',
		write: true,
		calls: 14,
		probe: async (ctx) => {
			const primary =
				(ctx.found.company as Id | undefined) ?? (await company(ctx, 'facts company'));
			ctx.found.company = primary;
			const duplicate = await company(ctx, 'facts company to merge');
			if (primary === undefined || duplicate === undefined)
				return failed('v1 POST /organizations made no company');
			const merge = await whenVisible(async () => {
				const a = await ctx.call('POST', '/v2/company-merges', {
					primaryCompanyId: Number(primary),
					duplicateCompanyId: Number(duplicate),
				});
				// A company v1 just made may not be known to v2 yet: "not found" is retried.
				return a.status === 400 && /not found/i.test(JSON.stringify(a.body))
					? { ...a, status: 404 }
					: a;
			});
			if (merge.status === 403) return unobservable('the key may not merge companies (403)');
			const taskUrl = (merge.body as { taskUrl?: string })?.taskUrl;
			if (merge.status !== 202 || !taskUrl)
				return failed(`POST /v2/company-merges answered ${merge.status} (${errorOf(merge.body)})`);
			const taskPath = new URL(taskUrl).pathname;
			let status = '';
			for (const ms of [0, ...WAITS_MS]) {
				await wait(ms);
				const task = await ctx.call('GET', taskPath);
				status = String((task.body as { status?: string })?.status ?? task.status);
				if (status !== 'in-progress') break;
			}
			if (status !== 'success') return failed(`the merge task ended ${status}`);
			untrack(ctx, duplicate);
			ctx.removed.push({ what: 'company (merged)', id: duplicate });
			const read = await ctx.call('GET', `/v2/companies/${duplicate}`);
			const message = JSON.stringify(read.body);
			const named = message.includes(
				`${duplicate} no longer exists as it has been merged into ${primary}`,
			);
			if (read.status === 422 && named)
				return confirmed(
					`GET of the merged-away company: 422 (${errorOf(read.body)}), naming both ids`,
				);
			if (read.status === 422)
				return contradicted(`422 (${errorOf(read.body)}), without the recorded message`);
			return contradicted(`GET of the merged-away company: ${read.status}`);
		},
	},
	{
		id: 'empty-page-next-url',
		fact: 'A v2 page can be empty and still carry a nextUrl (paging must go on)',
		scan: emptyPages,
	},
	{
		id: 'date-field-pacific-day',
		fact: 'A date field written as a date-time keeps the Pacific calendar date of the instant, at midnight Pacific (disputed: the UTC date)',
		write: true,
		calls: 12,
		probe: async (ctx) => {
			const entry = await sandboxEntry(ctx);
			if (typeof entry === 'string') return unobservable(entry);
			const field = await listField(ctx, entry.listId, 'facts date', 4, false);
			if (field === undefined) return failed('v1 POST /fields made no date field');
			const path = `/v2/lists/${entry.listId}/list-entries/${entry.entryId}/fields/field-${field}`;
			const keep = async (data: string) => {
				const w = await whenVisible(() =>
					ctx.call('POST', path, { value: { type: 'datetime', data } }),
				);
				if (w.status >= 300)
					throw new Error(`writing ${data.slice(10)} answered ${w.status} (${errorOf(w.body)})`);
				const r = await whenVisible(() => ctx.call('GET', path));
				if (r.status !== 200) throw new Error(`reading it back answered ${r.status}`);
				return (r.body as { value?: { data?: unknown } })?.value?.data;
			};
			try {
				return pacificDay(await keep('2024-04-01T00:00:00Z'), await keep('2024-04-01T12:00:00Z'));
			} catch (error) {
				return failed((error as Error).message);
			}
		},
	},
	{
		id: 'interaction-internal-and-external',
		fact: 'v1 POST /interactions needs an internal and an external person: internal only is refused',
		write: true,
		calls: 4,
		probe: async (ctx) => {
			const me = await someId(ctx, '/v2/persons', (p) => p.type === 'internal');
			if (me === undefined)
				return unobservable('no internal person found in the first page of persons');
			const answer = await ctx.call('POST', '/interactions', {
				type: 0,
				person_ids: [Number(me)],
				content: marker(ctx.runId, 'facts meeting (internal only)'),
				date: new Date().toISOString(),
			});
			const id = (answer.body as { id?: Id })?.id;
			if (answer.status < 300 && id !== undefined) {
				const removal = await ctx.call('DELETE', `/interactions/${id}?type=0`);
				if (removal.status < 300 || removal.status === 404)
					ctx.removed.push({ what: 'interaction', id });
				else
					ctx.left.push({ what: 'interaction', id, reason: `DELETE answered ${removal.status}` });
				return contradicted(
					`a meeting with one internal person only was made (${answer.status}), then removed`,
				);
			}
			return answer.status === 422 || answer.status === 400
				? confirmed(`a meeting with one internal person only: ${answer.status}, nothing made`)
				: failed(`v1 POST /interactions answered ${answer.status}`);
		},
	},
	{
		id: 'multi-value-cap-100',
		fact: 'A location-multi write takes at most 100 values (101 is refused; dropdown-multi has no cap)',
		write: true,
		calls: 6,
		probe: async (ctx) => {
			const entry = await sandboxEntry(ctx);
			if (typeof entry === 'string') return unobservable(entry);
			const field = await listField(ctx, entry.listId, 'facts locations', 5, true);
			if (field === undefined) return failed('v1 POST /fields made no location field');
			const path = `/v2/lists/${entry.listId}/list-entries/${entry.entryId}/fields/field-${field}`;
			const write = (n: number) =>
				whenVisible(() =>
					ctx.call('POST', path, { value: { type: 'location-multi', data: byHundred(n) } }),
				);
			const hundred = await write(100);
			if (hundred.status >= 300)
				return failed(
					`100 locations were refused too: ${hundred.status} (${errorOf(hundred.body)})`,
				);
			const more = await write(101);
			return more.status === 400
				? confirmed(`100 locations accepted, 101 refused: 400 (${errorOf(more.body)})`)
				: contradicted(`100 locations accepted, 101 answered ${more.status}`);
		},
	},
	{
		id: 'users-are-persons',
		fact: 'Users are internal persons with the same id: whoami user.id reads as a person',
		calls: 2,
		probe: async (ctx) => {
			const whoami = ctx.proxy.exchanges.find(
				(e) => e.path === '/v2/auth/whoami' && e.status === 200,
			);
			const userId = (whoami?.body as { user?: { id?: Id } })?.user?.id;
			if (userId === undefined) return failed('no whoami answer with a user id');
			const read = await ctx.call('GET', `/v2/persons/${userId}`);
			const type = (read.body as { type?: string })?.type;
			if (read.status === 200)
				return type === 'internal'
					? confirmed('GET /v2/persons/{whoami user.id}: 200, an internal person')
					: contradicted(`GET /v2/persons/{whoami user.id}: 200, a person of type ${type}`);
			return read.status === 404
				? contradicted('GET /v2/persons/{whoami user.id}: 404, no person has the user id')
				: failed(`GET /v2/persons/{id} answered ${read.status}`);
		},
	},
	{
		id: 'texts-link-objects',
		fact: 'filterable-text-multi values can hold {link, text} objects instead of strings',
		scan: linkTexts,
	},
	{
		id: 'file-link-other-host',
		fact: 'A v1 download redirects to a signed link on another host (credentials must not follow)',
		scan: (exchanges, ctx) => fileLinkHost(exchanges, ctx.apiHost),
	},
	{
		id: 'v1-upload-entity-files',
		fact: 'v1 POST /entity-files answers {success: true, entity_files: [{id, name, size, …}]}',
		scan: uploadAnswers,
	},
	{
		id: 'v1-timestamps-utc',
		fact: 'v1 timestamps (created_at…) are UTC `Z` with milliseconds (field-value changes aside)',
		scan: v1Timestamps,
	},
	{
		id: 'v1-organization-crunchbase',
		fact: 'A v1 organization carries `crunchbase_uuid` (null)',
		calls: 2,
		probe: async (ctx) => {
			const id = await someId(ctx, '/v2/companies');
			if (id === undefined) return unobservable('the account has no company');
			const read = await ctx.call('GET', `/organizations/${id}`);
			if (read.status !== 200) return failed(`v1 GET /organizations/{id} answered ${read.status}`);
			const body = read.body as Record<string, unknown>;
			return 'crunchbase_uuid' in body
				? confirmed(
						`crunchbase_uuid present (${body.crunchbase_uuid === null ? 'null' : typeof body.crunchbase_uuid})`,
					)
				: contradicted(`no crunchbase_uuid: keys {${Object.keys(body).sort().join(', ')}}`);
		},
	},
	{
		id: 'v1-basic-any-user',
		fact: 'v1 takes Basic auth with any user name and the key as password',
		calls: 2,
		probe: async (ctx) => {
			const id = await someId(ctx, '/v2/companies');
			if (id === undefined) return unobservable('the account has no company to read');
			const basic = Buffer.from(`n8n-live-check:${ctx.apiKey}`).toString('base64');
			const read = await ctx.call('GET', `/organizations/${id}`, undefined, {
				authorization: `Basic ${basic}`,
			});
			return read.status === 200
				? confirmed('v1 GET /organizations/{id} with Basic n8n-live-check:<key>: 200')
				: contradicted(`v1 GET with Basic and another user name: ${read.status}`);
		},
	},
	{
		id: 'v1-field-options-integers',
		fact: 'v1 field rows give dropdown options an integer rank and an integer color 0–6',
		calls: 1,
		probe: async (ctx) => {
			const read = await ctx.call('GET', '/fields');
			if (read.status === 200 && Array.isArray(read.body)) return v1FieldRows(read.body);
			// Else the v1 field rows the write plan's creates answered.
			const rows = ctx.proxy.exchanges
				.filter((e) => e.method === 'POST' && e.path === '/fields' && e.status === 200)
				.map((e) => e.body);
			return rows.length
				? v1FieldRows(rows)
				: unobservable(`v1 GET /fields answered ${read.status}; no v1 field row seen`);
		},
	},
	{
		id: 'dropdown-multi-empty-null',
		fact: 'An empty dropdown-multi reads as `data: null`, not []',
		scan: emptyDropdownMulti,
	},
	{
		id: 'formats-not-guaranteed',
		fact: 'Person e-mails and company domains do not always satisfy format email / hostname',
		scan: malformedFormats,
	},
	{
		id: 'multi-value-total-count',
		fact: 'A multi-value read stops at 100 values and carries totalCount',
		scan: multiValueTotals,
	},
	{
		id: 'hidden-field-shape',
		fact: 'A hidden field is field type "hidden" with value {type: <valueType>, data: null} (disputed: value type "hidden")',
		scan: hiddenFields,
	},
	{
		id: 'v2-list-size',
		fact: 'V2 lists carry an undocumented, wrong `listSize`; v1 `list_size` is right',
		unobservable: 'not probed: the pack reads neither listSize nor v1 list_size',
	},
	{
		id: 'v1-note-underscores',
		fact: 'v1 note content comes back with underscores escaped',
		unobservable: 'not probed: the pack reads no v1 note',
	},
	{
		id: 'rate-limit-header-names',
		fact: 'Rate-limit headers are X-Ratelimit-Limit-User(-Remaining, -Reset) and -Org…; no X-RateLimit-Remaining',
		scan: rateLimitHeaders,
	},
	{
		id: 'v1-rate-limit-shape',
		fact: 'v1 GET /rate-limit answers {rate: {api_key_per_minute, org_monthly?}}',
		unobservable: 'not probed: the pack reads v2 GET /v2/rate-limit only',
	},
	{
		id: 'version-echo',
		fact: 'Every v2 answer echoes the version that answered in X-Affinity-Api-Version',
		scan: (exchanges, ctx) => versionEcho(exchanges, ctx.apiVersion),
	},
	{
		id: 'unknown-version-message',
		fact: 'An unknown version is 400 validation, param X-Affinity-Api-Version: "The provided version: \'<v>\' is not valid."',
		calls: 1,
		probe: async (ctx) => {
			const answer = await ctx.call('GET', '/v2/auth/whoami', undefined, {
				'x-affinity-api-version': '2026-01-01',
			});
			const first = (answer.body as { errors?: Array<Record<string, unknown>> })?.errors?.[0];
			const message = first?.message === "The provided version: '2026-01-01' is not valid.";
			const shape = `${answer.status} (${errorOf(answer.body)}), message ${message ? 'as recorded' : 'otherwise worded'}`;
			return answer.status === 400 &&
				first?.code === 'validation' &&
				first?.param === 'X-Affinity-Api-Version' &&
				message
				? confirmed(shape)
				: contradicted(shape);
		},
	},
	{
		id: 'edition-differences',
		fact: 'Editions differ (beta on 2024-01-01, GA from 2026-07-15; 2026-09-17 adds field description/isRequired)',
		unobservable: 'not probed: the pack pins 2026-07-15',
	},
	{
		id: 'error-envelope',
		fact: 'v2 errors are {"errors": [{"code", "message", "param"?}]}',
		scan: errorEnvelopes,
	},
	{
		id: 'html-5xx',
		fact: 'A 5xx answer can be an HTML page, not JSON',
		scan: html5xx,
	},
	{
		id: 'v2-next-url-absolute',
		fact: 'v2 paging follows an absolute pagination.nextUrl',
		scan: absoluteNextUrls,
	},
	{
		id: 'field-metadata-paged',
		fact: 'v2 */fields metadata answers are paged',
		scan: pagedFieldMetadata,
	},
	{
		id: 'list-entries-filter-ignored',
		fact: 'GET /v2/lists/{id}/list-entries ignores `filter`',
		calls: 6,
		probe: async (ctx) => {
			const listId = await someId(ctx, '/v2/lists');
			if (listId === undefined) return unobservable('the account has no list');
			return ignoredFilter(`/v2/lists/${listId}/list-entries`, 'name', 'list entry')(ctx);
		},
	},
	{
		id: 'list-entries-no-fields',
		fact: 'List entries carry no field values unless fieldIds or fieldTypes are given',
		calls: 6,
		probe: async (ctx) => {
			const listId = await someId(ctx, '/v2/lists');
			if (listId === undefined) return unobservable('the account has no list');
			const answer = await firstPage(ctx, `/v2/lists/${listId}/list-entries?limit=5`);
			if (answer.status !== 200)
				return failed(`GET /v2/lists/{id}/list-entries answered ${answer.status}`);
			const entries = dataOf(answer.body);
			if (!entries.length) return unobservable('the first list has no entry');
			const withValues = entries.filter((e) => {
				const fields = (e.entity as { fields?: unknown } | undefined)?.fields;
				return Array.isArray(fields) && fields.length > 0;
			}).length;
			return withValues
				? contradicted(`${withValues} of ${entries.length} entries carried field values unasked`)
				: confirmed(`${entries.length} entries, none with field values`);
		},
	},
	{
		id: 'person-type-internal-external',
		fact: 'v2 persons are internal, external or collaborator, never "person"',
		scan: personTypes,
	},
	{
		id: 'field-metadata-no-options',
		fact: 'v2 field metadata omits dropdown options',
		scan: metadataOptions,
	},
	{
		id: 'v1-interactions-read',
		fact: 'v1 GET /interactions needs type, start_time, end_time and one entity; results under events/emails/chat_messages',
		unobservable: 'not probed: the pack reads interactions with v2',
	},
	{
		id: 'v1-interaction-dates',
		fact: 'v1 GET /organizations|persons/{id} add interaction_dates with with_interaction_dates=true',
		unobservable: 'not probed: the pack does not ask for interaction dates',
	},
	{
		id: 'v1-search',
		fact: 'v1 GET /organizations?term= and /persons?term= answer {organizations|persons, next_page_token}',
		unobservable: 'not probed: the pack searches with v2',
	},
	{
		id: 'reference-values-objects',
		fact: 'v2 person/company values are written as {"id": n}; a raw integer is refused (400)',
		unobservable: 'not probed: the pack always writes objects',
	},
	{
		id: 'enriched-writes-v1',
		fact: 'Most enriched fields are writable through v1 /field-values',
		unobservable: 'not probed: the pack writes enriched fields with neither version',
	},
	{
		id: 'global-company-read-only',
		fact: 'Companies with global: true cannot be modified or deleted',
		unobservable: 'would write to a record shared across accounts, which the check never does',
	},
	{
		id: 'no-transactions',
		fact: 'The API has no transactions: earlier writes of a failed sequence stay applied',
		unobservable: 'needs a sequence the API fails half-way, which a key cannot bring about',
	},
	{
		id: 'webhook-retries',
		fact: 'Webhook deliveries: sample.webhook on subscribe, no signature, retries for up to 10 hours',
		unobservable:
			'retries need a receiver that fails for hours; the round trip (--webhook-url) checks a delivery',
	},
	{
		id: 'webhook-field-value-body',
		fact: 'field_value webhook bodies name the value, not its entity type',
		unobservable: 'not probed: the round trip checks a list entry event',
	},
	{
		id: 'v1-webhook-list',
		fact: 'v1 GET /webhook answers a bare array',
		unobservable: 'not probed: the pack manages webhooks with v2',
	},
	{
		id: 'id-magnitudes',
		fact: 'Real ids stay below 2^31 where seen',
		unobservable: 'not a behaviour to decide: the pack assumes no range',
	},
	{
		id: 'masked-subjects',
		fact: 'v2 emails show subject "********" to users who may not see it',
		unobservable: 'needs an e-mail the key may not see',
	},
	{
		id: 'null-arrays',
		fact: 'v2 answers may send null for empty emails, domains and id arrays',
		scan: nullArrays,
	},
	{
		id: 'saved-view-filtering',
		fact: 'Saved views are the only server-side filtering of list entries',
		unobservable: 'not a behaviour one call decides',
	},
];

/** Runs every fact: the probes (those that write, with --write), then the scans. */
export async function runFacts(ctx: FactContext, facts: Fact[] = FACTS): Promise<FactResult[]> {
	const verdicts = new Map<string, Verdict>();
	const spent = new Map<string, number>();
	try {
		for (const fact of facts) {
			if (!fact.probe) continue;
			if (ctx.stopped) {
				verdicts.set(fact.id, unobservable('the run was interrupted'));
				continue;
			}
			if (fact.write && !ctx.write) {
				verdicts.set(fact.id, unobservable('a write: run with --write'));
				continue;
			}
			// Two calls a thing made are kept back for its removal.
			const keep = 2 * (cleanups.get(ctx)?.length ?? 0) + (fact.write ? 6 : 0);
			if (ctx.proxy.remaining < (fact.calls ?? 1) + keep) {
				verdicts.set(fact.id, unobservable('the call budget was spent'));
				continue;
			}
			const before = ctx.proxy.exchanges.length;
			try {
				verdicts.set(fact.id, await fact.probe(ctx));
			} catch (error) {
				verdicts.set(fact.id, failed((error as Error).message));
			}
			spent.set(fact.id, ctx.proxy.exchanges.length - before);
		}
	} finally {
		await cleanUp(ctx);
	}
	const exchanges = ctx.proxy.exchanges;
	return facts.map((fact) => {
		const verdict =
			verdicts.get(fact.id) ??
			(fact.scan ? fact.scan(exchanges, ctx) : unobservable(fact.unobservable ?? 'no probe'));
		return { id: fact.id, fact: fact.fact, ...verdict, calls: spent.get(fact.id) ?? 0 };
	});
}
