/**
 * Affinity keeps a date field's value (DateValue) as midnight America/Los_Angeles of the
 * calendar date written: 08:00Z in winter, 07:00Z in summer. Both directions of that rule live
 * here: the stored instant of a calendar date, and the calendar date of an instant.
 */

const pacificHour = new Intl.DateTimeFormat('en-US', {
	timeZone: 'America/Los_Angeles',
	hour: 'numeric',
	hourCycle: 'h23',
});

const pacificDate = new Intl.DateTimeFormat('en-CA', {
	timeZone: 'America/Los_Angeles',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
});

/** An instant as the API writes a DateValue: whole seconds, no fraction (2024-04-01T07:00:00Z). */
const wholeSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Midnight America/Los_Angeles of a calendar date (YYYY-MM-DD), as an ISO instant. */
export function pacificMidnight(date: string): string {
	const [y, m, d] = date.split('-').map(Number);
	for (const offset of [8, 7]) {
		const candidate = Date.UTC(y, m - 1, d, offset);
		if (Number(pacificHour.format(candidate)) === 0) return wholeSeconds(candidate);
	}
	return wholeSeconds(Date.UTC(y, m - 1, d, 8));
}

/** The calendar date (YYYY-MM-DD) an instant falls on in America/Los_Angeles. */
export function pacificCalendarDate(iso: string): string {
	return pacificDate.format(new Date(iso));
}
