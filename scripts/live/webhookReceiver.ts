import { createServer, type Server } from 'node:http';

import type { Id } from './plan';

/**
 * Receives webhook deliveries for the round trip. Affinity POSTs v1's envelope
 * ({type, body, sent_at}) to the public URL, which the maintainer points (a tunnel, a port
 * forward) at the port this listens on. Every request is answered 200, the test delivery on
 * create included. Only the event types and the ids in bodies are kept.
 */
export class WebhookReceiver {
	private server?: Server;
	private readonly deliveries: Array<{ type: string; text: string }> = [];

	constructor(
		readonly publicUrl: string,
		private readonly port: number | undefined,
		private readonly waitMs: number,
	) {}

	async start(): Promise<this> {
		const url = new URL(this.publicUrl);
		const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
		const port = this.port ?? (loopback && url.port ? Number(url.port) : 8787);
		const server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (c: Buffer) => chunks.push(c));
			req.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				try {
					const parsed = JSON.parse(text) as { type?: unknown; body?: unknown };
					this.deliveries.push({ type: String(parsed.type), text: JSON.stringify(parsed.body) });
				} catch {
					// Not an Affinity delivery: answered all the same.
				}
				res.writeHead(200).end();
			});
		});
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(port, loopback ? '127.0.0.1' : '0.0.0.0', () => resolve());
		});
		this.server = server;
		return this;
	}

	/** The type of the first delivery whose body names this record, or undefined after the wait. */
	async await(recordId: Id): Promise<string | undefined> {
		const pattern = new RegExp(`[^0-9]${recordId}[^0-9]`);
		const deadline = Date.now() + this.waitMs;
		while (Date.now() < deadline) {
			const hit = this.deliveries.find((d) => d.type !== 'sample.webhook' && pattern.test(d.text));
			if (hit) return hit.type;
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		return undefined;
	}

	async stop(): Promise<void> {
		const server = this.server;
		if (!server) return;
		await new Promise<void>((resolve) => {
			server.close(() => resolve());
			server.closeAllConnections();
		});
	}
}
