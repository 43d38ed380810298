/**
 * Whether Affinity's servers can reach a URL n8n would register. Affinity delivers every event,
 * and a test event before it saves a webhook (POST /v2/webhooks), from the internet: a URL on
 * this computer, a private network or a local name fails there with a vague "unreachable".
 * Saying so before asking Affinity names the fix: n8n's WEBHOOK_URL and a tunnel.
 */

function ipv4Kind(host: string): string | undefined {
	const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
	if (!m) return undefined;
	const [a, b] = [Number(m[1]), Number(m[2])];
	if (a === 127) return 'a loopback address (this computer)';
	if (a === 0) return 'an unspecified address';
	if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168))
		return 'a private network address';
	if (a === 169 && b === 254) return 'a link-local address';
	if (a === 100 && b >= 64 && b <= 127) return 'a carrier-grade NAT address';
	return undefined;
}

function ipv6Kind(host: string): string | undefined {
	if (!host.includes(':')) return undefined;
	const h = host.toLowerCase();
	if (h === '::1') return 'a loopback address (this computer)';
	if (h === '::') return 'an unspecified address';
	if (/^f[cd][0-9a-f]{0,2}:/.test(h)) return 'a private network address';
	if (/^fe[89ab][0-9a-f]?:/.test(h)) return 'a link-local address';
	// An IPv4-mapped address, as a URL writes it: ::ffff:c0a8:1 is 192.168.0.1.
	const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
	if (!mapped) return undefined;
	const [hi, lo] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
	return ipv4Kind(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
}

/** Why the host cannot be reached from the internet, or undefined when it may be. */
export function localHostKind(host: string): string | undefined {
	const h = host
		.replace(/^\[|\]$/g, '')
		.replace(/\.$/, '')
		.toLowerCase();
	if (h === 'localhost' || h.endsWith('.localhost')) return 'this computer (localhost)';
	const ip = ipv4Kind(h) ?? ipv6Kind(h);
	if (ip) return ip;
	if (/^\d+(\.\d+)*$/.test(h) || h.includes(':')) return undefined;
	if (!h.includes('.')) return 'a name known only on the local network (no domain)';
	if (/\.(local|lan|internal|intranet|home|corp|home\.arpa)$/.test(h))
		return 'a name known only on the local network';
	return undefined;
}

/**
 * Why Affinity cannot reach `webhookUrl`, or undefined. Checked only when the API's own host
 * (the credential's Base URL) is on the internet: an Affinity on this machine or network (a
 * local emulator) reaches local URLs.
 */
export function unreachableWebhookUrl(webhookUrl: string, apiBaseUrl: string): string | undefined {
	let webhook: URL;
	let api: URL;
	try {
		webhook = new URL(webhookUrl);
		api = new URL(apiBaseUrl);
	} catch {
		return undefined;
	}
	if (localHostKind(api.hostname)) return undefined;
	const kind = localHostKind(webhook.hostname);
	return kind ? `${webhook.hostname} is ${kind}` : undefined;
}
