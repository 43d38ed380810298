import type { Exchange } from './proxy';

/**
 * The pure parts of the live facts (facts.ts): what an answer, or every answer of the run,
 * shows about one behaviour of the API. Each returns a verdict, or undefined when the answers
 * hold nothing that decides it.
 */

export type FactStatus = 'confirmed' | 'contradicted' | 'not observable' | 'error';

export interface Verdict {
	status: FactStatus;
	/** What the check saw: ids, counts, statuses and shapes, never names or e-mail addresses. */
	seen: string;
}

export const confirmed = (seen: string): Verdict => ({ status: 'confirmed', seen });
export const contradicted = (seen: string): Verdict => ({ status: 'contradicted', seen });
export const unobservable = (seen: string): Verdict => ({ status: 'not observable', seen });
export const failed = (seen: string): Verdict => ({ status: 'error', seen });

const isV2 = (e: Exchange) => e.path.startsWith('/v2/');
const isV1 = (e: Exchange) => !isV2(e) && !e.path.startsWith('/_emulator');
const ok = (e: Exchange) => !e.refused && e.status >= 200 && e.status < 300;

/** Calls `visit` on every object inside `value`, with the property name it was found under. */
export function walk(
	value: unknown,
	visit: (object: Record<string, unknown>, key: string | undefined) => void,
	key?: string,
): void {
	if (Array.isArray(value)) {
		for (const item of value) walk(item, visit, key);
		return;
	}
	if (!value || typeof value !== 'object') return;
	const object = value as Record<string, unknown>;
	visit(object, key);
	for (const [name, inner] of Object.entries(object)) walk(inner, visit, name);
}

/** Field values (`{type, data}`) of every v2 answer of the run. */
function values(
	exchanges: Exchange[],
): Array<{ type: string; data: unknown; totalCount?: unknown }> {
	const out: Array<{ type: string; data: unknown; totalCount?: unknown }> = [];
	for (const e of exchanges.filter((x) => isV2(x) && ok(x)))
		walk(e.body, (o) => {
			if (typeof o.type === 'string' && 'data' in o && Object.keys(o).length <= 3)
				out.push(o as { type: string; data: unknown; totalCount?: unknown });
		});
	return out;
}

/** A v2 page that is empty yet names a next page; the node must follow it. */
export function emptyPages(exchanges: Exchange[]): Verdict {
	const pages = exchanges.filter(
		(e) =>
			isV2(e) &&
			ok(e) &&
			e.method === 'GET' &&
			Array.isArray((e.body as { data?: unknown })?.data) &&
			(e.body as { pagination?: unknown }).pagination !== undefined,
	);
	const empty = pages.filter((e) => {
		const body = e.body as { data: unknown[]; pagination?: { nextUrl?: string | null } };
		return body.data.length === 0 && !!body.pagination?.nextUrl;
	});
	if (!empty.length)
		return unobservable(
			`no empty page with a nextUrl among the ${pages.length} pages read (it shows only when it happens)`,
		);
	// Each was followed: a later call asked for the page its nextUrl named.
	const followed = empty.filter((e) => {
		const next = new URL((e.body as { pagination: { nextUrl: string } }).pagination.nextUrl);
		return exchanges.some(
			(x) => x.seq > e.seq && x.path === next.pathname && x.query === next.search,
		);
	});
	return confirmed(
		`${empty.length} of ${pages.length} pages read were empty with a nextUrl; ${followed.length} of them followed`,
	);
}

