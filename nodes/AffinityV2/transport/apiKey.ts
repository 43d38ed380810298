/**
 * What is wrong with an API key as pasted, before it goes into an `Authorization` header: the
 * HTTP client cannot send line breaks or characters outside Latin-1 as they are, and would
 * alter them silently, so the user would see only "check the key". Undefined when it is fine.
 */
export function apiKeyProblem(key: string): string | undefined {
	if (/[\r\n]/.test(key)) {
		return 'The API key contains a line break: paste it again without spaces or new lines';
	}
	const codes = Array.from(key, (character) => character.codePointAt(0) ?? 0);
	if (codes.some((code) => code < 0x20 || (code >= 0x7f && code <= 0x9f))) {
		return 'The API key contains a control character (such as a tab): paste it again as plain text';
	}
	if (codes.some((code) => code > 0xff)) {
		return 'The API key contains a character that cannot be sent in a header (outside Latin-1, such as a typographic quote or an emoji): paste it again from Affinity';
	}
	return undefined;
}
