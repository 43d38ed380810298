/**
 * The queue-mode test: the built pack in n8n's scale-out (Redis, Postgres, a main and two
 * workers) against the emulator. Run by `npm run test:queue`, which builds and provisions first.
 */
/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json', diagnostics: false }],
	},
	maxWorkers: 1,
	testTimeout: 300000,
};