/** v2's `pagination.nextUrl` is an absolute URL. */
export function absoluteNextUrls(exchanges: Exchange[]): Verdict {
	const next = exchanges
		.filter((e) => isV2(e) && ok(e))
		.map((e) => (e.body as { pagination?: { nextUrl?: unknown } })?.pagination?.nextUrl)
		.filter((u): u is string => typeof u === 'string');
	if (!next.length) return unobservable('no page named a next page');
	const relative = next.filter((u) => !/^https?:\/\//.test(u));
	return relative.length
		? contradicted(`${relative.length} of ${next.length} nextUrls were not absolute`)
		: confirmed(`${next.length} nextUrls, all absolute`);
}

/** Truncated multi-values (100 shown) carry `totalCount`. */
export function multiValueTotals(exchanges: Exchange[]): Verdict {
	const full = values(exchanges).filter(
		(v) => v.type.endsWith('-multi') && Array.isArray(v.data) && v.data.length >= 100,
	);
	if (!full.length)
		return unobservable(
			'no multi-value with 100 values was read (needs a field with > 100 values)',
		);
	const without = full.filter((v) => typeof v.totalCount !== 'number');
	return without.length
		? contradicted(
				`${without.length} of ${full.length} multi-values of 100 values had no totalCount (${[...new Set(without.map((v) => v.type))].join(', ')})`,
			)
		: confirmed(`${full.length} multi-values of 100 values, each with totalCount`);
}

/** An empty dropdown-multi reads as `data: null`. */
export function emptyDropdownMulti(exchanges: Exchange[]): Verdict {
	const multi = values(exchanges).filter((v) => v.type === 'dropdown-multi');
	const nulls = multi.filter((v) => v.data === null).length;
	const empty = multi.filter((v) => Array.isArray(v.data) && v.data.length === 0).length;
	if (empty)
		return contradicted(`${empty} empty dropdown-multi values read as [] (${nulls} as null)`);
	return nulls
		? confirmed(`${nulls} empty dropdown-multi values read as null`)
		: unobservable(`no empty dropdown-multi value read (${multi.length} dropdown-multi values)`);
}

/** filterable-text-multi values may hold `{link, text}` objects. */
export function linkTexts(exchanges: Exchange[]): Verdict {
	const texts = values(exchanges).filter(
		(v) => v.type === 'filterable-text-multi' && Array.isArray(v.data),
	);
	const objects = texts.filter((v) =>
		(v.data as unknown[]).some((d) => d !== null && typeof d === 'object'),
	);
	if (objects.length) {
		const shapes = new Set(
			objects.flatMap((v) =>
				(v.data as unknown[])
					.filter((d) => d !== null && typeof d === 'object')
					.map(
						(d) =>
							`{${Object.keys(d as object)
								.sort()
								.join(', ')}}`,
					),
			),
		);
		return confirmed(
			`${objects.length} filterable-text-multi values held objects ${[...shapes].join(' ')}`,
		);
	}
	return unobservable(
		`${texts.length} filterable-text-multi values read, all strings (needs LinkedIn-style entries)`,
	);
}

/** A hidden field: field-level `type: "hidden"` and value `{type: <valueType>, data: null}`. */
export function hiddenFields(exchanges: Exchange[]): Verdict {
	let fieldLevel = 0;
	let valueLevel = 0;
	for (const e of exchanges.filter((x) => isV2(x) && ok(x)))
		walk(e.body, (o) => {
			const value = o.value as { type?: unknown; data?: unknown } | undefined;
			if (typeof o.id !== 'string' || !value || typeof value !== 'object') return;
			if (o.type === 'hidden' && value.type !== 'hidden') fieldLevel++;
			else if (value.type === 'hidden') valueLevel++;
		});
	if (valueLevel)
		return contradicted(
			`${valueLevel} hidden values read as {type: "hidden", data: null} (${fieldLevel} field-level)`,
		);
	return fieldLevel
		? confirmed(`${fieldLevel} fields of type "hidden" with their value type kept`)
		: unobservable('no hidden field read (needs a restricted opportunity the key cannot manage)');
}

const ARRAY_PROPERTIES = [
	'emails',
	'emailAddresses',
	'domains',
	'organizationIds',
	'personIds',
	'opportunityIds',
	'companyIds',
];

/** Empty id and address arrays come as `null` in some answers. */
export function nullArrays(exchanges: Exchange[]): Verdict {
	const seen = new Map<string, number>();
	let arrays = 0;
	for (const e of exchanges.filter((x) => isV2(x) && ok(x)))
		walk(e.body, (o) => {
			for (const name of ARRAY_PROPERTIES) {
				if (!(name in o)) continue;
				if (o[name] === null) seen.set(name, (seen.get(name) ?? 0) + 1);
				else if (Array.isArray(o[name])) arrays++;
			}
		});
	if (seen.size)
		return confirmed(
			`null for ${[...seen].map(([name, n]) => `${name} (${n})`).join(', ')}; ${arrays} arrays`,
		);
	return unobservable(
		`${arrays} such arrays read, none null (the API may send null; none did here)`,
	);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i;

/** Person e-mails and company domains do not always satisfy `format: email` / `hostname`. */
export function malformedFormats(exchanges: Exchange[]): Verdict {
	let emails = 0;
	let domains = 0;
	let badEmails = 0;
	let badDomains = 0;
	for (const e of exchanges.filter((x) => isV2(x) && ok(x)))
		walk(e.body, (o) => {
			for (const name of ['primaryEmailAddress', 'emailAddresses', 'emailAddress']) {
				const list = Array.isArray(o[name]) ? (o[name] as unknown[]) : [o[name]];
				for (const v of list.filter((x): x is string => typeof x === 'string')) {
					emails++;
					if (!EMAIL.test(v)) badEmails++;
				}
			}
			if (typeof o.name === 'string' && ('domain' in o || 'domains' in o))
				for (const v of [o.domain, ...((o.domains as unknown[]) ?? [])].filter(
					(x): x is string => typeof x === 'string',
				)) {
					domains++;
					if (!HOSTNAME.test(v)) badDomains++;
				}
		});
	if (badEmails || badDomains)
		return confirmed(
			`${badEmails} of ${emails} e-mail addresses and ${badDomains} of ${domains} domains break their format`,
		);
	return unobservable(`${emails} e-mail addresses and ${domains} domains read, all well formed`);
}

/** v2 persons are `internal`, `external` or `collaborator`, never `person`. */
export function personTypes(exchanges: Exchange[]): Verdict {
	const types = new Map<string, number>();
	for (const e of exchanges.filter(
		(x) => ok(x) && x.method === 'GET' && /^\/v2\/persons(\/\d+)?$/.test(x.path),
	)) {
		const body = e.body as { data?: unknown[] } | undefined;
		const persons = Array.isArray(body?.data) ? body.data : [body];
		for (const p of persons as Array<{ type?: unknown }>)
			if (p && typeof p.type === 'string') types.set(p.type, (types.get(p.type) ?? 0) + 1);
	}
	if (!types.size) return unobservable('no person was read');
	const list = [...types].map(([t, n]) => `${t} (${n})`).join(', ');
	const other = [...types.keys()].filter(
		(t) => !['internal', 'external', 'collaborator'].includes(t),
	);
	return other.length ? contradicted(`person types ${list}`) : confirmed(`person types ${list}`);
}

/** Rate-limit headers by their names: the user and org buckets, no `X-RateLimit-Remaining`. */
export function rateLimitHeaders(exchanges: Exchange[]): Verdict {
	const answered = exchanges.filter((e) => !e.refused && e.headers);
	if (!answered.length) return unobservable('no answer was read');
	const names = new Set(
		answered.flatMap((e) => Object.keys(e.headers!).filter((n) => /ratelimit/i.test(n))),
	);
	const list = [...names].sort().join(', ') || 'none';
	const user = [
		'x-ratelimit-limit-user',
		'x-ratelimit-limit-user-remaining',
		'x-ratelimit-limit-user-reset',
	];
	const missing = user.filter((n) => !names.has(n));
	if (names.has('x-ratelimit-remaining') || missing.length)
		return contradicted(`rate-limit headers: ${list}`);
	return confirmed(`rate-limit headers: ${list}`);
}

/** Every v2 answer names the version that answered; the version asked for. */
export function versionEcho(exchanges: Exchange[], asked: string): Verdict {
	const v2 = exchanges.filter((e) => isV2(e) && !e.refused && e.status < 500);
	if (!v2.length) return unobservable('no v2 answer was read');
	const declared = new Map<string, number>();
	for (const e of v2)
		declared.set(e.version ?? 'none', (declared.get(e.version ?? 'none') ?? 0) + 1);
	const list = [...declared].map(([v, n]) => `${v} (${n})`).join(', ');
	const wrong = v2.filter((e) => !e.version || (asked && e.version !== asked && e.status < 400));
	return wrong.length
		? contradicted(
				`${wrong.length} of ${v2.length} v2 answers did not echo ${asked || 'a version'}: ${list}`,
			)
		: confirmed(`v2 answers declared ${list}`);
}

/** v2 errors are `{"errors": [{"code", "message", "param"?}]}`. */
export function errorEnvelopes(exchanges: Exchange[]): Verdict {
	const errors = exchanges.filter(
		(e) => isV2(e) && !e.refused && e.status >= 400 && e.status < 500,
	);
	if (!errors.length) return unobservable('no v2 4xx answer was read');
	const bad = errors.filter((e) => {
		const list = (e.body as { errors?: unknown })?.errors;
		return (
			!Array.isArray(list) ||
			!list.length ||
			list.some(
				(x: { code?: unknown; message?: unknown }) =>
					typeof x?.code !== 'string' || typeof x?.message !== 'string',
			)
		);
	});
	const statuses = [...new Set(errors.map((e) => e.status))].join(', ');
	return bad.length
		? contradicted(
				`${bad.length} of ${errors.length} v2 4xx answers (${statuses}) had another body`,
			)
		: confirmed(`${errors.length} v2 4xx answers (${statuses}), each {errors: [{code, message}]}`);
}

/** A 5xx can be an HTML page, not JSON. */
export function html5xx(exchanges: Exchange[]): Verdict {
	const fives = exchanges.filter((e) => !e.refused && e.status >= 500);
	if (!fives.length)
		return unobservable('no 5xx answer in this run (it shows only when it happens)');
	const other = fives.filter((e) => e.nonJson);
	return other.length
		? confirmed(`${other.length} of ${fives.length} 5xx answers were not JSON`)
		: unobservable(`${fives.length} 5xx answers, all JSON`);
}

/** `*​/fields` metadata answers are paged. */
export function pagedFieldMetadata(exchanges: Exchange[]): Verdict {
	const fields = exchanges.filter(
		(e) =>
			isV2(e) &&
			ok(e) &&
			e.method === 'GET' &&
			/\/fields$/.test(e.path) &&
			!/list-entries|\/\d+\/fields$/.test(e.path),
	);
	if (!fields.length) return unobservable('no field metadata was read');
	const paged = fields.filter(
		(e) => (e.body as { pagination?: unknown })?.pagination !== undefined,
	);
	return paged.length === fields.length
		? confirmed(`${fields.length} field metadata answers, each with pagination`)
		: contradicted(
				`${fields.length - paged.length} of ${fields.length} field metadata answers had no pagination`,
			);
}

/** V2 field metadata omits dropdown options. */
export function metadataOptions(exchanges: Exchange[]): Verdict {
	let dropdowns = 0;
	let withOptions = 0;
	for (const e of exchanges.filter(
		(x) => isV2(x) && ok(x) && x.method === 'GET' && /\/fields$/.test(x.path),
	))
		for (const f of ((e.body as { data?: unknown[] })?.data ?? []) as Array<
			Record<string, unknown>
		>) {
			if (typeof f?.valueType !== 'string' || !/dropdown/.test(f.valueType)) continue;
			dropdowns++;
			if (Object.keys(f).some((k) => /option/i.test(k))) withOptions++;
		}
	if (!dropdowns) return unobservable('no dropdown field in the field metadata read');
	return withOptions
		? contradicted(`${withOptions} of ${dropdowns} dropdown fields carried options`)
		: confirmed(`${dropdowns} dropdown fields, none with options`);
}

export type TimestampForm = 'utc' | 'offset' | 'other';

/** `…Z` (UTC, any fraction) or `±hh:mm` (an offset, as 2020-04-27T15:35:43.383953-07:00). */
export function timestampForm(text: string): TimestampForm {
	if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(text)) return 'utc';
	if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/.test(text)) return 'offset';
	return 'other';
}

