import type { EmulatorSettings } from './context';

/**
 * Live mode (`npm start`, `npm run emulator -- --live`): on top of the defaults (already what the
 * live API does), the behaviours that cost time or pages and so stay off in most tests: some
 * empty pages that still carry a nextUrl, and v1 writes that v2 reads see a moment later (300 ms,
 * a typical moment live; EMULATOR_V1_READ_DELAY_MS=1000 for a slow day).
 */
export const LIVE_MODE_SETTINGS: Partial<EmulatorSettings> = {
	emptyPageEvery: 3,
	v1ReadDelayMs: 300,
};

/**
 * One line saying what live mode turned on, for the console; `lagMs` when EMULATOR_V1_READ_DELAY_MS
 * (`--v1-read-delay-ms`) set another lag than live mode's.
 */
export function describeLiveMode(lagMs = LIVE_MODE_SETTINGS.v1ReadDelayMs): string {
	return `live mode: every ${LIVE_MODE_SETTINGS.emptyPageEvery}rd page empty (with a nextUrl), v2 sees v1 writes after ${lagMs} ms (emulator/README.md, "Live behaviours")`;
}
