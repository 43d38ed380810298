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

/** The offset of a time zone at an instant, in minutes east of UTC. */
function zoneOffsetMinutes(time: number, timezone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone: timezone,
		hourCycle: 'h23',
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
		hour: 'numeric',
		minute: 'numeric',
		second: 'numeric',
	}).formatToParts(time);
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const wall = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return Math.round((wall - Math.floor(time / 1000) * 1000) / 60000);
}

/**
 * The instant a user meant, as an ISO date-time in UTC. A date-time with a zone or offset is
 * that instant; one without a zone ("2024-03-10 09:30", n8n's date picker) and a date alone
 * (midnight) are wall-clock time in the workflow's time zone, never the server's. A Luxon
 * DateTime, a JavaScript Date and epoch milliseconds are instants already.
 */
export function instantOf(input: unknown, timezone = 'UTC'): string {
	if (input === null || input === undefined || (typeof input === 'string' && input.trim() === ''))
		throw new ValueInputError('No date and time given', 'Enter an ISO date-time or pick one.');
	if (input instanceof Date || typeof input === 'number') {
		const time = input instanceof Date ? input.getTime() : input;
		if (!Number.isFinite(time)) throw new ValueInputError('The date is not a valid date');
		return new Date(time).toISOString();
	}
	if (isDateTimeLike(input) && typeof (input as { toMillis?: unknown }).toMillis === 'function') {
		if (input.isValid === false) throw new ValueInputError('The date is not a valid date-time');
		return new Date((input as unknown as { toMillis(): number }).toMillis()).toISOString();
	}
	const text = typeof input === 'string' ? input.trim() : '';
	const dateOnly = ISO_DATE.exec(text);
	const match = dateOnly ?? ISO_DATE_TIME.exec(text);
	if (!match) {
		throw new ValueInputError(
			`"${typeof input === 'string' ? text : typeof input}" is not a date and time the node can read`,
			'Use an ISO date-time such as 2024-03-10T09:30:00 (in the workflow’s time zone) or 2024-03-10T09:30:00+01:00, or an n8n date such as {{ $now }}.',
		);
	}
	const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
	if (!validCalendarDate(y, m, d))
		throw new ValueInputError(`"${text}" is not a real calendar date`);
	const [hour, minute, second] = dateOnly ? [0, 0, 0] : [4, 5, 6].map((i) => Number(match[i] ?? 0));
	if (hour > 23 || minute > 59 || second > 59)
		throw new ValueInputError(`"${text}" is not a real time of day`);
	const fraction = /[.,](\d+)/.exec(text.slice(16))?.[1] ?? '';
	const millis = Math.round(Number(`0.${fraction || '0'}`) * 1000);
	const wall = Date.UTC(y, m - 1, d, hour, minute, second, millis);
	const zone = dateOnly ? undefined : match[7];
	if (zone) {
		if (/^z$/i.test(zone)) return new Date(wall).toISOString();
		const sign = zone.startsWith('-') ? -1 : 1;
		const digits = zone.slice(1).replace(':', '');
		const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0));
		return new Date(wall - offset * 60000).toISOString();
	}
	let zoneName = timezone;
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zoneName });
	} catch {
		zoneName = 'UTC';
	}
	// The wall time in the zone: the offset at a first guess, then at the instant it gives (DST).
	let time = wall - zoneOffsetMinutes(wall, zoneName) * 60000;
	time = wall - zoneOffsetMinutes(time, zoneName) * 60000;
	return new Date(time).toISOString();
}
