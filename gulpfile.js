/**
 * The project's tasks beyond compiling (`n8n-node build` compiles and copies the icons):
 *
 *   gulp docs         writes the generated parts of README.md and docs/operations.md
 *   gulp docs:check   fails when a committed file differs from what `gulp docs` writes
 *                     (run by `npm run lint`)
 *
 * The generator is TypeScript (scripts/docs/), loaded through tsx as the other scripts are.
 */
const { spawnSync } = require('node:child_process');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const tsx = require('tsx/cjs/api');

const { generatedFiles, REPO_ROOT } = tsx.require('./scripts/docs/generate.ts', __filename);

/** A unified diff of the committed file against the generated text (git's, else none). */
function diffOf(file, generated) {
	const folder = mkdtempSync(path.join(tmpdir(), 'docs-check-'));
	try {
		const expected = path.join(folder, path.basename(file));
		writeFileSync(expected, generated);
		const result = spawnSync(
			'git',
			['diff', '--no-index', '--no-color', '--', path.join(REPO_ROOT, file), expected],
			{ encoding: 'utf8' },
		);
		return result.stdout || '';
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

async function docs() {
	for (const { file, committed, generated } of await generatedFiles()) {
		if (committed === generated) continue;
		writeFileSync(path.join(REPO_ROOT, file), generated);
		console.log(`wrote ${file}`);
	}
}
docs.description = 'Write the generated parts of README.md and docs/operations.md';

async function docsCheck() {
	const stale = (await generatedFiles()).filter((f) => f.committed !== f.generated);
	if (stale.length === 0) return;
	for (const { file, generated } of stale) console.error(diffOf(file, generated));
	throw new Error(
		`${stale.map((f) => f.file).join(', ')} differ from what the generator writes: run \`npx gulp docs\` and commit the result`,
	);
}
docsCheck.description = 'Fail when README.md or docs/operations.md differs from the generator';

exports.docs = docs;
exports['docs:check'] = docsCheck;
