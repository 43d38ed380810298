/**
 * API v1's times in the one form the pack outputs, v2's: ISO 8601 in UTC with milliseconds
 * (`2020-04-27T22:35:43.383Z`). v1 writes them two ways: with a Pacific offset and
 * microseconds (field value changes: `2020-04-27T15:35:43.383953-07:00`) and in UTC with
 * milliseconds (entity files: `2026-10-08T12:53:13.339Z`).
 */

const V1_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * A v1 time as ISO 8601 UTC with milliseconds. Digits beyond milliseconds are dropped (not
 * rounded: the instant stays within the millisecond it was in); a time without a zone is read
 * as UTC, never as the server's zone. Text that is not a time is kept as it came (a reader
 * never breaks on it); null, undefined, '' and any non-text value give null.
 */
export function v1Time(value: unknown): string | null {
	if (typeof value !== 'string' || value.trim() === '') return null;
	const match = V1_TIME.exec(value.trim());
	if (!match) return value;
	const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone] =
		match;
	const ms = fraction.slice(0, 3).padEnd(3, '0');
	let offset = 'Z';
	if (zone && zone.toUpperCase() !== 'Z') {
		const digits = zone.replace(':', '');
		offset = `${digits.slice(0, 3)}:${digits.slice(3, 5) || '00'}`;
	}
	const time = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}.${ms}${offset}`);
	return Number.isNaN(time) ? value : new Date(time).toISOString();
}
