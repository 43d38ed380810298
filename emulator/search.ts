import type { RouteContext } from './context';
import {
	comparableValue,
	fieldSortKey,
	searchFilterOf,
	sortabilityOf,
	type SearchFilter,
} from './fieldRules';
import { badRequest } from './http';
import type { FieldCategory, FieldDef, InteractionData, StoredValue } from './model';
import { pacificCalendarDate } from './pacificDate';
import { decodeCursor, encodeCursor } from './pagination';
import type { Reply } from './router';
import { selectFields } from './routes/common';
import { boolValue } from './routes/support';
import { EDITION_2026_09_17, isAtLeast, type ApiVersion } from './versions';

/**
 * The SearchCriteria of POST /v2/companies/search, /v2/persons/search and
 * /v2/lists/{listId}/list-entries/search: a FilterGroup tree of ValueFilters, a search term,
 * sorts. Checked as the API checks it (each problem a 400 naming its member), then compiled into
 * a test and sort keys over records.
 */

/** What a search runs over: a record with an id and its field values (a person, a company, a list entry's view). */
export interface Searchable {
	id: number;
	values: { get(fieldId: string): StoredValue | undefined };
}

type Entity = Searchable;
type Test<R> = (record: R) => boolean;

export interface CompiledCriteria<R extends Entity> {
	test?: Test<R>;
	/** Lower-cased term, and the extra fields it is matched against. */
	term?: { text: string; fields: FieldDef[] };
	sorts: Array<{ key: (record: R) => string | number | null; sign: number }>;
}

const MAX_GROUP_ITEMS = 50;
const MAX_VALUES = 100;
const MAX_SORTS = 5;
const MIN_TERM = 3;

const isObject = (v: unknown): v is Record<string, unknown> =>
	!!v && typeof v === 'object' && !Array.isArray(v);

function onlyKeys(value: Record<string, unknown>, allowed: string[], at: string): void {
	for (const key of Object.keys(value)) {
		if (!allowed.includes(key))
			throw badRequest(
				`Unknown member "${key}"; expected ${allowed.join(', ')}`,
				at ? `${at}.${key}` : key,
			);
	}
}

const DAY_MS = 86_400_000;
const UNIT_MS: Record<string, number> = {
	minute: 60_000,
	hour: 3_600_000,
	day: DAY_MS,
	week: 7 * DAY_MS,
};

/** `now` moved by amount units (months, quarters and years by the calendar). */
function shifted(now: Date, amount: number, unit: string): number {
	if (UNIT_MS[unit]) return now.getTime() + amount * UNIT_MS[unit];
	const months = unit === 'month' ? amount : unit === 'quarter' ? 3 * amount : 12 * amount;
	const d = new Date(now);
	d.setUTCMonth(d.getUTCMonth() + months);
	return d.getTime();
}

/** The instant a date-valued filter compares: a date field's value, or an interaction's date. */
function instantOf(field: FieldDef, stored: StoredValue | undefined): string | null {
	if (!stored || stored.data === null) return null;
	if (field.valueType === 'interaction') {
		const data = stored.data as InteractionData;
		return data.sentAt ?? data.startTime ?? null;
	}
	return typeof stored.data === 'string' ? stored.data : null;
}

/** What a choice filter compares: option ids, person/company ids, texts, locations. */
function members(field: FieldDef, stored: StoredValue | undefined): unknown[] {
	if (!stored || stored.data === null) return [];
	const data = Array.isArray(stored.data) ? (stored.data as unknown[]) : [stored.data];
	return data.map((item) => {
		if (isObject(item) && 'dropdownOptionId' in item) return item.dropdownOptionId;
		if (
			isObject(item) &&
			'id' in item &&
			(field.valueType.startsWith('person') ||
				field.valueType.startsWith('company') ||
				field.valueType === 'list-multi')
		)
			return item.id;
		return item;
	});
}

function sameLocation(stored: unknown, wanted: Record<string, unknown>): boolean {
	if (!isObject(stored)) return false;
	return Object.entries(wanted).every(
		([key, value]) => String(stored[key] ?? '').toLowerCase() === String(value).toLowerCase(),
	);
}

