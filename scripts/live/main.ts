/**
 * The live contract check: runs every operation of the node through the real n8n-core engine
 * against an Affinity account (or the emulator) and reports where the answers differ from the
 * description of the API edition it runs on. `npm run test:live -- --help` says how to run it.
 *
 * This file reads the command line and stops early (no key, no confirmation) without loading
 * n8n or the emulator: check.ts, which does the work, is loaded only for a run.
 */
import { createInterface } from 'node:readline/promises';

process.env.N8N_LOG_LEVEL ||= 'silent';

import { DEMO_KEY } from '../../emulator/auth';
import { parseArgs, USAGE, type Options } from './options';

async function confirm(question: string): Promise<boolean> {
	if (!process.stdin.isTTY) return false;
	const rl = createInterface({ input: process.stdin, output: process.stdout });
	try {
		return /^y(es)?$/i.test((await rl.question(question)).trim());
	} finally {
		rl.close();
	}
}

async function main(): Promise<number> {
	let options: Options;
	try {
		options = parseArgs(process.argv.slice(2));
	} catch (error) {
		console.error(`test:live: ${(error as Error).message}`);
		return 2;
	}
	if (options.help) {
		console.log(USAGE);
		return 0;
	}
	const apiVersion = options.apiVersion ?? process.env.AFFINITY_API_VERSION ?? '2026-07-15';
	let apiKey = process.env.AFFINITY_API_KEY ?? '';
	let baseUrl = (process.env.AFFINITY_BASE_URL ?? '').replace(/\/+$/, '');
	// --emulator without a Base URL: an emulator of its own, started once the run is confirmed.
	const ownEmulator = options.emulator && !baseUrl;
	if (options.emulator) {
		// The emulator's demo admin key, unless a key for another emulator is given.
		apiKey ||= DEMO_KEY;
	} else if (!apiKey) {
		console.log(`No AFFINITY_API_KEY: nothing was checked.\n\n${USAGE}`);
		return 0;
	}
	if (!ownEmulator) baseUrl ||= 'https://api.affinity.co';
	const host = ownEmulator ? 'an emulator started for the check' : new URL(baseUrl).host;
	if (options.write && !options.yes) {
		const ok = await confirm(
			`This writes to ${host}: it makes a person, a company, notes, a reminder, fields and dropdown options, a list entry, an opportunity, a meeting${options.webhookUrl ? ', a webhook' : ''} and a small text file in its sandbox lists and on its own records, and for the live facts two more companies (one merged into the other), a date and a location field, then removes them (the file goes with the company: the API cannot delete files). Go ahead? [y/N] `,
		);
		if (!ok) {
			console.error(
				process.stdin.isTTY
					? 'Not confirmed: nothing was written.'
					: '--write needs --yes when there is no terminal to confirm on: nothing was written.',
			);
			return 2;
		}
	}
	const { runCheck } = await import('./check');
	return runCheck(options, { apiVersion, apiKey, baseUrl: ownEmulator ? undefined : baseUrl });
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(`test:live failed: ${(error as Error).stack ?? error}`);
		process.exit(1);
	},
);
