import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The action node's layout: a resource folder holds its operations (one file each) and its
 * index, nothing else; building blocks live in actions/common. Imports run downward: no building
 * block, API reader, transport or helper imports an operation, and no action imports methods/.
 */
const NODE = resolve(__dirname, '../../nodes/AffinityV2');
const ACTIONS = join(NODE, 'actions');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return path.endsWith('.ts') ? [path] : [];
	});
}

function relativeImports(file: string): string[] {
	const text = readFileSync(file, 'utf8');
	return [...text.matchAll(/(?:import|export)[^'";]*?from\s+'(\.[^']+)'/g)].map((m) =>
		relative(NODE, resolve(dirname(file), m[1])),
	);
}

const resourceFolders = readdirSync(ACTIONS).filter(
	(name) => name !== 'common' && statSync(join(ACTIONS, name)).isDirectory(),
);

describe('action node layout', () => {
	it('has resource folders to check', () => {
		expect(resourceFolders.length).toBeGreaterThanOrEqual(17);
	});

	it.each(resourceFolders)('actions/%s holds only its operations and index', (folder) => {
		const stray = readdirSync(join(ACTIONS, folder)).filter(
			(name) => name !== 'index.ts' && !name.endsWith('.operation.ts'),
		);
		expect(stray).toEqual([]);
	});

	const lowerLayers = ['actions/common', 'api', 'transport', 'helpers'];
	it.each(lowerLayers)('nothing under %s imports an operation or a resource folder', (layer) => {
		const upward = sourceFiles(join(NODE, layer)).flatMap((file) =>
			relativeImports(file)
				.filter((target) => resourceFolders.some((r) => target.startsWith(`actions/${r}`)))
				.map((target) => `${relative(NODE, file)} -> ${target}`),
		);
		expect(upward).toEqual([]);
	});

	it('no action imports methods/', () => {
		const upward = sourceFiles(ACTIONS).flatMap((file) =>
			relativeImports(file)
				.filter((target) => target.startsWith('methods'))
				.map((target) => `${relative(NODE, file)} -> ${target}`),
		);
		expect(upward).toEqual([]);
	});
});
