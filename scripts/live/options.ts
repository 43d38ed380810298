import { SANDBOX_LISTS } from './writeStep';

/** The command line of `npm run test:live`: its usage text and options. */

export const USAGE = `Live contract check of the Affinity v2 node against a real account.

  AFFINITY_API_KEY=… npm run test:live [-- options]

Environment: AFFINITY_API_KEY (required for a live run), AFFINITY_BASE_URL (default
https://api.affinity.co), AFFINITY_API_VERSION (default 2026-07-15).

  --api-version V       the API v2 version to send (X-Affinity-Api-Version), e.g. 2026-09-17;
                        "default" sends none: the key's default, as Affinity names it in its
                        answers (default: AFFINITY_API_VERSION, else 2026-07-15). Answers are
                        checked against that edition's description; operations of a later
                        edition are reported skipped

Options:
  --write               also exercise every write (API v1's too) on records the check makes
                        and in its sandbox lists (made once, reused: the API cannot delete
                        lists), and remove what it made; asks first. The lists:
${Object.values(SANDBOX_LISTS)
	.map((l) => `                          "${l.name}"`)
	.join('\n')}
  --yes                 do not ask before writing (CI)
  --webhook-url URL     run the webhook round trip with this public URL (with --write);
                        deliveries are received on --webhook-listen PORT (default: the URL's
                        port when it is on loopback, else 8787)
  --webhook-wait SEC    how long to wait for a delivery (default 60)
  --budget N            the most calls to make (default 300, 600 with --write)
  --compare-emulator    run the same plan against an in-process emulator and diff the shapes
  --emulator            check an in-process emulator instead of an account (its demo key)
  --report-dir DIR      where report.md and report.json go (default test-results/live)

The report also gives each live fact (behaviour recorded of the real API) as confirmed,
contradicted, not observable or error; the facts that need writes run with --write.

Read only unless --write. Exit code 1 when an operation shows a schema difference or an
error, or clean-up left something behind.`;

export interface Options {
	write: boolean;
	yes: boolean;
	webhookUrl?: string;
	webhookListen?: number;
	webhookWaitSeconds: number;
	budget?: number;
	compareEmulator: boolean;
	emulator: boolean;
	reportDir: string;
	/** --api-version: a version, '' for the key's default, undefined when not given. */
	apiVersion?: string;
	help: boolean;
}

export function parseArgs(argv: string[]): Options {
	const value = (name: string) => {
		const i = argv.indexOf(name);
		if (i < 0) return undefined;
		const v = argv[i + 1];
		if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
		return v;
	};
	const number = (name: string) => {
		const v = value(name);
		if (v === undefined) return undefined;
		const n = Number(v);
		if (!Number.isInteger(n) || n < 0)
			throw new Error(`${name} must be a whole number, not "${v}"`);
		return n;
	};
	const known = new Set([
		'--write',
		'--yes',
		'--webhook-url',
		'--webhook-listen',
		'--webhook-wait',
		'--budget',
		'--compare-emulator',
		'--emulator',
		'--report-dir',
		'--api-version',
		'--help',
		'-h',
	]);
	const unknown = argv.filter((a) => a.startsWith('-') && !known.has(a));
	if (unknown.length) throw new Error(`unknown option ${unknown.join(', ')} (see --help)`);
	const version = value('--api-version');
	if (version !== undefined && version !== 'default' && !/^\d{4}-\d{2}-\d{2}$/.test(version))
		throw new Error(`--api-version must be a date like 2026-09-17 or "default", not "${version}"`);
	return {
		apiVersion: version === 'default' ? '' : version,
		write: argv.includes('--write'),
		yes: argv.includes('--yes'),
		webhookUrl: value('--webhook-url'),
		webhookListen: number('--webhook-listen'),
		webhookWaitSeconds: number('--webhook-wait') ?? 60,
		budget: number('--budget'),
		compareEmulator: argv.includes('--compare-emulator'),
		emulator: argv.includes('--emulator'),
		reportDir: value('--report-dir') ?? 'test-results/live',
		help: argv.includes('--help') || argv.includes('-h'),
	};
}
