/*
 * The release workflow cannot run here (it needs GitHub's OIDC token and npm), so this checks what
 * it would do: when it runs, with which permissions, and that it publishes with provenance only
 * after the same tests as `npm run test:unit`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
	version: string;
	scripts: Record<string, string>;
};

interface Step {
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
}
interface Workflow {
	on: { push?: { tags?: string[]; branches?: string[] }; [event: string]: unknown };
	permissions?: Record<string, string>;
	jobs: Record<string, { permissions?: Record<string, string>; steps: Step[] }>;
}

const workflow = parse(
	fs.readFileSync(path.join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8'),
) as Workflow;
const jobs = Object.values(workflow.jobs);
const steps = jobs.flatMap((job) => job.steps);
const runs = steps.map((step) => step.run ?? '');
const indexOfRun = (pattern: RegExp) => runs.findIndex((run) => pattern.test(run));

/** GitHub's tag filter: `*` matches any run of characters except `/`. */
function matchesTagFilter(filter: string, tag: string): boolean {
	const pattern = filter
		.split('*')
		.map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
		.join('[^/]*');
	return new RegExp(`^${pattern}$`).test(tag);
}

describe('release workflow', () => {
	it('runs only when a version tag is pushed', () => {
		expect(Object.keys(workflow.on)).toEqual(['push']);
		expect(workflow.on.push?.branches).toBeUndefined();
		const tags = workflow.on.push?.tags ?? [];
		expect(tags.some((filter) => matchesTagFilter(filter, `v${manifest.version}`))).toBe(true);
		expect(tags.some((filter) => matchesTagFilter(filter, 'main'))).toBe(false);
		expect(tags.some((filter) => matchesTagFilter(filter, 'latest'))).toBe(false);
	});

	it('may mint the OIDC token for provenance and otherwise only read the repository', () => {
		expect(jobs).toHaveLength(1);
		expect(jobs[0].permissions).toEqual({ contents: 'read', 'id-token': 'write' });
		expect(workflow.permissions).toEqual({ contents: 'read' });
	});

	it('checks out, sets up Node from the npm registry and installs from the lockfile', () => {
		expect(steps[0].uses).toMatch(/^actions\/checkout@v\d+$/);
		const setupNode = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
		expect(setupNode?.with?.['registry-url']).toBe('https://registry.npmjs.org');
		expect(indexOfRun(/^npm ci\b/)).toBeGreaterThan(0);
	});

	it('publishes with provenance and public access, after the unit layer and the tag check', () => {
		const publish = indexOfRun(/^npm publish\b/);
		expect(runs[publish]).toBe('npm publish --provenance --access public');
		expect(runs.filter((run) => /npm publish/.test(run))).toHaveLength(1);
		expect(indexOfRun(/^npm run test:unit$/)).toBeGreaterThan(indexOfRun(/^npm ci\b/));
		expect(indexOfRun(/^npm run test:unit$/)).toBeLessThan(publish);
		expect(indexOfRun(/GITHUB_REF_NAME/)).toBeLessThan(publish);
	});

	it('refuses a tag that is not the package version', () => {
		const check = runs[indexOfRun(/GITHUB_REF_NAME/)];
		const runCheck = (tag: string) =>
			spawnSync('bash', ['-e', '-c', check], {
				cwd: ROOT,
				env: { ...process.env, GITHUB_REF_NAME: tag },
			}).status;
		expect(runCheck(`v${manifest.version}`)).toBe(0);
		expect(runCheck(`v${manifest.version}9`)).not.toBe(0);
		expect(runCheck(manifest.version)).not.toBe(0);
	});

	it('tests what the scanner checks: both of its legs run in the unit layer', () => {
		const unit = manifest.scripts['test:unit'];
		expect(unit).toMatch(/npm run lint\b/);
		expect(manifest.scripts.lint).toMatch(/npm run scan:source\b/);
		expect(unit).toMatch(/npm run build\b.*npm run scan:dist\b/);
		expect(manifest.scripts['scan:source']).toBe('tsx scripts/scan-package.ts source');
		expect(manifest.scripts['scan:dist']).toBe('tsx scripts/scan-package.ts dist');
	});
});
