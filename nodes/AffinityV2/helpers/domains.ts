/** A host name of two or more labels (acme.co, eu.acme.example). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A company domain as Affinity keeps it: lower case, without a scheme, path or trailing dot
 * (https://Acme.co/about → acme.co). Undefined when what remains is not a domain name.
 */
export function normalizeDomain(input: string): string | undefined {
	const host = input
		.trim()
		.toLowerCase()
		.replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
		.replace(/[/?#].*$/, '')
		.replace(/\.$/, '');
	return DOMAIN.test(host) ? host : undefined;
}
