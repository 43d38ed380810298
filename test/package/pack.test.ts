/*
 * What `npm publish` would upload: the tarball `npm pack` builds from the `files` of package.json.
 * Only the built pack, the README, the licence and package.json may be in it (no sources, tests,
 * emulator, fixtures, or the e2e screenshots `n8n-node build` copies into dist/ with every
 * .png of the repository), and everything package.json points n8n at must be.
 * Needs a build (`npm run test:unit` builds before running jest).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { AffinityV2Api } from '../../credentials/AffinityV2Api.credentials';

const ROOT = path.resolve(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
	name: string;
	version: string;
	dependencies?: Record<string, string>;
	homepage: string;
	bugs: { url: string };
	author: { name: string; email: string; url: string };
	repository: { type: string; url: string };
	n8n: { nodes: string[]; credentials: string[] };
};

/** The folders of dist/ a build writes: compiled credentials and nodes, and their icons. */
const SHIPPED = /^(?:README\.md|LICENSE|package\.json|dist\/(?:credentials|nodes|icons)\/.+)$/;

function packedFiles(): string[] {
	if (!fs.existsSync(path.join(ROOT, 'dist'))) {
		throw new Error('dist/ is missing: run `npm run build` first');
	}
	const result = spawnSync('npm', ['pack', '--dry-run', '--json'], { cwd: ROOT, encoding: 'utf8' });
	expect(result.status).toBe(0);
	const [pack] = JSON.parse(result.stdout) as Array<{
		name: string;
		version: string;
		files: Array<{ path: string }>;
	}>;
	expect(pack).toMatchObject({ name: manifest.name, version: manifest.version });
	return pack.files.map((file) => file.path).sort();
}

describe('the published package', () => {
	const files = packedFiles();

	it('holds only dist/, README.md, LICENSE and package.json', () => {
		expect(files.filter((file) => !SHIPPED.test(file))).toEqual([]);
		expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']));
	});

	it('holds every node and credential package.json declares, with codex and icons', () => {
		for (const declared of [...manifest.n8n.nodes, ...manifest.n8n.credentials]) {
			expect(files).toContain(declared);
		}
		for (const node of manifest.n8n.nodes) {
			expect(files).toContain(node.replace(/\.js$/, '.json'));
		}
		expect(files).toEqual(
			expect.arrayContaining(['dist/icons/affinity.svg', 'dist/icons/affinity.dark.svg']),
		);
	});

	it('ships no TypeScript sources and has no runtime dependencies', () => {
		expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
		expect(manifest.dependencies ?? {}).toEqual({});
	});
});

describe('package.json', () => {
	it('names one public GitHub repository for the source, the home page, problems and the author', () => {
		const match = /^git\+(https:\/\/github\.com\/([^/]+)\/[^/]+)\.git$/.exec(
			manifest.repository.url,
		);
		expect(manifest.repository.type).toBe('git');
		expect(match).not.toBeNull();
		const [, repository, owner] = match!;
		expect(manifest.homepage).toBe(`${repository}#readme`);
		expect(manifest.bugs.url).toBe(`${repository}/issues`);
		expect(manifest.author.url).toBe(`https://github.com/${owner}`);
		expect(manifest.author.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
	});

	it("points the credential's documentation link at the pack's own credential page", () => {
		const repository = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
		const credential = new AffinityV2Api();
		expect(credential.documentationUrl).toBe(`${repository}/blob/main/docs/credentials.md`);
	});
});
