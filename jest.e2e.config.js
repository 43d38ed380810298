/**
 * The e2e and browser tests: the built pack in real n8n (see scripts/provision-n8n.ts) against the
 * emulator. Run by `npm run test:e2e`, which builds and provisions first. One file at a time:
 * each starts its own n8n (about 800 MB) and the machine may have two cores.
 */
/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json', diagnostics: false }],
	},
	maxWorkers: 1,
	testTimeout: 180000,
};
