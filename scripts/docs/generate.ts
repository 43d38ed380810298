/**
 * The generated parts of README.md and docs/operations.md, from the node n8n loads (its
 * description and the operation modules it routes to, read from the TypeScript sources that
 * `n8n-node build` compiles). `gulp docs` writes them, `gulp docs:check` (in `npm run lint`)
 * fails when a committed file differs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as prettier from 'prettier';

import { AffinityV2 } from '../../nodes/AffinityV2/AffinityV2.node.ts';
import { resources as operationModules } from '../../nodes/AffinityV2/actions/resources';
import {
	collectOperations,
	renderOperationsTables,
	renderReadmeList,
	replaceGenerated,
} from './operations';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export interface GeneratedFile {
	/** Relative to the repository root. */
	file: string;
	/** What the file holds now. */
	committed: string;
	/** What the generator writes. */
	generated: string;
}

async function formatted(file: string, text: string): Promise<string> {
	const options = await prettier.resolveConfig(path.join(REPO_ROOT, file));
	return prettier.format(text, { ...options, filepath: path.join(REPO_ROOT, file) });
}

/** Every generated file, as committed and as generated. Throws on a problem in the operations. */
export async function generatedFiles(): Promise<GeneratedFile[]> {
	const node = new AffinityV2().getNodeType();
	const { resources, problems } = collectOperations(node.description.properties, operationModules);
	if (problems.length > 0)
		throw new Error(`The docs cannot be generated:\n- ${problems.join('\n- ')}`);
	const parts: Array<{ file: string; name: string; content: string }> = [
		{ file: 'docs/operations.md', name: 'operations', content: renderOperationsTables(resources) },
		{
			file: 'README.md',
			name: 'operations',
			content: renderReadmeList(resources, 'docs/operations.md'),
		},
	];
	const files: GeneratedFile[] = [];
	for (const file of [...new Set(parts.map((p) => p.file))]) {
		const committed = readFileSync(path.join(REPO_ROOT, file), 'utf8');
		let text = committed;
		for (const part of parts.filter((p) => p.file === file))
			text = replaceGenerated(text, part.name, part.content);
		files.push({ file, committed, generated: await formatted(file, text) });
	}
	return files;
}
