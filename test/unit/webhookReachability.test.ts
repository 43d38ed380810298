/** Which webhook URLs Affinity's servers cannot reach: refused before any request. */
import {
	localHostKind,
	unreachableWebhookUrl,
} from '../../nodes/AffinityV2WebhookTrigger/reachability';

const AFFINITY = 'https://api.affinity.co';

describe('unreachableWebhookUrl', () => {
	it.each([
		['http://localhost:5678/webhook/abc', /localhost is this computer/],
		['http://127.0.0.1:5678/webhook/abc', /loopback/],
		['http://[::1]:5678/webhook/abc', /loopback/],
		['http://10.0.0.4/webhook/abc', /private network address/],
		['http://172.20.1.1/webhook/abc', /private network address/],
		['https://192.168.1.20/webhook/abc', /private network address/],
		['http://169.254.10.1/webhook/abc', /link-local/],
		['http://100.100.1.1/webhook/abc', /carrier-grade NAT/],
		['http://[fd12:3456::1]/webhook/abc', /private network address/],
		['http://[fe80::1]/webhook/abc', /link-local/],
		['http://[::ffff:192.168.0.1]/webhook/abc', /private network address/],
		['http://n8n.local:5678/webhook/abc', /local network/],
		['http://n8n:5678/webhook/abc', /no domain/],
		['http://app.localhost/webhook/abc', /this computer/],
		['https://n8n.corp.internal/webhook/abc', /local network/],
	])('%s cannot be reached from Affinity', (url, why) => {
		expect(unreachableWebhookUrl(url, AFFINITY)).toMatch(why);
	});

	it.each([
		'https://n8n.example.com/webhook/abc',
		'https://abc123.ngrok-free.app/webhook/abc',
		'http://203.0.113.7:5678/webhook/abc',
		'https://172.32.0.1/webhook/abc',
		'https://[2001:db8::1]/webhook/abc',
	])('%s may be reached', (url) => {
		expect(unreachableWebhookUrl(url, AFFINITY)).toBeUndefined();
	});

	it('is no refusal when Affinity itself is local (an emulator on this machine)', () => {
		for (const base of ['http://127.0.0.1:4010', 'http://localhost:4010', 'https://affinity.lan'])
			expect(unreachableWebhookUrl('http://127.0.0.1:5678/webhook/abc', base)).toBeUndefined();
	});

	it('says nothing of what is no URL', () => {
		expect(unreachableWebhookUrl('not a url', AFFINITY)).toBeUndefined();
		expect(localHostKind('example.com')).toBeUndefined();
	});
});
