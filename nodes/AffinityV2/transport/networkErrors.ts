/** Reading a failed request: the network error's code, a message for it, a path fit to show. */

export function errorCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
		current = (current as { cause?: unknown }).cause;
	}
	const message = error instanceof Error ? error.message : '';
	if (/timeout/i.test(message)) return 'ETIMEDOUT';
	if (/socket hang up|ECONNRESET/i.test(message)) return 'ECONNRESET';
	if (/aborted|cancel/i.test(message)) return 'ECANCELED';
	return undefined;
}

export function describeNetworkFailure(code: string): string {
	switch (code) {
		case 'ETIMEDOUT':
		case 'ECONNABORTED':
			return 'Affinity did not answer in time';
		case 'ECONNRESET':
			return 'The connection to Affinity was reset';
		case 'ECONNREFUSED':
			return 'The connection to Affinity was refused';
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return 'The Affinity host name could not be resolved';
		default:
			return `The request to Affinity failed (${code})`;
	}
}

/** A path for messages: without its query (a cursor says nothing to a user), cut short. */
export function shown(path: string): string {
	const text = JSON.stringify(path.split('?')[0]);
	return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
