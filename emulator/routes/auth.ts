import type { Router } from '../router';
import { ok } from './common';

export function register(router: Router): void {
	router.get('/v2/auth/whoami', ({ store, user, key }) =>
		ok({
			tenant: { ...store.tenant, subdomain: `${store.tenant.subdomain}.affinity.co` },
			user: {
				id: user.id,
				firstName: user.firstName,
				lastName: user.lastName,
				emailAddress: user.primaryEmailAddress,
			},
			grant: { type: 'api-key', scopes: ['api'], createdAt: key.createdAt },
		}),
	);
}
