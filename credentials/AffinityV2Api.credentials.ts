import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/** Said under the Base URL as it is typed, and by the credential test. */
const PLAIN_HTTP_REFUSED =
	'Plain http:// is refused for any host but localhost (127.0.0.1, [::1]): the API key would travel unencrypted. Use https://.';

/**
 * The credential test runs without node code, so the base URL rules of the transport
 * (trailing slash and `/v2` suffix tolerated, plain http only for loopback) are repeated
 * here as an expression, and so is the transport's check of the key. A refused key becomes a
 * host under `.invalid` whose name says why. A refused URL throws instead: n8n shows only the
 * code of a network failure (ENOTFOUND), but the message of an error named ExpressionError.
 */
const testBaseUrl = `={{ (() => { const k = $credentials.apiKey || ''; if (/[\\r\\n]/.test(k)) return 'https://the-api-key-contains-a-line-break-paste-it-again.invalid'; if (/[^\\x20-\\x7e\\xa0-\\xff]/.test(k)) return 'https://the-api-key-contains-a-character-that-cannot-be-sent-paste-it-again.invalid'; const u = ($credentials.baseUrl || 'https://api.affinity.co').trim().replace(/\\/+$/, '').replace(/\\/v2$/i, '').replace(/\\/+$/, ''); return /^http:\\/\\//i.test(u) && !/^http:\\/\\/(localhost|127(\\.\\d{1,3}){3}|\\[::1\\])(:\\d+)?$/i.test(u) ? (() => { const e = new Error('${PLAIN_HTTP_REFUSED}'); e.name = 'ExpressionError'; throw e; })() : u; })() }}`;

/**
 * Keys the HTTP client would alter silently (a line break, a control character, a character
 * outside Latin-1): the same rule as the transport's, shown under the field as the key is
 * pasted, and turned by the credential test into a host under `.invalid` that says why.
 */
const KEY_WITH_LINE_BREAK = '[\\r\\n]';
const KEY_WITH_UNSENDABLE_CHARACTER = '[^\\x20-\\x7e\\xa0-\\xff\\r\\n]';

/** A base URL with plain http to a host other than loopback (the transport refuses those). */
const PLAIN_HTTP_ELSEWHERE =
	'^\\s*[Hh][Tt][Tt][Pp]://(?!(localhost|127(\\.\\d{1,3}){3}|\\[::1\\])(:\\d+)?(/|\\s*$))';

export class AffinityV2Api implements ICredentialType {
	name = 'affinityV2Api';

	displayName = 'Affinity V2 API';

	icon: Icon = { light: 'file:../icons/affinity.svg', dark: 'file:../icons/affinity.dark.svg' };

	documentationUrl = 'https://developer.affinity.co/';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'Generated in Affinity under Settings → Manage Apps. The key acts with the permissions of the user who created it.',
		},
		{
			displayName: 'The API key contains a line break: paste it again without spaces or new lines.',
			name: 'pastedLineBreakNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { apiKey: [{ _cnd: { regex: KEY_WITH_LINE_BREAK } }] } },
		},
		{
			displayName:
				'The API key contains a character that cannot be sent in a header (a control character, or one outside Latin-1 such as a typographic quote): paste it again from Affinity.',
			name: 'pastedCharacterNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { apiKey: [{ _cnd: { regex: KEY_WITH_UNSENDABLE_CHARACTER } }] } },
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.affinity.co',
			placeholder: 'https://api.affinity.co',
			description:
				'Leave the default for Affinity itself. Must use https://; plain http:// is accepted only for localhost (the local emulator). A trailing slash or /v2 is ignored.',
		},
		{
			// Said as soon as it is typed, before any test; the credential test says it too.
			displayName: PLAIN_HTTP_REFUSED,
			name: 'plainHttpNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { baseUrl: [{ _cnd: { regex: PLAIN_HTTP_ELSEWHERE } }] } },
		},
		{
			displayName: 'API Version',
			name: 'apiVersion',
			type: 'options',
			options: [
				{
					name: '2026-07-15 (Recommended)',
					value: '2026-07-15',
					description: 'The version this node is built and tested against',
				},
				{
					name: '2026-09-17',
					value: '2026-09-17',
					description: 'The newest version; it may return value types this node shows as they come',
				},
				{
					name: '2024-01-01',
					value: '2024-01-01',
					description: 'The first stable version (no hidden values on restricted opportunities)',
				},
				{
					name: "The Key's Default Version",
					value: '',
					description: 'Send no version: Affinity uses the Default API Version set for the key',
				},
			],
			default: '2026-07-15',
			description:
				'Sent as the X-Affinity-Api-Version header on every request, unless the key’s default is chosen',
		},
		{
			displayName:
				'An Affinity API key can be restricted to an IP allowlist. If it is, calls from n8n are refused with 403 unless the public IP address of this n8n server is on the list; ask your Affinity admin to add it.',
			name: 'ipAllowlistNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'IP Allowlist Note',
			name: 'ipAllowlistNote',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			placeholder: 'e.g. key allowlisted for 203.0.113.10 (n8n production) by J. Doe, 2026-01',
			description:
				'Free text for your own records: which addresses the key is allowlisted for. Not sent to Affinity.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: testBaseUrl,
			url: '/v2/auth/whoami',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'Affinity did not accept the API key. Check it, or create a new one in Affinity under Settings → Manage Apps.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						"Affinity refused the key from this address: the key probably has an IP allowlist that does not include this n8n server's public IP address.",
				},
			},
		],
	};
}
