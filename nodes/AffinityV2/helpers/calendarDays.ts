/**
 * A date field holds a calendar day: Affinity stores it at midnight America/Los_Angeles and
 * reads it back so (2024-04-01T07:00:00Z). It takes a date-time (a date alone is refused:
 * "value at /value/data does not match format: date-time") and keeps one calendar day of that
 * instant, the Pacific one or the UTC one. Noon UTC of a day is that same day in Pacific time
 * (04:00 or 05:00) and in UTC, so the day sent is the day stored under either rule.
 */
import { calendarDateOf } from './dates';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Noon UTC of a calendar day (YYYY-MM-DD): 2024-04-01 → 2024-04-01T12:00:00Z. */
export function calendarDayInstant(date: string): string {
	if (!ISO_DATE.test(date)) throw new Error(`"${date}" is not a YYYY-MM-DD date`);
	return `${date}T12:00:00Z`;
}

/**
 * The `data` of a date field value for what the user gave: the calendar day they meant (as
 * calendarDateOf reads it: a date as written, a date-time's date in its own offset or, without
 * one, in the workflow's time zone) at noon UTC.
 */
export function dateFieldData(input: unknown, timezone = 'UTC'): string {
	return calendarDayInstant(calendarDateOf(input, timezone));
}
