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

	it("pure helpers import only helpers: the action node's helpers/, and the trigger's helpers/ the action node's too", () => {
		const root = resolve(__dirname, '../..');
		const helperFolders = ['nodes/AffinityV2/helpers', 'nodes/AffinityV2Trigger/helpers'];
		const files = helperFolders.flatMap((folder) => sourceFiles(join(root, folder)));
		expect(files.length).toBeGreaterThan(40);
		const outside = files.flatMap((file) =>
			[...readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'";]*?from\s+'(\.[^']+)'/g)]
				.map((m) => relative(root, resolve(dirname(file), m[1])))
				.filter((target) => !helperFolders.some((folder) => target.startsWith(`${folder}/`)))
				.map((target) => `${relative(root, file)} -> ${target}`),
		);
		expect(outside).toEqual([]);
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

/** Every module under nodes/ and credentials/ with the modules it imports (relative imports). */
function importGraph(): Map<string, string[]> {
	const root = resolve(__dirname, '../..');
	const files = [...sourceFiles(join(root, 'nodes')), ...sourceFiles(join(root, 'credentials'))];
	const known = new Set(files);
	const target = (from: string, spec: string) => {
		const base = resolve(dirname(from), spec);
		return [`${base}.ts`, join(base, 'index.ts'), base].find((f) => known.has(f));
	};
	return new Map(
		files.map((file) => {
			const text = readFileSync(file, 'utf8');
			const specs = [...text.matchAll(/(?:import|export)[^'";]*?from\s+'(\.[^']+)'/g)].map(
				(m) => m[1],
			);
			const targets = specs
				.map((spec) => target(file, spec))
				.filter((t): t is string => t !== undefined);
			return [relative(root, file), targets.map((t) => relative(root, t))];
		}),
	);
}

/** The import cycles of a graph, each as the path that closes it (depth-first search). */
function cycles(graph: Map<string, string[]>): string[] {
	const found: string[] = [];
	const state = new Map<string, 'open' | 'done'>();
	const stack: string[] = [];
	const visit = (node: string) => {
		state.set(node, 'open');
		stack.push(node);
		for (const next of graph.get(node) ?? []) {
			if (state.get(next) === 'open')
				found.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
			else if (!state.has(next)) visit(next);
		}
		stack.pop();
		state.set(node, 'done');
	};
	for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
	return found;
}

describe('imports under nodes/', () => {
	it('finds a cycle when there is one', () => {
		const graph = new Map([
			['a.ts', ['b.ts']],
			['b.ts', ['c.ts']],
			['c.ts', ['a.ts']],
			['d.ts', ['a.ts']],
		]);
		expect(cycles(graph)).toEqual(['a.ts -> b.ts -> c.ts -> a.ts']);
	});

	it('run one way: no module imports itself through others', () => {
		const graph = importGraph();
		expect(graph.size).toBeGreaterThan(100);
		expect(graph.get('nodes/AffinityV2Trigger/pollTrigger.ts')).toEqual(
			expect.arrayContaining([
				'nodes/AffinityV2Trigger/changeLogPoll.ts',
				'nodes/AffinityV2Trigger/poll.ts',
			]),
		);
		expect(cycles(graph)).toEqual([]);
	});
});