/** v1 timestamps (created_at and the like, field-value changes aside) are UTC `Z` with milliseconds. */
export function v1Timestamps(exchanges: Exchange[]): Verdict {
	const forms = new Map<string, number>();
	const where = new Set<string>();
	for (const e of exchanges.filter((x) => isV1(x) && ok(x) && !/field-value-changes/.test(x.path)))
		walk(e.body, (o) => {
			for (const [key, value] of Object.entries(o)) {
				if (!/(_at|_date|^date)$/.test(key) || typeof value !== 'string' || !/T\d{2}:/.test(value))
					continue;
				const form = timestampForm(value);
				const ms = form === 'utc' && /\.\d{3}Z$/.test(value) ? ' with ms' : '';
				const micro = /\.\d{6}/.test(value) ? ' with µs' : '';
				const name = `${form}${ms}${micro}`;
				forms.set(name, (forms.get(name) ?? 0) + 1);
				if (form !== 'utc') where.add(`${key} of ${e.method} ${e.path.replace(/\d+/g, '{id}')}`);
			}
		});
	if (!forms.size) return unobservable('no v1 answer with a timestamp was read');
	const list = [...forms].map(([f, n]) => `${f} (${n})`).join(', ');
	return where.size
		? contradicted(`v1 timestamps: ${list}; not UTC: ${[...where].join(', ')}`)
		: confirmed(`v1 timestamps: ${list}`);
}

