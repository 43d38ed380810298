/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	setupFiles: ['<rootDir>/test/setup-env.js'],
	testMatch: ['**/*.test.ts'],
	transform: {
		// Type checking is done once by `npm run typecheck`; isolated transpiling keeps jest fast.
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json', diagnostics: false }],
	},
	testPathIgnorePatterns: [
		'/node_modules/',
		'/dist/',
		'<rootDir>/test/e2e/',
		'<rootDir>/test/queue/',
	],
	testTimeout: 60000,
	// Two cores on CI: integration suites each start their own emulator on an ephemeral port.
	maxWorkers: process.env.CI ? 2 : '50%',
};
