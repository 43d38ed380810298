/**
 * The Pacific-date rule: Affinity keeps a date field as a calendar date stored at midnight
 * America/Los_Angeles (a `datetime` value such as 2024-03-10T08:00:00Z). Writes send that
 * midnight; reads give the date it falls on in Pacific time, whatever n8n's time zone.
 */
import { ValueInputError } from './valueTypes';

const pacificDate = new Intl.DateTimeFormat('en-CA', {
	timeZone: 'America/Los_Angeles',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
});

/**
 * The calendar date a date field means: the instant read in Pacific time (in UTC or in n8n's
 * time zone it can be the day before or after).
 */
export function calendarDate(iso: unknown): string | null {
	if (typeof iso !== 'string') return null;
	const time = Date.parse(iso);
	return Number.isNaN(time) ? null : pacificDate.format(time);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

function validCalendarDate(y: number, m: number, d: number): boolean {
	const t = new Date(Date.UTC(y, m - 1, d));
	return (
		t.getUTCFullYear() === y &&
		t.getUTCMonth() === m - 1 &&
		t.getUTCDate() === d &&
		y >= 1 &&
		y <= 9999
	);
}

function formatDate(y: number, m: number, d: number): string {
	return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The workflow's time zone if the runtime knows it, else UTC. */
function knownZone(timezone: string): string {
	try {
		new Intl.DateTimeFormat('en-CA', { timeZone: timezone });
		return timezone;
	} catch {
		return 'UTC';
	}
}

function dateInZone(time: number, timezone: string): string {
	const zone = knownZone(timezone);
	return new Intl.DateTimeFormat('en-CA', {
		timeZone: zone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(time);
}

interface DateTimeLike {
	isValid?: boolean;
	toISODate(): string | null;
}

function isDateTimeLike(value: unknown): value is DateTimeLike {
	return (
		!!value && typeof value === 'object' && typeof (value as DateTimeLike).toISODate === 'function'
	);
}

/**
 * The calendar date a user meant, as YYYY-MM-DD. Affinity keeps only the date (at midnight Pacific), so
 * the date is taken as written: "2024-03-10", "2024-03-10T23:30:00-05:00" (10 March, in the
 * offset it was written in, not the UTC date), "2024-03-10T08:00:00Z" (10 March: also how
 * Affinity's own midnight-Pacific values read back). A Luxon DateTime (n8n's $now, $today,
 * DateTime expressions) gives its date in its own zone. A JavaScript Date or epoch
 * milliseconds carry no zone: their date in the workflow's time zone is used.
 */
export function calendarDateOf(input: unknown, timezone = 'UTC'): string {
	if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) {
		throw new ValueInputError(
			'No date given',
			'Enter a date (YYYY-MM-DD or an ISO date-time), or choose "Clear the Value".',
		);
	}
	if (isDateTimeLike(input)) {
		const date = input.isValid === false ? null : input.toISODate();
		if (!date) throw new ValueInputError('The date is not a valid date-time object');
		return date;
	}
	if (input instanceof Date) {
		if (Number.isNaN(input.getTime())) throw new ValueInputError('The date is not a valid date');
		return dateInZone(input.getTime(), timezone);
	}
	if (typeof input === 'number') {
		if (!Number.isFinite(input)) throw new ValueInputError(`"${input}" is not a date`);
		return dateInZone(input, timezone);
	}
	if (typeof input === 'string') {
		const text = input.trim();
		const match = ISO_DATE.exec(text) ?? ISO_DATE_TIME.exec(text);
		if (match) {
			const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
			if (!validCalendarDate(y, m, d))
				throw new ValueInputError(`"${text}" is not a real calendar date`);
			return formatDate(y, m, d);
		}
		if (/^\d{12,14}$/.test(text)) return dateInZone(Number(text), timezone);
		throw new ValueInputError(
			`"${text}" is not a date the node can read`,
			'Use YYYY-MM-DD (2024-03-10) or an ISO date-time (2024-03-10T09:00:00+01:00), or an n8n date such as {{ $now }}.',
		);
	}
	throw new ValueInputError(
		`A ${typeof input} is not a date`,
		'Use YYYY-MM-DD or an ISO date-time.',
	);
}

const pacificHour = new Intl.DateTimeFormat('en-US', {
	timeZone: 'America/Los_Angeles',
	hour: 'numeric',
	hourCycle: 'h23',
});

/**
 * Midnight America/Los_Angeles of a calendar date, as an ISO instant: 08:00Z under standard
 * time, 07:00Z under daylight time. On both change-over days midnight is before the 02:00
 * switch, so it takes that day's morning offset.
 */
export function pacificMidnight(date: string): string {
	const match = ISO_DATE.exec(date);
	if (!match) throw new ValueInputError(`"${date}" is not a YYYY-MM-DD date`);
	const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
	for (const offset of [8, 7]) {
		const candidate = Date.UTC(y, m - 1, d, offset);
		if (Number(pacificHour.format(candidate)) === 0) return new Date(candidate).toISOString();
	}
	return new Date(Date.UTC(y, m - 1, d, 8)).toISOString();
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function zoneOffsetMs(time: number, zone: string): number {
	let format = wallClocks.get(zone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		wallClocks.set(zone, format);
	}
	const part: Record<string, number> = {};
	for (const { type, value } of format.formatToParts(time)) part[type] = Number(value);
	const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
	return wall - Math.floor(time / 1000) * 1000;
}

/**
 * The instant a wall-clock time in a zone names. The offset is read at a first guess and again
 * at the result, which settles it across a daylight-saving change; a time skipped by the
 * spring change comes out an hour later, as clocks show it.
 */
function wallTimeInZone(wall: number, zone: string): number {
	const first = wall - zoneOffsetMs(wall, zone);
	const second = wall - zoneOffsetMs(first, zone);
	return second === first ? first : Math.max(first, second);
}

/** An explicit zone at the end of a non-ISO date text ("… GMT", "… +0100"). */
const EXPLICIT_ZONE = /(?:\b(?:GMT|UTC|Z)|[+-]\d{2}:?\d{2})\s*$/i;

/** A Luxon DateTime (n8n's dates): its instant by toMillis, or by its ISO text with offset. */
interface InstantLike {
	isValid?: boolean;
	toMillis?(): number;
	toISO?(): string | null;
}

function isInstantLike(value: unknown): value is InstantLike {
	const candidate = value as InstantLike;
	return (
		!!value &&
		typeof value === 'object' &&
		(typeof candidate.toMillis === 'function' || typeof candidate.toISO === 'function')
	);
}

function instantMillis(value: InstantLike): number {
	if (value.isValid === false) return NaN;
	if (value.toMillis) return value.toMillis();
	const iso = value.toISO?.();
	return iso ? Date.parse(iso) : NaN;
}

/**
 * The instant a user meant, as an ISO string in UTC. A date-time with a zone or offset is that
 * instant; one without a zone ("2030-01-02T09:00", what n8n's date picker gives) and a bare date
 * (its midnight) are read in the workflow's time zone, never the server's. A Luxon DateTime
 * (n8n's $now, DateTime expressions), a JavaScript Date and epoch milliseconds are instants.
 */
export function instantOf(input: unknown, timezone = 'UTC'): string {
	if (input === null || input === undefined || (typeof input === 'string' && input.trim() === ''))
		throw new ValueInputError('No date and time given');
	let time: number;
	if (isInstantLike(input)) time = instantMillis(input);
	else if (input instanceof Date) time = input.getTime();
	else if (typeof input === 'number') time = input;
	else if (typeof input === 'string') time = instantOfText(input.trim(), timezone);
	else throw new ValueInputError(`A ${typeof input} is not a date and time`);
	if (!Number.isFinite(time) || Math.abs(time) > 8.64e15)
		throw new ValueInputError(`"${String(input)}" is not a date and time`);
	return new Date(time).toISOString();
}

/** An ISO offset (Z, +02, +0530, -08:00) in minutes east of UTC. */
function offsetMinutes(zone: string): number {
	if (/^z$/i.test(zone)) return 0;
	const digits = zone.slice(1).replace(':', '');
	const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
	return zone.startsWith('-') ? -minutes : minutes;
}

function instantOfText(text: string, timezone: string): number {
	if (/^\d{12,14}$/.test(text)) return Number(text);
	const match = ISO_DATE.exec(text) ?? ISO_DATE_TIME.exec(text);
	if (match) {
		const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
		if (!validCalendarDate(y, m, d))
			throw new ValueInputError(`"${text}" is not a real calendar date`);
		const zone = match[8];
		const [h, min, s] = [Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)];
		const ms = Number((match[7] ?? '0').slice(0, 3).padEnd(3, '0'));
		if (h > 23 || min > 59 || s > 59)
			throw new ValueInputError(`"${text}" is not a real time of day`);
		const wall = Date.UTC(y, m - 1, d, h, min, s, ms);
		if (zone) return wall - offsetMinutes(zone) * 60_000;
		return wallTimeInZone(wall, knownZone(timezone));
	}
	const parsed = Date.parse(text);
	if (EXPLICIT_ZONE.test(text) && !Number.isNaN(parsed)) return parsed;
	throw new ValueInputError(
		`"${text}" is not a date and time the node can read`,
		'Use an ISO date-time (2030-01-02T09:00:00, read in the workflow’s time zone, or with an offset such as 2030-01-02T09:00:00+01:00), a date (2030-01-02), or an n8n date such as {{ $now }}.',
	);
}
