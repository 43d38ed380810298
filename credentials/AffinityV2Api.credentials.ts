import type {
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

/** Said under the Base URL as it is typed, and by the credential test. */
const PLAIN_HTTP_REFUSED =
	'Plain http:// is refused for any host but localhost (127.0.0.1, [::1]): the API key would travel unencrypted. Use https://.';

/** Said under the API key as it is pasted, and by the credential test. */
const KEY_LINE_BREAK_REFUSED =
	'The API key contains a line break: paste it again without spaces or new lines.';
const KEY_CHARACTER_REFUSED =
	'The API key contains a character that cannot be sent in a header (a control character, or one outside Latin-1 such as a typographic quote): paste it again from Affinity.';

/**
 * The credential test runs without node code, so the base URL rules of the transport
 * (trailing slash and `/v2` suffix tolerated, plain http only for loopback) and its check of the
 * key are repeated here as an expression. A refused key or URL throws: n8n shows only the code
 * of a network failure (ENOTFOUND), but the message of an error named ExpressionError.
 */
const testBaseUrl = `={{ (() => { const refuse = (m) => { const e = new Error(m); e.name = 'ExpressionError'; throw e; }; const k = $credentials.apiKey || ''; if (/[\\r\\n]/.test(k)) refuse('${KEY_LINE_BREAK_REFUSED}'); if (/[^\\x20-\\x7e\\xa0-\\xff]/.test(k)) refuse('${KEY_CHARACTER_REFUSED}'); const u = ($credentials.baseUrl || 'https://api.affinity.co').trim().replace(/\\/+$/, '').replace(/\\/v2$/i, '').replace(/\\/+$/, ''); if (/^http:\\/\\//i.test(u) && !/^http:\\/\\/(localhost|127(\\.\\d{1,3}){3}|\\[::1\\])(:\\d+)?$/i.test(u)) refuse('${PLAIN_HTTP_REFUSED}'); return u; })() }}`;

/**
 * Keys the HTTP client would alter silently (a line break, a control character, a character
 * outside Latin-1): the same rule as the transport's, shown under the field as the key is
 * pasted, and refused by the credential test with the same words.
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

	// The pack's own page: how to get a key (it links Affinity's key settings), base URL, version.
	documentationUrl =
		'https://github.com/n8n-nodes-affinity-v2/n8n-nodes-affinity-v2/blob/main/docs/credentials.md';

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
			displayName: KEY_LINE_BREAK_REFUSED,
			name: 'pastedLineBreakNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { apiKey: [{ _cnd: { regex: KEY_WITH_LINE_BREAK } }] } },
		},
		{
			displayName: KEY_CHARACTER_REFUSED,
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
					name: '2026-09-17 (Current, Recommended)',
					value: '2026-09-17',
					description:
						'The current version (since Sep 17 2026): every operation of this node works on it, and Affinity adds new things only to it',
				},
				{
					name: '2026-07-15',
					value: '2026-07-15',
					description:
						'Locked since Sep 17 2026: keeps working as before but gets nothing new. Team, File → Get/Get Many and Transcript → Delete stop with a message; some writes use API v1.',
				},
				{
					name: '2024-01-01',
					value: '2024-01-01',
					description:
						'The first stable version (no hidden values on restricted opportunities); gets nothing new. As on 2026-07-15, operations that need 2026-09-17 stop with a message.',
				},
				{
					name: "The Key's Default Version",
					value: '',
					description:
						'Send no version: Affinity uses the Default API Version set for the key (a key created today defaults to 2026-09-17); the node reads which one from Affinity’s answers',
				},
			],
			default: '2026-09-17',
			description:
				'Which edition of Affinity’s API v2 answers, sent as the X-Affinity-Api-Version header (API v1 has no versions). 2026-09-17 is the current one. An older one keeps saved workflows answering as they did: operations that need 2026-09-17 stop before any request and say so, and a few writes use API v1 instead of v2.',
		},
		{
			// A credential saved with the key's default (an empty value) keeps it; this says what
			// it means, since Affinity's default for a key depends on when the key was created.
			displayName:
				'No version is sent: Affinity answers in the Default API Version set for this key in Affinity (2026-07-15 for keys created before Sep 17 2026, 2026-09-17 after). Choose a version to know which one answers.',
			name: 'keyDefaultVersionNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { apiVersion: [''] } },
		},
		{
			displayName:
				'The same key serves the operations marked "(API v1)", which call Affinity’s API v1 where v2 has no such write (on API version 2026-09-17 some of them use its new v2 endpoints instead). Test checks API v2; if API v1 refuses the key, those operations say so.',
			name: 'apiV1Notice',
			type: 'notice',
			default: '',
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

	/**
	 * Bearer authentication, as API v2 and v1 both take the key. A function, not a generic block:
	 * n8n evaluates a block's `={{$credentials.apiKey}}` in its expression sandbox for every
	 * request (milliseconds of CPU each), while this only sets the header. The key goes as stored,
	 * as the block sent it (the transport refuses a key it cannot send before any request).
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		requestOptions.headers = {
			...requestOptions.headers,
			Authorization: `Bearer ${String(credentials.apiKey ?? '')}`,
		};
		return requestOptions;
	}

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
