/*
 * Shared by `npm start`, the e2e tests, the browser test and `npm run bench:n8n`: the pack
 * installed into an n8n user folder, the emulator and real n8n as child processes, n8n's CLI,
 * readiness, and its REST API. One concern a file; this index is what callers import.
 */
export { CHROMIUM_PATH, PACKAGE_NAME, REPO_ROOT } from '../paths';
export { type CliResult, type Execution, n8nCli, n8nExecute, n8nImport } from './cli';
export { credentialExport, type CredentialSpec, postgresCredentialExport } from './credentials';
export { type RunningEmulator, startEmulator } from './emulator';
export { CREDENTIAL_TYPE, NODE_TYPES, OWNER } from './names';
export { installPack, packNodeNames } from './pack';
export { freePort, ManagedProcess, type ManagedProcessOptions, stopAll } from './processes';
export { startPostgres, type RunningPostgres } from './postgres';
export {
	executionsRunBy,
	type QueueServices,
	type RunningWorker,
	startMain,
	startQueueServices,
	startWorker,
} from './queue';
export { type RunningRedis, startRedis } from './redis';
export { N8nRest, RestError, type StoredExecution } from './rest';
export { type ExecutionError, nodeOutput, parseRun, unflatten, type WorkflowRun } from './runs';
export { type RunningN8n, startN8n } from './server';
export { n8nEnv, type N8nSetup, prepareN8n } from './setup';
export { ensurePostgresBinaries, ensureSystemBinaries } from './system';
