import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The emulator's modules import downward: the server knows the routes, the routes know the
 * context types, and nothing imports back up. A cycle (type imports count: they couple the
 * files just the same) makes a new route file depend on the whole server.
 */
const ROOT = resolve(__dirname, '../../emulator');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return path.endsWith('.ts') ? [path] : [];
	});
}

function importsOf(file: string): string[] {
	const text = readFileSync(file, 'utf8');
	const found: string[] = [];
	for (const match of text.matchAll(/(?:import|export)[^'";]*?from\s+'(\.[^']+)'/g)) {
		const base = resolve(dirname(file), match[1]);
		const candidates = [`${base}.ts`, join(base, 'index.ts')];
		const target = candidates.find((c) => {
			try {
				return statSync(c).isFile();
			} catch {
				return false;
			}
		});
		if (target) found.push(target);
	}
	return found;
}

/** Every cycle's members (strongly connected components of more than one file, or a self-import). */
function cycles(graph: Map<string, string[]>): string[][] {
	let index = 0;
	const indexOf = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const result: string[][] = [];
	const visit = (node: string) => {
		indexOf.set(node, index);
		low.set(node, index++);
		stack.push(node);
		onStack.add(node);
		for (const next of graph.get(node) ?? []) {
			if (!indexOf.has(next)) {
				visit(next);
				low.set(node, Math.min(low.get(node)!, low.get(next)!));
			} else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
		}
		if (low.get(node) === indexOf.get(node)) {
			const component: string[] = [];
			let member: string;
			do {
				member = stack.pop()!;
				onStack.delete(member);
				component.push(member);
			} while (member !== node);
			if (component.length > 1 || (graph.get(node) ?? []).includes(node)) result.push(component);
		}
	};
	for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
	return result;
}

describe('emulator import graph', () => {
	it('has no import cycle', () => {
		const graph = new Map(sourceFiles(ROOT).map((file) => [file, importsOf(file)]));
		const found = cycles(graph).map((c) => c.map((f) => relative(ROOT, f)).sort());
		expect(found).toEqual([]);
	});

	it('no route imports the server', () => {
		const routes = sourceFiles(join(ROOT, 'routes'));
		const offenders = routes.filter((file) =>
			importsOf(file).some((target) => target === join(ROOT, 'server.ts')),
		);
		expect(offenders.map((f) => relative(ROOT, f))).toEqual([]);
	});
});
