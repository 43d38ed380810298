import type { IDataObject, IHttpRequestOptions, INode } from 'n8n-workflow';

import type { AffinityContext } from '../../nodes/AffinityV2/transport';

export const node = {
	name: 'Affinity',
	type: 'affinityV2',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
	id: '1',
} as INode;

export interface Reply {
	statusCode?: number;
	body?: unknown;
	headers?: Record<string, unknown>;
}

/**
 * The least of an n8n context the transport needs, with an HTTP client that answers from a
 * function at once: for the bounds that take thousands of requests to reach (page caps).
 */
export function fakeContext(
	answer: (url: string, options: IHttpRequestOptions) => Reply,
	credentials: IDataObject = { apiKey: 'fake-key-1', baseUrl: 'https://api.affinity.co' },
): { ctx: AffinityContext; sent: string[] } {
	const sent: string[] = [];
	const ctx = {
		getNode: () => node,
		getCredentials: async () => credentials,
		getNodeParameter: () => ({}),
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions) => {
				const query = options.qs
					? new URLSearchParams(options.qs as Record<string, string>).toString()
					: '';
				const url = `${options.url}${query ? (options.url.includes('?') ? '&' : '?') + query : ''}`;
				sent.push(url);
				const reply = answer(url, options);
				const body =
					reply.body === undefined
						? ''
						: typeof reply.body === 'string'
							? reply.body
							: JSON.stringify(reply.body);
				return { statusCode: reply.statusCode ?? 200, body, headers: reply.headers ?? {} };
			},
		},
	} as unknown as AffinityContext;
	return { ctx, sent };
}
