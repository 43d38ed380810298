import type { Router } from '../router';
import { renderFieldMetadata } from '../serialize';
import { paged } from './common';

export function register(router: Router): void {
	router.get('/v2/persons/fields', (ctx) => {
		const fields = ctx.store.entityFields.person;
		return paged(ctx, fields, (f) => fields.indexOf(f) + 1, renderFieldMetadata);
	});
}
