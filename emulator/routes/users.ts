import { notFound, pathId } from '../http';
import type { Router } from '../router';
import { renderUser } from '../serialize';
import { ok } from './common';

export function register(router: Router): void {
	// GET /v2/users/{userId}: emailAddresses (at most 100) and role only for callers with the
	// Manage Users permission.
	router.get('/v2/users/:userId', (ctx) => {
		const userId = pathId(ctx.params.userId, 'userId', 'int32');
		const user = ctx.store.users.get(userId);
		if (!user) throw notFound(`User ${userId} not found`);
		return ok(renderUser(user, ctx.user.permissions.manageUsers));
	});

	// GET /v2/rate-limit (beta): the caller's per-minute window; the account's monthly window only
	// when a monthly budget is set. This request is counted in both, as every request is.
	router.get('/v2/rate-limit', (ctx) => {
		const usage = ctx.emulator.limiter.usage(ctx.key.key);
		return ok({ callerPerMinute: usage.user, ...(usage.org ? { orgPerMonth: usage.org } : {}) });
	});
}
