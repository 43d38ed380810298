import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The action node's layout: a resource folder holds its operations (one file each), its index and
 * the building blocks that serve it alone; the building blocks several resources compose live in
 * folders named for what they do (no "common" drawer), each with a README saying what it offers.
 * Imports run downward: no building block, API reader, transport or helper imports an operation
 * or another resource's folder, and no action imports methods/.
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

const actionFolders = readdirSync(ACTIONS).filter((name) =>
	statSync(join(ACTIONS, name)).isDirectory(),
);
const resourceFolders = actionFolders.filter((name) =>
	readdirSync(join(ACTIONS, name)).some((file) => file.endsWith('.operation.ts')),
);
const capabilityFolders = actionFolders.filter((name) => !resourceFolders.includes(name));

describe('action node layout', () => {
	it('has resource folders and building-block folders to check, and no drawer', () => {
		expect(resourceFolders.length).toBeGreaterThanOrEqual(17);
		expect(capabilityFolders.length).toBeGreaterThanOrEqual(5);
		expect(actionFolders.filter((name) => /^(common|misc|shared|utils?)$/i.test(name))).toEqual([]);
	});

	it.each(resourceFolders)(
		'actions/%s holds its operations, its index and blocks no other folder imports',
		(folder) => {
			const own = readdirSync(join(ACTIONS, folder))
				.filter((name) => name !== 'index.ts' && !name.endsWith('.operation.ts'))
				.map((name) => `actions/${folder}/${name.replace(/\.ts$/, '')}`);
			const fromOutside = sourceFiles(NODE)
				.filter((file) => !file.startsWith(join(ACTIONS, folder) + '/'))
				.flatMap((file) =>
					relativeImports(file)
						.filter((target) => own.includes(target))
						.map((target) => `${relative(NODE, file)} -> ${target}`),
				);
			expect(fromOutside).toEqual([]);
		},
	);

	it.each(capabilityFolders)(
		'actions/%s holds building blocks, no operation, and a README saying what it offers',
		(folder) => {
			const names = readdirSync(join(ACTIONS, folder));
			expect(names.filter((name) => name.endsWith('.operation.ts'))).toEqual([]);
			const readme = readFileSync(join(ACTIONS, folder, 'README.md'), 'utf8');
			// Every block of the folder is named in its README.
			const blocks = names.filter((name) => name.endsWith('.ts'));
			expect(blocks.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
		},
	);

	const lowerLayers = [
		...capabilityFolders.map((folder) => `actions/${folder}`),
		'pickers',
		'api',
		'transport',
		'helpers',
	];
	it.each(lowerLayers)('nothing under %s imports an operation or a resource folder', (layer) => {
		const upward = sourceFiles(join(NODE, layer)).flatMap((file) =>
			relativeImports(file)
				.filter((target) => resourceFolders.some((r) => target.startsWith(`actions/${r}/`)))
				.map((target) => `${relative(NODE, file)} -> ${target}`),
		);
		expect(upward).toEqual([]);
	});

	it('the triggers import nothing from actions/: what the three nodes share stands outside it', () => {
		const root = resolve(__dirname, '../..');
		const triggerFiles = ['nodes/AffinityV2Trigger', 'nodes/AffinityV2WebhookTrigger'].flatMap(
			(folder) => sourceFiles(join(root, folder)),
		);
		expect(triggerFiles.length).toBeGreaterThan(30);
		const intoActions = triggerFiles.flatMap((file) =>
			relativeImports(file)
				.filter((target) => target.startsWith('actions/'))
				.map((target) => `${relative(root, file)} -> ${target}`),
		);
		expect(intoActions).toEqual([]);
	});

	it("the trigger's two detections never import each other, and what they share imports neither", () => {
		const trigger = resolve(__dirname, '../../nodes/AffinityV2Trigger');
		const detections = ['snapshot', 'changeLog'];
		const shared = ['poll', 'state', 'helpers'];
		for (const folder of [...detections, ...shared])
			expect(sourceFiles(join(trigger, folder)).length).toBeGreaterThan(0);
		const into = (file: string) =>
			[...readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'";]*?from\s+'(\.[^']+)'/g)]
				.map((m) => relative(trigger, resolve(dirname(file), m[1])))
				.filter((target) => !target.startsWith('..'));
		const against = (from: string[], to: (own: string) => string[]) =>
			from.flatMap((folder) =>
				sourceFiles(join(trigger, folder)).flatMap((file) =>
					into(file)
						.filter((target) => to(folder).some((other) => target.startsWith(`${other}/`)))
						.map((target) => `${relative(trigger, file)} -> ${target}`),
				),
			);
		expect(against(detections, (own) => detections.filter((d) => d !== own))).toEqual([]);
		expect(against(shared, () => detections)).toEqual([]);
		const readme = readFileSync(join(trigger, 'README.md'), 'utf8');
		const unnamed = sourceFiles(trigger)
			.map((file) => relative(trigger, file))
			.filter((file) => !file.startsWith('state/') && !file.startsWith('helpers/'))
			.filter((file) => !readme.includes(`\`${file.split('/').pop()}\``));
		expect(unnamed).toEqual([]);
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
				'nodes/AffinityV2Trigger/changeLog/changeLogPoll.ts',
				'nodes/AffinityV2Trigger/snapshot/snapshotPoll.ts',
				'nodes/AffinityV2Trigger/config.ts',
			]),
		);
		expect(cycles(graph)).toEqual([]);
	});
});

