/**
 * After `npm install` adds or updates a dev dependency, run `npx tsx scripts/fix-lockfile.ts`.
 *
 * npm records no lock entry for an optional platform package that the registry reachable here does
 * not serve (unrs-resolver's bindings other than Linux x64/arm64, pulled in by @n8n/node-cli), and
 * `npm ci` then rejects the lock as out of sync. An entry with the platform fields only satisfies
 * `npm ci`, which skips it on every other platform and never fetches it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface LockEntry {
	version?: string;
	optional?: boolean;
	os?: string[];
	cpu?: string[];
	libc?: string[];
	optionalDependencies?: Record<string, string>;
}

const PLATFORMS = ['android', 'darwin', 'freebsd', 'linux', 'openharmony', 'win32'];
const file = join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
	for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
		const at = `node_modules/${name}`;
		if (lock.packages[at] || lock.packages[`${key ? `${key}/` : ''}${at}`]) continue;
		const parts = (name.split('/').pop() ?? name).replace(/^resolver-binding-/, '').split('-');
		if (!PLATFORMS.includes(parts[0])) continue;
		const platformEntry: LockEntry = { version, optional: true, os: [parts[0]], cpu: [parts[1]] };
		if (parts.some((p) => p.startsWith('gnu'))) platformEntry.libc = ['glibc'];
		if (parts.some((p) => p.startsWith('musl'))) platformEntry.libc = ['musl'];
		lock.packages[at] = platformEntry;
		added++;
	}
}
const sorted: Record<string, LockEntry> = {};
for (const key of Object.keys(lock.packages).sort()) sorted[key] = lock.packages[key];
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`fix-lockfile: ${added} platform entries added`);
