/**
 * The credential applies the key in code (a function `authenticate`), no longer through a generic
 * block whose `={{$credentials.apiKey}}` n8n evaluated in its expression sandbox for every
 * request. What it sends must be what the block sent, for every key a saved credential may hold.
 */
import { Expression, type IHttpRequestOptions } from 'n8n-workflow';

import { AffinityV2Api } from '../../credentials/AffinityV2Api.credentials';

/** The generic block the credential shipped before, resolved as n8n resolves it. */
const BLOCK_HEADER = '=Bearer {{$credentials.apiKey}}';
const byTheBlock = (apiKey: unknown) =>
	Expression.resolveWithoutWorkflow(BLOCK_HEADER.slice(1), { $credentials: { apiKey } });

describe('the credential’s authenticate', () => {
	const credential = new AffinityV2Api();
	const authenticate = credential.authenticate as (
		credentials: Record<string, unknown>,
		options: IHttpRequestOptions,
	) => Promise<IHttpRequestOptions>;

	it('is a function, which n8n calls without its expression sandbox', () => {
		expect(typeof credential.authenticate).toBe('function');
	});

	it.each([
		['a demo key', 'affinity-demo-key-0001'],
		['a key with Latin-1 letters', 'clé-latin-1-é'],
		['a key with spaces around it (sent as stored)', '  spaced-key  '],
		['an empty key', ''],
	])('sends %s as the generic block did', async (_name, apiKey) => {
		const options = await authenticate.call(
			credential,
			{ apiKey, baseUrl: 'https://api.affinity.co', apiVersion: '2026-09-17' },
			{ url: 'https://api.affinity.co/v2/auth/whoami', method: 'GET' },
		);
		expect(options.headers).toEqual({ Authorization: byTheBlock(apiKey) });
		expect(options.headers?.Authorization).toBe(`Bearer ${apiKey}`);
	});

	it('keeps the request’s own headers, query and body, and adds nothing else', async () => {
		const request: IHttpRequestOptions = {
			url: 'https://api.affinity.co/v2/lists/1/list-entries',
			method: 'POST',
			headers: { Accept: 'application/json', 'X-Affinity-Api-Version': '2026-07-15' },
			qs: { limit: 100 },
			body: { a: 1 },
		};
		const options = await authenticate.call(
			credential,
			{ apiKey: 'k-1', baseUrl: 'https://api.affinity.co', apiVersion: '2026-07-15' },
			request,
		);
		expect(options).toEqual({
			url: 'https://api.affinity.co/v2/lists/1/list-entries',
			method: 'POST',
			headers: {
				Accept: 'application/json',
				'X-Affinity-Api-Version': '2026-07-15',
				Authorization: 'Bearer k-1',
			},
			qs: { limit: 100 },
			body: { a: 1 },
		});
	});
});
