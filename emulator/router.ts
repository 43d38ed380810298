import type { IncomingMessage } from 'node:http';

import type { RouteContext } from './context';
import { ApiError, readBytes, readJson } from './http';

export interface Reply {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
}

export type Handler<C = RouteContext> = (ctx: C) => Reply | Promise<Reply>;

interface Route<C> {
	method: string;
	/** As registered: `/v2/lists/:listId`. */
	path: string;
	pattern: RegExp;
	names: string[];
	handler: Handler<C>;
}

/** Method + path patterns (`/v2/lists/:listId`) to handlers; 405 when only the method is wrong. */
export class Router<C = RouteContext> {
	private routes: Array<Route<C>> = [];

	add(method: string, path: string, handler: Handler<C>): this {
		const names: string[] = [];
		const pattern = new RegExp(
			'^' +
				path.replace(/\/:([A-Za-z]+)/g, (_, name: string) => {
					names.push(name);
					return '/([^/]+)';
				}) +
				'/?$',
		);
		this.routes.push({ method, path, pattern, names, handler });
		return this;
	}

	get(path: string, handler: Handler<C>): this {
		return this.add('GET', path, handler);
	}

	post(path: string, handler: Handler<C>): this {
		return this.add('POST', path, handler);
	}

	put(path: string, handler: Handler<C>): this {
		return this.add('PUT', path, handler);
	}

	patch(path: string, handler: Handler<C>): this {
		return this.add('PATCH', path, handler);
	}

	delete(path: string, handler: Handler<C>): this {
		return this.add('DELETE', path, handler);
	}

	/** Every route, as registered: what the server answers (tests walk it for coverage). */
	table(): Array<{ method: string; path: string }> {
		return this.routes.map(({ method, path }) => ({ method, path }));
	}

	/** The route for a request; throws the API's 404 or 405. */
	match(method: string, path: string): { handler: Handler<C>; params: Record<string, string> } {
		let pathMatched = false;
		for (const route of this.routes) {
			const m = route.pattern.exec(path);
			if (!m) continue;
			pathMatched = true;
			if (route.method !== method) continue;
			const params: Record<string, string> = {};
			route.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
			return { handler: route.handler, params };
		}
		if (pathMatched)
			throw new ApiError(405, 'method-not-allowed', `Method ${method} is not allowed for ${path}`);
		throw new ApiError(404, 'not-found', `No endpoint ${path}`);
	}
}

export function bodyReader(req: IncomingMessage): () => Promise<unknown> {
	return bodyReaders(req).json;
}

/** The body as bytes (a multipart upload) and as JSON, each read once from the one stream. */
export function bodyReaders(req: IncomingMessage): {
	raw: () => Promise<Buffer>;
	json: () => Promise<unknown>;
} {
	let bytes: Promise<Buffer> | undefined;
	let parsed: Promise<unknown> | undefined;
	const raw = () => (bytes ??= readBytes(req));
	return { raw, json: () => (parsed ??= raw().then((b) => readJson(req, b))) };
}