function memberMatches(field: FieldDef, member: unknown, wanted: unknown): boolean {
	if (field.valueType.startsWith('location'))
		return sameLocation(member, wanted as Record<string, unknown>);
	if (isObject(wanted)) return member === (wanted.dropdownOptionId ?? wanted.id);
	return typeof member === 'string' && typeof wanted === 'string'
		? member.toLowerCase() === wanted.toLowerCase()
		: member === wanted;
}

function valueArray(
	value: unknown,
	at: string,
	check: (item: unknown, at: string) => void,
): unknown[] {
	if (!Array.isArray(value) || value.length < 1 || value.length > MAX_VALUES) {
		throw badRequest(`value must be an array of 1 to ${MAX_VALUES} values`, `${at}.value`);
	}
	value.forEach((item, i) => check(item, `${at}.value[${i}]`));
	return value;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkDate(value: unknown, at: string): string {
	if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value))) {
		throw badRequest(`Expected a date (YYYY-MM-DD); got ${JSON.stringify(value)}`, at);
	}
	return value;
}

function checkNumber(value: unknown, at: string): number {
	if (typeof value !== 'number' || !Number.isFinite(value))
		throw badRequest(`Expected a number; got ${JSON.stringify(value)}`, at);
	return value;
}

function checkRelative(
	value: unknown,
	at: string,
	units: string[],
	two: boolean,
	minimum = 0,
): { amount: number[]; unit: string } {
	if (!isObject(value)) throw badRequest('Expected {amount, unit}', `${at}.value`);
	onlyKeys(value, ['amount', 'unit'], `${at}.value`);
	if (typeof value.unit !== 'string' || !units.includes(value.unit)) {
		throw badRequest(`unit must be one of ${units.join(', ')}`, `${at}.value.unit`);
	}
	const amounts = Array.isArray(value.amount) ? value.amount : [value.amount];
	const count = two ? 2 : 1;
	if (
		amounts.length !== count ||
		!amounts.every((a) => Number.isInteger(a) && (a as number) >= minimum)
	) {
		const kind = minimum >= 1 ? 'positive' : 'non-negative';
		throw badRequest(
			`amount must be ${count === 2 ? `two ${kind} integers` : `a ${kind} integer`}`,
			`${at}.value.amount`,
		);
	}
	return { amount: amounts as number[], unit: value.unit };
}

/**
 * From 2026-09-17 the search endpoints refuse inverted bounds: is-between whose first value is
 * greater than its second, is-between-relative whose first amount exceeds its second.
 */
function checkBounds(low: number | string, high: number | string, at: string, version: string) {
	if (isAtLeast(version as ApiVersion, EDITION_2026_09_17) && low > high)
		throw badRequest(
			`The first bound must not be greater than the second; got ${JSON.stringify([low, high])}`,
			`${at}.value`,
		);
}