/** The signed link of a v1 download points at another host than the API's. */
export function fileLinkHost(exchanges: Exchange[], apiHost: string): Verdict {
	const redirects = exchanges.filter(
		(e) => /^\/entity-files\/download\//.test(e.path) && e.status >= 300 && e.status < 400,
	);
	const locations = redirects
		.map((e) => e.headers?.location)
		.filter((l): l is string => typeof l === 'string');
	if (!locations.length)
		return unobservable('no file was downloaded (needs a file in the account, or --write)');
	const hosts = locations.map((l) => new URL(l, `http://${apiHost}`).host);
	const same = hosts.filter((h) => h === apiHost).length;
	const expires = locations.filter((l) => /[?&]X-Amz-Expires=/i.test(l)).length;
	return same
		? contradicted(`${same} of ${locations.length} signed links on the API's own host`)
		: confirmed(
				`${locations.length} signed links on another host than the API's${expires ? ` (${expires} with X-Amz-Expires)` : ''}`,
			);
}

/** v1 POST /entity-files answers `{success: true, entity_files: [...]}`. */
export function uploadAnswers(exchanges: Exchange[]): Verdict {
	const uploads = exchanges.filter(
		(e) => e.method === 'POST' && e.path === '/entity-files' && ok(e),
	);
	if (!uploads.length) return unobservable('no file was uploaded (with --write one is)');
	const shapes = uploads.map((e) => {
		const body = e.body as { entity_files?: unknown } | undefined;
		if (!body || typeof body !== 'object') return 'no JSON body';
		const files = body.entity_files;
		const item = Array.isArray(files) ? (files[0] as object | undefined) : undefined;
		return `{${Object.keys(body).sort().join(', ')}}${item ? ` with files {${Object.keys(item).sort().join(', ')}}` : ''}`;
	});
	const withFiles = uploads.filter((e) =>
		Array.isArray((e.body as { entity_files?: unknown })?.entity_files),
	);
	return withFiles.length === uploads.length
		? confirmed(`upload answered ${[...new Set(shapes)].join('; ')}`)
		: contradicted(`upload answered ${[...new Set(shapes)].join('; ')}`);
}

