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