/** One ValueFilter, checked against the field's filterability and compiled. */
function compileValueFilter<R extends Entity>(
	raw: Record<string, unknown>,
	at: string,
	fields: FieldDef[],
	version: string,
): Test<R> {
	onlyKeys(raw, ['valueType', 'fieldId', 'operator', 'value', 'attributeId'], at);
	const field = fields.find((f) => f.id === raw.fieldId);
	if (!field) throw badRequest(`No filterable field "${String(raw.fieldId)}"`, `${at}.fieldId`);
	const filter: SearchFilter | null = searchFilterOf(field, version);
	if (!filter)
		throw badRequest(
			`Field ${field.id} (${field.valueType}) cannot be filtered on`,
			`${at}.fieldId`,
		);
	if (filter.attribute && raw.attributeId !== filter.attribute.id) {
		throw badRequest(
			`Field ${field.id} is filtered through an attribute: attributeId must be "${filter.attribute.id}"`,
			`${at}.attributeId`,
		);
	}
	if (!filter.attribute && raw.attributeId !== undefined)
		throw badRequest(`Field ${field.id} takes no attributeId`, `${at}.attributeId`);
	if (raw.valueType !== filter.valueType) {
		throw badRequest(
			`valueType of field ${field.id} is "${filter.valueType}"; got ${JSON.stringify(raw.valueType)}`,
			`${at}.valueType`,
		);
	}
	const operator = filter.operators.find((o) => o.id === raw.operator);
	if (!operator) {
		throw badRequest(
			`Operator ${JSON.stringify(raw.operator)} is not supported by field ${field.id}; supported: ${filter.operators.map((o) => o.id).join(', ')}`,
			`${at}.operator`,
		);
	}
	if (operator.numberOfValuesRequired === 'none') {
		if (raw.value !== undefined)
			throw badRequest(`Operator ${operator.id} takes no value`, `${at}.value`);
	} else if (raw.value === undefined) {
		throw badRequest(`Operator ${operator.id} needs a value`, `${at}.value`);
	}
	const stored = (record: R) => record.values.get(field.id);
	const op = operator.id;
	const value = raw.value;

	if (op === 'is-empty')
		return (r) => members(field, stored(r)).length === 0 && instantOf(field, stored(r)) === null;
	if (op === 'is-not-empty')
		return (r) => members(field, stored(r)).length > 0 || instantOf(field, stored(r)) !== null;

	switch (filter.valueType) {
		case 'text': {
			if (typeof value !== 'string') throw badRequest('Expected a text value', `${at}.value`);
			const wanted = value.toLowerCase();
			const text = (r: R) => String(comparableValue(field, stored(r)) ?? '').toLowerCase();
			if (op === 'contains') return (r) => text(r).includes(wanted);
			if (op === 'does-not-contain') return (r) => !text(r).includes(wanted);
			if (op === 'starts-with') return (r) => text(r).startsWith(wanted);
			return (r) => text(r).endsWith(wanted);
		}
		case 'number': {
			const number = (r: R) => comparableValue(field, stored(r)) as number | null;
			if (op === 'is-between') {
				const [low, high] = valueArray(value, at, checkNumber) as number[];
				if (value && (value as unknown[]).length !== 2)
					throw badRequest('is-between takes two numbers', `${at}.value`);
				checkBounds(low, high, at, version);
				return (r) =>
					number(r) !== null && (number(r) as number) >= low && (number(r) as number) <= high;
			}
			const n = checkNumber(value, `${at}.value`);
			const compare: Record<string, (x: number) => boolean> = {
				'is-equal-to': (x) => x === n,
				'is-not-equal-to': (x) => x !== n,
				'is-greater-than': (x) => x > n,
				'is-greater-than-or-equal-to': (x) => x >= n,
				'is-less-than': (x) => x < n,
				'is-less-than-or-equal-to': (x) => x <= n,
			};
			return (r) => number(r) !== null && compare[op](number(r) as number);
		}
		case 'date': {
			const instant = (r: R) => instantOf(field, stored(r));
			const day = (r: R) => {
				const i = instant(r);
				return i === null ? null : pacificCalendarDate(i);
			};
			const units = operator.relativeDateUnits ?? [];
			if (op === 'is-between') {
				if (!Array.isArray(value) || value.length !== 2)
					throw badRequest('is-between takes two dates', `${at}.value`);
				const [from, to] = value.map((v, i) => checkDate(v, `${at}.value[${i}]`));
				checkBounds(from, to, at, version);
				return (r) => day(r) !== null && (day(r) as string) >= from && (day(r) as string) <= to;
			}
			if (
				[
					'is-within-the-last',
					'is-not-within-the-last',
					'is-within-the-next',
					'is-not-within-the-next',
					'is-between-relative',
				].includes(op)
			) {
				// From 2026-09-17 these amounts are at least 1 (RelativeDates, RelativeDateRange).
				const current = isAtLeast(version as ApiVersion, EDITION_2026_09_17);
				const between = op === 'is-between-relative';
				const { amount, unit } = checkRelative(value, at, units, between, current ? 1 : 0);
				if (between) checkBounds(amount[0], amount[1], at, version);
				const now = new Date();
				const past = op.includes('last') || op === 'is-between-relative';
				const [a, b] = op === 'is-between-relative' ? amount : [amount[0], 0];
				const edges = [shifted(now, past ? -a : a, unit), shifted(now, past ? -b : b, unit)].sort(
					(x, y) => x - y,
				);
				const inside = (r: R) => {
					const i = instant(r);
					if (i === null) return false;
					const t = Date.parse(i);
					return t >= edges[0] && t <= edges[1];
				};
				return op.startsWith('is-not') ? (r) => instant(r) !== null && !inside(r) : inside;
			}
			if (op.endsWith('-relative')) {
				const { amount, unit } = checkRelative(value, at, units, false);
				const edge = shifted(new Date(), -amount[0], unit);
				const age = (r: R) => (instant(r) === null ? null : Date.parse(instant(r) as string));
				const compare: Record<string, (t: number) => boolean> = {
					'is-exactly-relative': (t) =>
						pacificCalendarDate(new Date(t).toISOString()) ===
						pacificCalendarDate(new Date(edge).toISOString()),
					'is-not-exactly-relative': (t) =>
						pacificCalendarDate(new Date(t).toISOString()) !==
						pacificCalendarDate(new Date(edge).toISOString()),
					'is-more-than-relative': (t) => t < edge,
					'is-more-than-or-equal-to-relative': (t) => t <= edge,
					'is-less-than-relative': (t) => t > edge,
					'is-less-than-or-equal-to-relative': (t) => t >= edge,
				};
				return (r) => age(r) !== null && compare[op](age(r) as number);
			}
			const date = checkDate(value, `${at}.value`);
			const compare: Record<string, (d: string) => boolean> = {
				'is-on': (d) => d === date,
				'is-not-on': (d) => d !== date,
				'is-before': (d) => d < date,
				'is-on-or-before': (d) => d <= date,
				'is-after': (d) => d > date,
				'is-on-or-after': (d) => d >= date,
			};
			return (r) => day(r) !== null && compare[op](day(r) as string);
		}
		default: {
			const checkItem = (item: unknown, where: string) => {
				if (filter.valueType.startsWith('location')) {
					if (!isObject(item)) throw badRequest('Expected a location object', where);
					onlyKeys(item, ['streetAddress', 'city', 'state', 'country', 'continent'], where);
				} else if (filter.valueType.startsWith('filterable-text')) {
					if (typeof item !== 'string') throw badRequest('Expected a text', where);
				} else if (filter.valueType.includes('dropdown')) {
					if (!isObject(item) || !Number.isSafeInteger(item.dropdownOptionId))
						throw badRequest('Expected {dropdownOptionId}', where);
				} else if (!isObject(item) || !Number.isSafeInteger(item.id)) {
					throw badRequest('Expected {id}', where);
				}
			};
			const wanted = valueArray(value, at, checkItem);
			const has = (r: R, w: unknown) =>
				members(field, stored(r)).some((m) => memberMatches(field, m, w));
			if (op === 'is-any-of' || op === 'has-any-of') return (r) => wanted.some((w) => has(r, w));
			if (op === 'has-all-of') return (r) => wanted.every((w) => has(r, w));
			return (r) => !wanted.some((w) => has(r, w));
		}
	}
}