/** v1 field rows: dropdown options with integer rank and colour (0–6). */
export function v1FieldRows(rows: unknown[]): Verdict {
	const options = (rows as Array<{ dropdown_options?: unknown }>).flatMap((r) =>
		Array.isArray(r?.dropdown_options)
			? (r.dropdown_options as Array<Record<string, unknown>>)
			: [],
	);
	if (!options.length)
		return unobservable(`${rows.length} v1 fields read, none with dropdown options`);
	const bad = options.filter(
		(o) =>
			!Number.isInteger(o.rank) ||
			!Number.isInteger(o.color) ||
			(o.color as number) < 0 ||
			(o.color as number) > 6,
	);
	const kinds = [...new Set(bad.map((o) => `rank ${typeof o.rank}, color ${typeof o.color}`))];
	return bad.length
		? contradicted(`${bad.length} of ${options.length} dropdown options: ${kinds.join('; ')}`)
		: confirmed(
				`${options.length} dropdown options of ${rows.length} fields, rank and color integers (color 0–6)`,
			);
}

/** The calendar day (YYYY-MM-DD) of a date field read back, and whether it has milliseconds. */
export function storedDay(text: unknown): { day?: string; form: string } {
	if (typeof text !== 'string') return { form: String(text) };
	const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/.exec(text);
	if (!m) return { form: 'not a date-time' };
	// Midnight Pacific is 07:00 or 08:00 UTC of the same calendar day.
	return { day: m[1], form: text.replace(/\d/g, 'n') };
}

/**
 * The day kept for `…T00:00:00Z` (March 31 in Pacific time, April 1 in UTC) and `…T12:00:00Z`
 * (April 1 either way), written as 2024-04-01.
 */
export function pacificDay(midnight: unknown, noon: unknown): Verdict {
	const a = storedDay(midnight);
	const b = storedDay(noon);
	if (!a.day || !b.day)
		return failed(`read back ${a.day ?? a.form} and ${b.day ?? b.form}, not date-times`);
	const seen = `T00:00:00Z kept ${a.day} (${midnight as string}), T12:00:00Z kept ${b.day} (${noon as string})`;
	if (a.day === '2024-03-31' && b.day === '2024-04-01') return confirmed(seen);
	if (a.day === '2024-04-01' && b.day === '2024-04-01')
		return contradicted(`${seen}: the UTC calendar date is kept`);
	return contradicted(seen);
}
