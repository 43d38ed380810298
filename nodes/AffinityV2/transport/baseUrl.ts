export const LOOPBACK_HTTP = /^http:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

export const DEFAULT_BASE_URL = 'https://api.affinity.co';

/**
 * Normalises the credential's base URL: trims it, drops trailing slashes and a `/v2` suffix a
 * user may have typed (every path we send starts with /v2). Returns an error text for plain
 * http to a host other than loopback, so that the key is never sent in clear over a network.
 */
export function normalizeBaseUrl(raw: unknown): { url: string } | { error: string } {
	const text = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : DEFAULT_BASE_URL;
	const url = text.replace(/\/+$/, '').replace(/\/v2$/i, '').replace(/\/+$/, '');
	if (!/^https?:\/\/[^/\s]+/i.test(url)) {
		return {
			error: `The Base URL "${url}" is not a URL. Use https://api.affinity.co, or leave the field empty.`,
		};
	}
	if (/^http:\/\//i.test(url) && !LOOPBACK_HTTP.test(url)) {
		return {
			error: `The Base URL "${url}" uses plain http://, which would send the API key unencrypted. Use https:// (plain http is accepted only for localhost).`,
		};
	}
	return { url };
}
