// n8n's own rule set for community nodes (the configuration `n8n-node lint` scaffolds), unchanged,
// on what the package ships. The rest of the repository (emulator, tests, scripts, benchmarks) is
// Node tooling that never reaches n8n, so node rules such as "no `process`" do not apply to it.
// `npm run lint` also runs n8n's community package scanner on the same files
// (scripts/scan-package.ts), which ignores inline `eslint-disable` comments.
import { config } from '@n8n/node-cli/eslint';

export default [
	{
		ignores: [
			'bench/**',
			'coverage/**',
			'emulator/**',
			'scripts/**',
			'test/**',
			'test-results/**',
			'*.js',
			'*.mjs',
		],
	},
	...config,
];
