export { Emulator, startEmulator } from './server';
export type { EmulatorOptions, Exchange } from './server';
export type { RequestLogEntry, EmulatorSettings, RouteContext } from './context';
export { DEMO_KEYS, DEMO_KEY } from './auth';
export type { ApiKey } from './auth';
export type { FaultSpec } from './faults';
export { ID_START, DEFAULT_SIZES } from './seed';
export { pacificMidnight } from './pacificDate';
