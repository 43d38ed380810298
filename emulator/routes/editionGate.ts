import type { RouteContext } from '../context';
import { ApiError } from '../http';
import type { Handler, Router } from '../router';
import { isAtLeast, type ApiVersion } from '../versions';

/**
 * Operations an edition adds (2026-09-17: the teams, files and field-values reads, the list
 * entry, opportunity, reminder and transcript writes). A request answered in an older edition
 * gets what that edition answers for a route it does not have: 405 when the path is served
 * there for another method, else 404 (the router's own answers).
 */

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

interface GatedRoute {
	method: string;
	pattern: RegExp;
	since: ApiVersion;
}

/** The routes each router serves only from an edition on. */
const gatedRoutes = new WeakMap<Router, GatedRoute[]>();

/** The same pattern the router builds from `/v2/lists/:listId`. */
function patternOf(path: string): RegExp {
	return new RegExp('^' + path.replace(/\/:([A-Za-z]+)/g, '/([^/]+)') + '/?$');
}

function servedIn(router: Router, method: string, path: string, version: ApiVersion): boolean {
	const gated = gatedRoutes.get(router) ?? [];
	if (
		gated.some((r) => r.method === method && r.pattern.test(path) && !isAtLeast(version, r.since))
	)
		return false;
	try {
		router.match(method, path);
		return true;
	} catch {
		return false;
	}
}

/** What the API answers in `ctx.version` for a route that edition does not have. */
export function absentFromEdition(router: Router, ctx: RouteContext): ApiError {
	const otherMethod = METHODS.some(
		(method) => method !== ctx.method && servedIn(router, method, ctx.path, ctx.version),
	);
	return otherMethod
		? new ApiError(405, 'method-not-allowed', `Method ${ctx.method} is not allowed for ${ctx.path}`)
		: new ApiError(404, 'not-found', `No endpoint ${ctx.path}`);
}

/**
 * A router whose routes answer only from `since` on. `router` is the one requests are matched
 * on; `target` is where routes are added (the /v2 router that renders answers per version).
 */
export function fromEdition(router: Router, target: Router, since: ApiVersion): Router {
	let gated = gatedRoutes.get(router);
	if (!gated) gatedRoutes.set(router, (gated = []));
	const list = gated;
	const edition = Object.create(target) as Router;
	edition.add = (method: string, path: string, handler: Handler) => {
		list.push({ method, pattern: patternOf(path), since });
		target.add(method, path, (ctx) => {
			if (!isAtLeast(ctx.version, since)) throw absentFromEdition(router, ctx);
			return handler(ctx);
		});
		return edition;
	};
	return edition;
}
