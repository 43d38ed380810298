/*
 * The pack as it applied the key before its credential's `authenticate` became a function: a
 * copy of the built pack, installed beside it as a package of its own, whose credential applies
 * the key with the generic block it shipped until then (`Authorization: =Bearer
 * {{$credentials.apiKey}}`), which n8n evaluates in its expression sandbox for every request.
 * Everything else is the same built code, so one n8n run measures before and after side by side.
 */
import fs from 'node:fs';
import path from 'node:path';

import { NODE_TYPES } from '../../scripts/n8n';
import { CREDENTIAL_TYPE } from '../../scripts/n8n/names';
import { PACKAGE_NAME } from '../../scripts/paths';
import type { BenchWorkflow, NodeRef } from './workflows';

export const EXPRESSION_AUTH_PACKAGE = `${PACKAGE_NAME}-expression-auth`;
export const EXPRESSION_AUTH_CREDENTIAL = `${CREDENTIAL_TYPE}Expression`;
const ACTION_TYPE = `${EXPRESSION_AUTH_PACKAGE}.affinityV2`;

/** The credential file's class, given the generic block as an own property (it wins over the method). */
const GENERIC_BLOCK_SUBCLASS = `
;(() => {
	const Shipped = exports.AffinityV2Api;
	class AffinityV2Api extends Shipped {
		constructor() {
			super();
			this.displayName = 'Affinity V2 API (key by expression, bench)';
			this.authenticate = {
				type: 'generic',
				properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey}}' } },
			};
		}
	}
	exports.AffinityV2Api = AffinityV2Api;
})();
`;

function filesUnder(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		return entry.isDirectory() ? filesUnder(full) : [full];
	});
}

/**
 * Copies the pack installed in `userFolder` to a package of its own (name, node types and
 * credential type renamed) whose credential authenticates with the generic block.
 */
export function installExpressionAuthPack(userFolder: string): void {
	const modules = path.join(userFolder, '.n8n', 'nodes', 'node_modules');
	const from = path.join(modules, PACKAGE_NAME);
	const to = path.join(modules, EXPRESSION_AUTH_PACKAGE);
	fs.rmSync(to, { recursive: true, force: true });
	fs.cpSync(from, to, { recursive: true });
	const manifestFile = path.join(to, 'package.json');
	const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { name: string };
	manifest.name = EXPRESSION_AUTH_PACKAGE;
	fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
	// The credential type's name, wherever the code names it (the credential, the nodes'
	// descriptions, the transport), as a quoted string.
	const quoted = new RegExp(`(['"\`])${CREDENTIAL_TYPE}\\1`, 'g');
	for (const file of filesUnder(path.join(to, 'dist')).filter((f) => f.endsWith('.js'))) {
		const text = fs.readFileSync(file, 'utf8');
		const renamed = text.replace(quoted, `$1${EXPRESSION_AUTH_CREDENTIAL}$1`);
		const withBlock = file.endsWith('AffinityV2Api.credentials.js')
			? renamed + GENERIC_BLOCK_SUBCLASS
			: renamed;
		if (withBlock !== text) fs.writeFileSync(file, withBlock);
	}
}

/** The same workflow on the copy: its action node type and credential type. */
export function onExpressionAuth(
	workflow: BenchWorkflow,
	credential: NodeRef,
	suffix = 'ExprAuth',
): BenchWorkflow {
	return {
		...workflow,
		id: `${workflow.id}${suffix}`.slice(0, 36),
		name: `${workflow.name} (key by expression)`,
		nodes: workflow.nodes.map((node) =>
			node.type === NODE_TYPES.action
				? {
						...node,
						id: `${String(node.id)}x`,
						type: ACTION_TYPE,
						credentials: { [EXPRESSION_AUTH_CREDENTIAL]: credential },
					}
				: { ...node, id: `${String(node.id)}x` },
		),
	};
}
