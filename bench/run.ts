/* Runs every bench/*.bench.ts (or those named on the command line) one after another. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = __dirname;
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
	.filter((f) => f.endsWith('.bench.ts'))
	.filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
	.sort();
let failed = 0;
for (const file of files) {
	console.log(`\n=== ${file}`);
	const result = spawnSync(
		process.execPath,
		[join(dir, '../node_modules/tsx/dist/cli.mjs'), join(dir, file)],
		{ stdio: 'inherit' },
	);
	if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