/**
 * One calling style across building blocks: a function takes n8n's context as `this` (called with
 * `.call(this, …)`), never as a parameter. A parameter counts as the context when its type names
 * one of n8n's context types or a local alias of them (AffinityContext), or when it is named ctx
 * or context. Returns "file:line name(parameter)" for each parameter that breaks the rule.
 */
const N8N_CONTEXTS =
	/\bI(?:Execute|ExecuteSingle|LoadOptions|Hook|Webhook|Poll|Trigger)Functions\b/;

function contextParameters(files: Array<{ name: string; text: string }>): string[] {
	const sources = files.map(({ name, text }) =>
		ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true),
	);
	// Local names of the context types: aliases of them, or of aliases of them.
	const aliases = new Set<string>();
	const mentionsContext = (text: string) =>
		N8N_CONTEXTS.test(text) || [...aliases].some((a) => new RegExp(`\\b${a}\\b`).test(text));
	for (let grew = true; grew; ) {
		grew = false;
		for (const source of sources)
			source.forEachChild((node) => {
				if (!ts.isTypeAliasDeclaration(node) || aliases.has(node.name.text)) return;
				if (ts.isFunctionTypeNode(node.type) || !mentionsContext(node.type.getText(source))) return;
				aliases.add(node.name.text);
				grew = true;
			});
	}
	const found: string[] = [];
	for (const source of sources) {
		const visit = (node: ts.Node) => {
			if (ts.isFunctionLike(node))
				for (const parameter of node.parameters) {
					const name = parameter.name.getText(source);
					if (name === 'this') continue;
					const type = parameter.type?.getText(source) ?? '';
					if (!mentionsContext(type) && !/^(ctx|context)$/.test(name)) continue;
					const line = source.getLineAndCharacterOfPosition(parameter.getStart(source)).line + 1;
					const fn = (node as ts.FunctionLikeDeclaration).name?.getText(source) ?? '(anonymous)';
					found.push(`${source.fileName}:${line} ${fn}(${name})`);
				}
			ts.forEachChild(node, visit);
		};
		visit(source);
	}
	return found;
}

describe('one calling style across building blocks', () => {
	it('finds the context passed as a parameter, under its own type, an alias or its usual name', () => {
		const text = [
			"import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';",
			'type Ctx = IExecuteFunctions | ILoadOptionsFunctions;',
			'type Reader = (this: ILoadOptionsFunctions) => void;',
			'export function good(this: Ctx, id: number): void {}',
			'export function direct(ctx: IExecuteFunctions, id: number): void {}',
			'export const aliased = async (fns: Ctx) => fns;',
			'function named(id: number, context: object): void {}',
			'export const reader: Reader = function (this: ILoadOptionsFunctions) {};',
		].join('\n');
		expect(contextParameters([{ name: 'sample.ts', text }])).toEqual([
			'sample.ts:5 direct(ctx)',
			'sample.ts:6 (anonymous)(fns)',
			'sample.ts:7 named(context)',
		]);
	});

	it("the three nodes take n8n's context as this, never as a parameter", () => {
		const root = resolve(__dirname, '../..');
		const files = ['nodes/AffinityV2', 'nodes/AffinityV2WebhookTrigger', 'nodes/AffinityV2Trigger']
			.flatMap((folder) => sourceFiles(join(root, folder)))
			.map((file) => ({ name: relative(root, file), text: readFileSync(file, 'utf8') }));
		expect(files.length).toBeGreaterThan(200);
		expect(contextParameters(files)).toEqual([]);
	});
});