function compileGroup<R extends Entity>(
	raw: unknown,
	at: string,
	fields: FieldDef[],
	version: string,
): Test<R> {
	if (!isObject(raw)) throw badRequest('Expected a filter group {operator, filters}', at);
	onlyKeys(raw, ['operator', 'filters'], at);
	if (raw.operator !== 'and' && raw.operator !== 'or')
		throw badRequest('operator must be "and" or "or"', `${at}.operator`);
	if (!Array.isArray(raw.filters)) throw badRequest('filters must be an array', `${at}.filters`);
	if (raw.filters.length > MAX_GROUP_ITEMS)
		throw badRequest(`A filter group takes at most ${MAX_GROUP_ITEMS} items`, `${at}.filters`);
	const tests = raw.filters.map((item, i) => {
		const where = `${at}.filters[${i}]`;
		if (isObject(item) && 'filters' in item) return compileGroup<R>(item, where, fields, version);
		if (!isObject(item)) throw badRequest('Expected a filter or a filter group', where);
		return compileValueFilter<R>(item, where, fields, version);
	});
	return raw.operator === 'and'
		? (r) => tests.every((t) => t(r))
		: (r) => tests.length === 0 || tests.some((t) => t(r));
}

/**
 * The criteria of a search body over records with these fields. `identitySorts` are sort keys
 * that are not fields (a company's `name`).
 */
