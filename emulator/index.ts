export { Emulator, startEmulator } from './server';
export type { EmulatorOptions, RequestLogEntry, EmulatorSettings } from './server';
export { DEMO_KEYS, DEMO_KEY } from './auth';
export type { ApiKey } from './auth';
export type { FaultSpec } from './faults';
export { ID_START, DEFAULT_SIZES, pacificMidnight } from './seed';
