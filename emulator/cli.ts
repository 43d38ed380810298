/*
 * Starts the emulator in the foreground:
 * npm run emulator [-- --port 4010 --seed 7 --big-list 100000 --live --v1-read-delay-ms 1000]
 */
import { DEMO_KEYS } from './auth';
import { describeLiveMode, LIVE_MODE_SETTINGS } from './liveMode';
import { Emulator } from './server';

function option(name: string): string | undefined {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0
		? process.argv[i + 1]
		: process.env[`EMULATOR_${name.toUpperCase().replace(/-/g, '_')}`];
}

async function main(): Promise<void> {
	const live = process.argv.includes('--live') || process.env.EMULATOR_LIVE === '1';
	// How late v2 reads see v1 writes (settings.v1ReadDelayMs): live mode's, or this one.
	const lag = option('v1-read-delay-ms');
	const settings = {
		...(live ? LIVE_MODE_SETTINGS : {}),
		...(lag !== undefined ? { v1ReadDelayMs: Number(lag) } : {}),
	};
	const emulator = await Emulator.start({
		port: Number(option('port') ?? 4010),
		host: option('host') ?? '127.0.0.1',
		seed: Number(option('seed') ?? 1),
		sizes: option('big-list') ? { bigList: Number(option('big-list')) } : undefined,
		rateLimit: option('rate-limit') ? { limit: Number(option('rate-limit')) } : undefined,
		verbose: process.argv.includes('--verbose'),
		settings: Object.keys(settings).length ? settings : undefined,
	});
	const lines = [
		`Affinity v2 emulator listening on ${emulator.baseUrl}`,
		`  Base URL (for the "Affinity V2 API" credential): ${emulator.baseUrl}`,
		`  Demo API key: ${DEMO_KEYS[0].key}   (${DEMO_KEYS[0].description})`,
		...DEMO_KEYS.slice(1).map((k) => `  Other key:    ${k.key}   (${k.description})`),
		`  Try: curl -H "Authorization: Bearer ${DEMO_KEYS[0].key}" ${emulator.baseUrl}/v2/lists`,
		`  Control API: ${emulator.baseUrl}/_emulator/state   (Ctrl-C to stop)`,
		...(live ? [`  ${describeLiveMode(settings.v1ReadDelayMs)}`] : []),
		...(!live && lag !== undefined ? [`  v2 sees v1 writes after ${lag} ms`] : []),
	];
	console.log(lines.join('\n'));
	const stop = () => {
		void emulator.close().then(() => process.exit(0));
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