export function compileCriteria<R extends Entity>(
	raw: unknown,
	fields: FieldDef[],
	version: string,
	identitySorts: Record<string, (record: R) => string> = {},
): CompiledCriteria<R> {
	const out: CompiledCriteria<R> = { sorts: [] };
	if (raw === undefined || raw === null) return out;
	if (!isObject(raw))
		throw badRequest('The body must be a JSON object {filters?, search?, sorts?}', 'body');
	onlyKeys(raw, ['filters', 'search', 'sorts'], '');
	if (raw.filters !== undefined)
		out.test = compileGroup<R>(raw.filters, 'filters', fields, version);
	if (raw.search !== undefined) {
		if (!isObject(raw.search)) throw badRequest('search must be {term, fieldIds?}', 'search');
		onlyKeys(raw.search, ['term', 'fieldIds'], 'search');
		const { term, fieldIds } = raw.search;
		if (typeof term !== 'string' || term.length < MIN_TERM) {
			throw badRequest(
				`search.term must be a text of at least ${MIN_TERM} characters`,
				'search.term',
			);
		}
		const extra: FieldDef[] = [];
		if (fieldIds !== undefined) {
			if (!Array.isArray(fieldIds) || fieldIds.length < 1 || fieldIds.length > 100) {
				throw badRequest(
					'search.fieldIds must be an array of 1 to 100 field ids',
					'search.fieldIds',
				);
			}
			for (const [i, id] of fieldIds.entries()) {
				const field = fields.find((f) => f.id === id);
				if (!field) throw badRequest(`No field "${String(id)}"`, `search.fieldIds[${i}]`);
				// datetime fields are not searchable: silently ignored.
				if (field.valueType !== 'datetime') extra.push(field);
			}
		}
		out.term = { text: term.toLowerCase(), fields: extra };
	}
	if (raw.sorts !== undefined) {
		if (!Array.isArray(raw.sorts) || raw.sorts.length < 1 || raw.sorts.length > MAX_SORTS) {
			throw badRequest(`sorts must be an array of 1 to ${MAX_SORTS} sorts`, 'sorts');
		}
		out.sorts = raw.sorts.map((sort, i) => {
			const at = `sorts[${i}]`;
			// Sort problems name the `sorts` member, and the sort's position in the message.
			if (!isObject(sort))
				throw badRequest(`${at}: expected {fieldId, direction, attributeId?}`, 'sorts');
			for (const key of Object.keys(sort)) {
				if (!['fieldId', 'direction', 'attributeId'].includes(key))
					throw badRequest(`${at}: unknown member "${key}"`, 'sorts');
			}
			if (sort.direction !== 'asc' && sort.direction !== 'desc')
				throw badRequest(`${at}.direction must be "asc" or "desc"`, 'sorts');
			const identity = typeof sort.fieldId === 'string' ? identitySorts[sort.fieldId] : undefined;
			if (identity)
				return {
					key: (r: R) => identity(r).toLowerCase(),
					sign: sort.direction === 'desc' ? -1 : 1,
				};
			const field = fields.find((f) => f.id === sort.fieldId);
			if (!field)
				throw badRequest(
					`Cannot sort by "${String(sort.fieldId)}": no such field (${at}.fieldId)`,
					'sorts',
				);
			const sortability = sortabilityOf(field);
			if (!sortability)
				throw badRequest(
					`Cannot sort by "${field.id}": ${field.valueType} fields are not sortable (${at}.fieldId)`,
					'sorts',
				);
			if (sortability.attribute && sort.attributeId !== sortability.attribute.id) {
				throw badRequest(
					`Field ${field.id} is sorted through an attribute: ${at}.attributeId must be "${sortability.attribute.id}"`,
					'sorts',
				);
			}
			const sign = sort.direction === 'desc' ? -1 : 1;
			if (field.valueType === 'interaction') {
				return {
					key: (r: R) =>
						instantOf(field, r.values.get(field.id))
							? Date.parse(instantOf(field, r.values.get(field.id)) as string)
							: null,
					sign,
				};
			}
			return { key: fieldSortKey<R>(field), sign };
		});
	}
	return out;
}

/** Whether a record's identity (name, domains) or one of the extra fields contains the term. */
export function matchesTerm(
	record: Entity,
	identity: Array<string | null>,
	term: { text: string; fields: FieldDef[] },
): boolean {
	if (identity.some((text) => text !== null && text.toLowerCase().includes(term.text))) return true;
	return term.fields.some((field) => {
		const value = comparableValue(field, record.values.get(field.id));
		const texts = Array.isArray(value) ? value : [value];
		return texts.some(
			(t) =>
				(typeof t === 'string' || typeof t === 'number') &&
				String(t).toLowerCase().includes(term.text),
		);
	});
}

