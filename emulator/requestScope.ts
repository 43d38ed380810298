import { AsyncLocalStorage } from 'node:async_hooks';

import type { EmulatorSettings } from './context';

/**
 * The settings of the emulator answering the current request, for the pure modules that
 * handlers call without a context (filter compilation, paging, value parsing). Outside a
 * request (unit tests, seeding) there is none and those modules behave as the API's default.
 */
const scope = new AsyncLocalStorage<EmulatorSettings>();

export function withSettings<T>(settings: EmulatorSettings, fn: () => T): T {
	return scope.run(settings, fn);
}

/** The current request's settings, or undefined outside a request. */
export function currentSettings(): EmulatorSettings | undefined {
	return scope.getStore();
}
