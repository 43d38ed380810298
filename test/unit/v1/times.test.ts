import { v1Time } from '../../../nodes/AffinityV2/helpers/v1/times';

/* API v1 writes times two ways; the pack outputs one: ISO 8601 UTC with milliseconds, as v2. */
describe('v1Time', () => {
	it.each([
		// Field value changes: a Pacific offset and microseconds.
		['2020-04-27T15:35:43.383953-07:00', '2020-04-27T22:35:43.383Z'],
		// Entity files: UTC with milliseconds, already the pack's form.
		['2026-10-08T12:53:13.339Z', '2026-10-08T12:53:13.339Z'],
		['2017-01-16T16:34:03.539-08:00', '2017-01-17T00:34:03.539Z'],
		['2022-01-01T10:00:00Z', '2022-01-01T10:00:00.000Z'],
		['2022-01-01T10:00:00+0530', '2022-01-01T04:30:00.000Z'],
		['2022-01-01T10:00:00.1+01', '2022-01-01T09:00:00.100Z'],
		// Digits beyond the millisecond are dropped, not rounded up into the next one.
		['2020-04-27T15:35:43.999999-07:00', '2020-04-27T22:35:43.999Z'],
		// No zone: UTC, never the server's zone.
		['2022-01-01T10:00:00', '2022-01-01T10:00:00.000Z'],
		['2022-01-01 10:00', '2022-01-01T10:00:00.000Z'],
		['2022-01-01', '2022-01-01T00:00:00.000Z'],
	])('%s → %s', (v1, v2) => {
		expect(v1Time(v1)).toBe(v2);
	});

	it('keeps text that is not a time as it came, and gives null for none', () => {
		expect(v1Time('yesterday')).toBe('yesterday');
		expect(v1Time('2024-13-45T99:00:00Z')).toBe('2024-13-45T99:00:00Z');
		expect(v1Time('')).toBeNull();
		expect(v1Time(null)).toBeNull();
		expect(v1Time(undefined)).toBeNull();
		expect(v1Time({ link: 'x', text: 'y' })).toBeNull();
		expect(v1Time(1588026943)).toBeNull();
	});
});