/** Sorted by the sorts in order (empty values last either way), then by id. */
export function sortRecords<R extends Entity>(
	records: R[],
	sorts: CompiledCriteria<R>['sorts'],
): R[] {
	if (!sorts.length) return records;
	const decorated = records.map((r) => ({ r, k: sorts.map(({ key }) => key(r)) }));
	decorated.sort((a, b) => {
		for (let i = 0; i < sorts.length; i++) {
			const x = a.k[i];
			const y = b.k[i];
			if (x === y) continue;
			if (x === null) return 1;
			if (y === null) return -1;
			return (x < y ? -1 : 1) * sorts[i].sign;
		}
		return a.r.id - b.r.id;
	});
	return decorated.map((d) => d.r);
}

/** What one search endpoint searches: its records, fields, identity texts and rendering. */
export interface SearchSource<R extends Searchable> {
	/** The fields the endpoint filters, sorts and returns. */
	universe: FieldDef[];
	/** The fieldTypes the endpoint takes. */
	fieldTypes: FieldCategory[];
	/** Every record, by id. */
	records: () => R[];
	/** The texts the term is always matched against (name, primary identifier). */
	identity: (record: R) => Array<string | null>;
	/** Sort keys that are not fields (a company's `name`). */
	identitySorts?: Record<string, (record: R) => string>;
	render: (record: R, fields: FieldDef[] | undefined) => unknown;
}

/**
 * One page of a search (201). The cursor carries the body, the field selection and totalCount,
 * so a POST to nextUrl with or without the body gives the next page. It points at the last (or
 * first) record of the page by id and by position: a record that moved or went away between
 * pages does not derail the paging.
 */
export async function searchPage<R extends Searchable>(
	ctx: RouteContext,
	source: SearchSource<R>,
): Promise<Reply> {
	const limit = ctx.query.int('limit', 1, 100, 100);
	const rawCursor = ctx.query.string('cursor');
	const cursor = rawCursor
		? (decodeCursor(rawCursor, ctx.path) as ReturnType<typeof decodeCursor> & { i?: number })
		: undefined;
	let values: Record<string, string[]>;
	let raw: unknown;
	if (cursor) {
		values = cursor.q;
		raw = JSON.parse(values.body?.[0] ?? 'null');
	} else {
		raw = await ctx.body();
		values = { body: [JSON.stringify(raw ?? null)] };
		for (const name of ['fieldIds', 'fieldTypes', 'totalCount']) {
			const all = ctx.query.list(name);
			if (all.length) values[name] = all;
		}
	}
	const criteria = compileCriteria<R>(raw, source.universe, ctx.version, source.identitySorts);
	const fields = selectFields(values, source.universe, source.fieldTypes);
	const totalCount = boolValue(values, 'totalCount');
	let records = source.records();
	if (criteria.test) records = records.filter(criteria.test);
	const term = criteria.term;
	if (term) records = records.filter((r) => matchesTerm(r, source.identity(r), term));
	records = sortRecords(records, criteria.sorts);

	const indexOf = (id: number) => records.findIndex((r) => r.id === id);
	let start = 0;
	let end = Math.min(records.length, limit);
	if (cursor?.d === 'n') {
		const at = indexOf(cursor.k);
		start = Math.min(records.length, at >= 0 ? at + 1 : (cursor.i ?? 0));
		end = Math.min(records.length, start + limit);
	} else if (cursor?.d === 'p') {
		const at = indexOf(cursor.k);
		end = Math.max(0, Math.min(records.length, at >= 0 ? at : (cursor.i ?? 0)));
		start = Math.max(0, end - limit);
	}
	const slice = records.slice(start, end);
	const url = (d: 'n' | 'p', record: R, i: number) =>
		`${ctx.origin}${ctx.path}?cursor=${encodeCursor({ d, k: record.id, q: values, p: ctx.path, i } as Parameters<typeof encodeCursor>[0])}&limit=${limit}`;
	const pagination: Record<string, unknown> = {
		prevUrl: start > 0 && slice.length ? url('p', slice[0], start) : null,
		nextUrl: end < records.length && slice.length ? url('n', slice[slice.length - 1], end) : null,
	};
	if (totalCount) pagination.totalCount = records.length;
	return { status: 201, body: { data: slice.map((r) => source.render(r, fields)), pagination } };
}
