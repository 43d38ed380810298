import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { sendJson } from './http';

/**
 * The storage host of signed file links. Live, v1 GET /entity-files/download/{id} redirects to a
 * presigned URL on another host (not the API's), so a client must follow a cross-host redirect
 * and must not send its key there. The emulator serves those links from a second loopback
 * listener: 127.0.0.2 when it can bind there, else another port of the API's host.
 */
export interface FileHost {
	server: Server;
	/** host:port without the scheme, e.g. 127.0.0.2:41234 (0.0.0.0 when bound to every address). */
	hostPort: string;
	close(): Promise<void>;
}

/** The path prefix of signed links; anything else on the file host is a 404. */
export const FILE_STORAGE_PREFIX = '/_emulator/file-storage/';

function bind(
	host: string,
	handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Server> {
	return new Promise((resolve, reject) => {
		const server = createServer((req, res) => {
			const path = new URL(req.url ?? '/', 'http://files').pathname;
			if (path.startsWith(FILE_STORAGE_PREFIX)) handle(req, res);
			else sendJson(res, 404, { errors: [{ code: 'not-found', message: 'Not found' }] });
		});
		server.keepAliveTimeout = 5000;
		server.once('error', reject);
		server.listen(0, host, () => resolve(server));
	});
}

export async function startFileHost(
	apiHost: string,
	handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<FileHost> {
	const loopback = apiHost === '127.0.0.1' || apiHost === 'localhost';
	let server: Server;
	let host = loopback ? '127.0.0.2' : apiHost;
	try {
		server = await bind(host, handle);
	} catch {
		host = apiHost;
		server = await bind(host, handle);
	}
	const { port } = server.address() as AddressInfo;
	return {
		server,
		hostPort: `${host.includes(':') ? `[${host}]` : host}:${port}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
