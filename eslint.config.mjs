// Both n8n lint plugins, as the community package scanner runs them, on the shipped code only.
import tsParser from '@typescript-eslint/parser';
import communityNodes from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';

const shipped = ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'];
const languageOptions = {
	parser: tsParser,
	parserOptions: { sourceType: 'module', extraFileExtensions: ['.json'] },
};

export default [
	{ ignores: ['node_modules/**', 'dist/**', 'emulator/**', 'test/**', 'bench/**', 'scripts/**', 'coverage/**', 'test-results/**', '*.js', '*.mjs'] },
	{ ...communityNodes.configs.recommended, files: shipped, languageOptions },
	{
		files: ['package.json'],
		languageOptions,
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		languageOptions,
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Conflicts with @n8n/community-nodes/credential-documentation-url, which wants a full URL.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		languageOptions,
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// The newer plugin requires NodeConnectionTypes.Main; these older rules want the string 'main'.
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-inputs-wrong-trigger-node': 'off',
			// It strips a version suffix (V2) from the file name before comparing it with the node
			// name, so AffinityV2.node.ts for the node affinityV2 (DESIGN.md's fixed names) always fails.
			'n8n-nodes-base/node-filename-against-convention': 'off',
		},
	},
];
