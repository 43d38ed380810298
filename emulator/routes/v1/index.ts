import type { Router } from '../../router';
import { v1Timestamps } from '../../v1Shapes';
import * as listEntries from './listEntries';
import * as organizations from './organizations';
import * as persons from './persons';
import * as fields from './fields';
import * as opportunities from './opportunities';
import * as reminders from './reminders';
import * as entityFiles from './entityFiles';
import * as interactions from './interactions';
import * as notes from './notes';

/**
 * Every API v1 area the emulator serves (https://api-docs.affinity.co): the same host as v2,
 * paths without /v2, on the same store, so that what v1 writes is what v2 reads. To add
 * endpoints: one file in this folder exporting `register(router)`, listed here.
 */
const AREAS: ReadonlyArray<{ register(router: Router): void }> = [
	listEntries,
	organizations,
	persons,
	fields,
	opportunities,
	reminders,
	interactions,
	entityFiles,
	notes,
];

export function registerV1(router: Router): void {
	// Every v1 answer passes through v1Timestamps (the setting of how v1 writes its timestamps).
	const v1 = Object.create(router) as Router;
	v1.add = (method, path, handler) => {
		router.add(method, path, async (ctx) => {
			const reply = await handler(ctx);
			return reply.body === undefined ? reply : { ...reply, body: v1Timestamps(reply.body) };
		});
		return v1;
	};
	for (const area of AREAS) area.register(v1);
}
