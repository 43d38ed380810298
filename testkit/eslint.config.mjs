// Development tooling, never shipped to n8n: n8n's node rules (no `process`, no Node imports, …)
// do not apply here, so this folder has its own configuration. ESLint looks a file's
// configuration up from the file's folder (ESLINT_FLAGS=unstable_config_lookup_from_file in
// `npm run lint`), which keeps the root eslint.config.mjs exactly n8n's default (strict mode).
import tsParser from '@typescript-eslint/parser';
import tsPlugin from '@typescript-eslint/eslint-plugin';

export default [
	{
		files: ['**/*.ts'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
		plugins: { '@typescript-eslint': tsPlugin },
		rules: {
			...tsPlugin.configs['eslint-recommended'].overrides[0].rules,
			...tsPlugin.configs.recommended.rules,
			'@typescript-eslint/no-explicit-any': 'off',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
			],
		},
	},
];
