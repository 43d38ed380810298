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
	/^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

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

function dateInZone(time: number, timezone: string): string {
	let zone = timezone;
	try {
		new Intl.DateTimeFormat('en-CA', { timeZone: zone });
	} catch {
		zone = 'UTC';
	}
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

const zoneParts = new Map<string, Intl.DateTimeFormat>();

/** The offset of a time zone from UTC at an instant, in milliseconds (Intl, no library). */
function zoneOffsetMs(time: number, timezone: string): number {
	let format = zoneParts.get(timezone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', {
			timeZone: timezone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		zoneParts.set(timezone, format);
	}
	const parts: Record<string, number> = {};
	for (const part of format.formatToParts(time)) parts[part.type] = Number(part.value);
	const wall = Date.UTC(
		parts.year,
		parts.month - 1,
		parts.day,
		parts.hour,
		parts.minute,
		parts.second,
	);
	return wall - Math.floor(time / 1000) * 1000;
}

/** The instant a wall-clock time in a time zone is (the earlier one where clocks go back). */
function wallTimeInZone(wall: number, timezone: string): number {
	let zone = timezone;
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
	} catch {
		zone = 'UTC';
	}
	const first = wall - zoneOffsetMs(wall, zone);
	const second = wall - zoneOffsetMs(first, zone);
	return Math.min(first, second);
}

/**
 * The instant a user meant, as an ISO date-time in UTC. A date-time with a zone or offset is
 * taken as written; one without ("2030-01-02T09:00", "2030-01-02") is a wall-clock time in the
 * workflow's time zone, never the server's. A Luxon DateTime (n8n's $now) or a JavaScript Date
 * is an instant already.
 */
export function instantOf(input: unknown, timezone = 'UTC'): string {
	if (input === null || input === undefined || (typeof input === 'string' && input.trim() === ''))
		throw new ValueInputError('No date given', 'Enter a date and time (ISO 8601).');
	if (isDateTimeLike(input)) {
		const iso = input.isValid === false ? null : (input as { toISO?(): string | null }).toISO?.();
		if (!iso) throw new ValueInputError('The date is not a valid date-time object');
		return new Date(Date.parse(iso)).toISOString();
	}
	if (input instanceof Date) {
		if (Number.isNaN(input.getTime())) throw new ValueInputError('The date is not a valid date');
		return input.toISOString();
	}
	if (typeof input === 'string') {
		const text = input.trim();
		const date = ISO_DATE.exec(text);
		const match = date ?? ISO_DATE_TIME.exec(text);
		if (match) {
			const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
			if (!validCalendarDate(y, m, d))
				throw new ValueInputError(`"${text}" is not a real calendar date`);
			const zone = date ? undefined : match[7];
			const [h, min, s] = date
				? [0, 0, 0]
				: [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
			if (h > 23 || min > 59 || s > 59)
				throw new ValueInputError(`"${text}" is not a real time of day`);
			const fraction = date
				? 0
				: Number((/[.,](\d+)/.exec(text)?.[1] ?? '0').slice(0, 3).padEnd(3, '0'));
			const wall = Date.UTC(y, m - 1, d, h, min, s, fraction);
			if (!zone) return new Date(wallTimeInZone(wall, timezone)).toISOString();
			const offset = /^[+-]/.test(zone)
				? (zone.startsWith('-') ? -1 : 1) *
					(Number(zone.slice(1, 3)) * 60 + Number(zone.replace(':', '').slice(3, 5) || 0)) *
					60_000
				: 0;
			return new Date(wall - offset).toISOString();
		}
	}
	throw new ValueInputError(
		`"${String(input)}" is not a date and time the node can read`,
		'Use an ISO 8601 date-time such as 2030-01-02T09:00:00 (in the workflow’s time zone) or 2030-01-02T09:00:00Z, or an n8n date such as {{ $now }}.',
	);
}
