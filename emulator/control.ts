import { actingUser, isChangeTracked } from './changeLog';
import type { ControlContext, EmulatorControl } from './context';
import { ApiError, badRequest, notFound } from './http';
import type { EntityKind, FieldDef, ListEntry, StoredValue } from './model';
import { READ_ONLY_VALUE_TYPES } from './model';
import { Router, type Reply } from './router';
import { registerFileStorage } from './routes/v1/entityFiles';
import { ID_START, SEEDED_USERS } from './seed';

const ok = (body: unknown = { ok: true }): Reply => ({ status: 200, body });

async function object(ctx: ControlContext): Promise<Record<string, unknown>> {
	const body = await ctx.body().catch(() => undefined);
	return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

function num(value: unknown, name: string): number {
	const n = typeof value === 'string' ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isSafeInteger(n))
		throw badRequest(`${name} must be an integer`, name);
	return n;
}

/** Stored form from an API-shaped value: references keep only ids. */
function storedValue(value: unknown): StoredValue | null {
	if (value === null || value === undefined) return null;
	if (typeof value !== 'object' || typeof (value as { type?: unknown }).type !== 'string') {
		throw badRequest('value must be {type, data} or null', 'value');
	}
	const { type, data } = value as StoredValue;
	const ref = (x: unknown) =>
		x && typeof x === 'object' && 'id' in x ? { id: (x as { id: number }).id } : x;
	const option = (x: unknown) =>
		x && typeof x === 'object' && 'dropdownOptionId' in x
			? { dropdownOptionId: (x as { dropdownOptionId: number }).dropdownOptionId }
			: x;
	if (data === null) return { type, data: null };
	switch (type) {
		case 'person':
		case 'company':
			return { type, data: ref(data) as StoredValue['data'] };
		case 'person-multi':
		case 'company-multi':
			return { type, data: (data as unknown[]).map(ref) as StoredValue['data'] };
		case 'dropdown':
		case 'ranked-dropdown':
			return { type, data: option(data) as StoredValue['data'] };
		case 'dropdown-multi':
			return { type, data: (data as unknown[]).map(option) as StoredValue['data'] };
		default:
			return { type, data };
	}
}

/**
 * The control API (outside /v2, no auth): what tests and demos use to set the scene and to
 * look behind it. Mutations here bypass the API's validation on purpose: they stand for
 * changes people make in the Affinity web app.
 */
export function createControlRouter(): Router<ControlContext> {
	const router = new Router<ControlContext>();

	registerFileStorage(router);
	router.get('/_emulator/health', ({ emulator }) => ok({ ok: true, baseUrl: emulator.baseUrl }));

	router.get('/_emulator/keys', ({ emulator }) =>
		ok(
			emulator.keys.map((k) => ({
				key: k.key,
				label: k.label,
				userId: k.userId,
				description: k.description,
				allowlist: k.allowlist ?? null,
				defaultVersion: k.defaultVersion,
			})),
		),
	);

	router.post('/_emulator/reset', async (ctx) => {
		const body = await object(ctx);
		ctx.emulator.reset({
			seed: body.seed === undefined ? undefined : num(body.seed, 'seed'),
			sizes: (body.sizes as Record<string, number>) ?? undefined,
			rateLimit: (body.rateLimit as Record<string, number>) ?? undefined,
		});
		return ok({
			ok: true,
			lists: ctx.emulator.store.lists.size,
			entries: ctx.emulator.store.entries.size,
		});
	});

	// Request log: ?since=<seq> for the entries after a point.
	router.get('/_emulator/requests', ({ emulator, query }) => {
		const since = Number(query.string('since') ?? 0);
		return ok(emulator.requests.filter((r) => r.seq > since));
	});
	router.add('DELETE', '/_emulator/requests', ({ emulator }) => {
		emulator.requests.length = 0;
		return ok();
	});

	router.post('/_emulator/faults', async (ctx) => {
		const body = await object(ctx);
		const faults = Array.isArray(body.faults) ? body.faults : [body];
		ctx.emulator.faults.add(faults as never[]);
		return ok({ pending: ctx.emulator.faults.pending() });
	});
	router.add('DELETE', '/_emulator/faults', ({ emulator }) => {
		emulator.faults.clear();
		return ok();
	});

	router.post('/_emulator/rate-limit', async (ctx) => {
		const body = await object(ctx);
		ctx.emulator.limiter.configure({
			...(body.limit !== undefined ? { limit: num(body.limit, 'limit') } : {}),
			...(body.windowMs !== undefined ? { windowMs: num(body.windowMs, 'windowMs') } : {}),
			...(body.orgLimit !== undefined
				? { orgLimit: body.orgLimit === null ? null : num(body.orgLimit, 'orgLimit') }
				: {}),
		});
		return ok(ctx.emulator.limiter.settings);
	});

	// The server's clock for the change log and the API's `Date` header, as an offset from the
	// machine's: {offsetMs: -1000} logs the next changes a second earlier than now, as a server
	// whose clock ran back does. Back to 0 on reset.
	router.post('/_emulator/clock', async (ctx) => {
		const offsetMs = num((await object(ctx)).offsetMs, 'offsetMs');
		ctx.emulator.store.changes.clockOffsetMs = offsetMs;
		return ok({ offsetMs });
	});

	router.post('/_emulator/settings', async (ctx) => {
		const body = await object(ctx);
		Object.assign(ctx.emulator.settings, body);
		return ok(ctx.emulator.settings);
	});

	// Add an entry to a list: {listId, entityId?, createdAt?}; without entityId a new entity is created.
	router.post('/_emulator/list-entries', async (ctx) => {
		const body = await object(ctx);
		const { store } = ctx.emulator;
		const list = store.lists.get(num(body.listId, 'listId'));
		if (!list) throw notFound('no such list');
		let entityId = body.entityId === undefined ? undefined : num(body.entityId, 'entityId');
		if (entityId === undefined)
			entityId = createEntity(ctx.emulator, list.type, String(body.name ?? 'New record'), list.id);
		if (!store.entityExists(list.type, entityId)) throw notFound(`no ${list.type} ${entityId}`);
		const entry: ListEntry = {
			id: store.nextId('listEntry', ID_START.listEntry + 10_000_000),
			listId: list.id,
			entityType: list.type,
			entityId,
			createdAt: typeof body.createdAt === 'string' ? body.createdAt : new Date().toISOString(),
			creatorId:
				body.creatorId === undefined ? SEEDED_USERS.admin : (body.creatorId as number | null),
			values: new Map(),
		};
		store.addEntry(entry);
		return {
			status: 201,
			body: { id: entry.id, listId: entry.listId, entityId, entityType: entry.entityType },
		};
	});
	router.add('DELETE', '/_emulator/list-entries/:entryId', (ctx) => {
		const removed = ctx.emulator.store.removeEntry(num(ctx.params.entryId, 'entryId'));
		if (!removed) throw notFound('no such entry');
		return ok({ id: removed.id });
	});

	// Set or clear a value: {listEntryId | personId | companyId, fieldId, value: {type, data} | null,
	// changerId?}; the change log names changerId (a user id) as the changer, else no one (system).
	router.post('/_emulator/values', async (ctx) => {
		const body = await object(ctx);
		const changerId =
			body.changerId === undefined || body.changerId === null
				? null
				: num(body.changerId, 'changerId');
		return actingUser.run(changerId, () => setValue(ctx.emulator, body));
	});

	// Turn change tracking of a field on or off: {enabled: boolean}.
	router.post('/_emulator/fields/:fieldId/change-tracking', async (ctx) => {
		const body = await object(ctx);
		const field = ctx.emulator.store.fields.get(ctx.params.fieldId);
		if (!field) throw notFound('no such field');
		if (typeof body.enabled !== 'boolean')
			throw badRequest('enabled must be true or false', 'enabled');
		field.changeTracked = body.enabled;
		return ok({ id: field.id, changeTracked: isChangeTracked(field) });
	});

	// A webhook receiver for tests and demos: POST records a delivery and answers 200 (or
	// ?status=<code>); GET lists what was received, DELETE forgets it.
	const deliveries: unknown[] = [];
	router.post('/_emulator/webhook-sink', async (ctx) => {
		deliveries.push(await ctx.body().catch(() => null));
		const status = Number(ctx.query.string('status') ?? 200);
		return {
			status: Number.isInteger(status) && status >= 200 && status <= 599 ? status : 200,
			body: { ok: status < 300 },
		};
	});
	router.get('/_emulator/webhook-sink', () => ok(deliveries));
	// Webhook deliveries to subscribed URLs: {pending, delivered, failedAttempts, disabled}.
	// Retry timing is set with POST /_emulator/settings {webhookRetryBaseMs, webhookRetryWindowMs}.
	router.get('/_emulator/webhook-deliveries', ({ emulator }) =>
		ok(emulator.webhookDeliveryCounts()),
	);
	// An event in v1's envelope that the emulator's own mutations do not make (person.updated,
	// list.updated, reminder.updated, …): {type, body (v1-shaped), sentAt? (Unix seconds)},
	// delivered and retried like every other event.
	router.post('/_emulator/webhook-events', async (ctx) => {
		const body = await object(ctx);
		if (typeof body.type !== 'string' || !/^[a-z_]+\.[a-z_]+$/.test(body.type))
			throw badRequest('type must be an event type such as person.updated', 'type');
		if (!body.body || typeof body.body !== 'object' || Array.isArray(body.body))
			throw badRequest('body must be an object (the v1-shaped record)', 'body');
		const sentAt = body.sentAt === undefined ? undefined : num(body.sentAt, 'sentAt');
		ctx.emulator.deliverWebhookEvent(body.type, body.body as Record<string, unknown>, sentAt);
		return ok();
	});
	router.add('DELETE', '/_emulator/webhook-sink', () => {
		deliveries.length = 0;
		return ok();
	});

	// The change log's size and last change, for tests and demos.
	router.get('/_emulator/field-value-changes', ({ emulator }) =>
		ok({ count: emulator.store.changes.length }),
	);

	function setValue(emulator: EmulatorControl, body: Record<string, unknown>): Reply {
		const { store } = emulator;
		const fieldId = String(body.fieldId ?? '');
		const value = storedValue(body.value);
		if (body.listEntryId !== undefined) {
			const entry = store.entries.get(num(body.listEntryId, 'listEntryId'));
			if (!entry) throw notFound('no such entry');
			const field = store.lists.get(entry.listId)?.fields.find((f) => f.id === fieldId);
			if (field) store.setValue(entry, fieldId, value);
			else {
				const entity =
					entry.entityType === 'company'
						? store.companies.get(entry.entityId)
						: store.persons.get(entry.entityId);
				if (!entity || !store.entityField(entry.entityType, fieldId))
					throw notFound(`no field ${fieldId} on this entry`);
				store.setValue(entity, fieldId, value, entry);
			}
		} else if (body.personId !== undefined || body.companyId !== undefined) {
			const kind: EntityKind = body.personId !== undefined ? 'person' : 'company';
			const id = num(body.personId ?? body.companyId, kind === 'person' ? 'personId' : 'companyId');
			const entity = kind === 'person' ? store.persons.get(id) : store.companies.get(id);
			if (!entity || !store.entityField(kind, fieldId))
				throw notFound(`no ${kind} ${id} or field ${fieldId}`);
			store.setValue(entity, fieldId, value);
		} else throw badRequest('name a listEntryId, personId or companyId');
		return ok();
	}

	// Change a user's product permissions: {manageUsers?, exportAllOrganizations?, exportAllPeople?, exportLists?}.
	router.add('PATCH', '/_emulator/users/:userId/permissions', async (ctx) => {
		const body = await object(ctx);
		const user = ctx.emulator.store.users.get(num(ctx.params.userId, 'userId'));
		if (!user) throw notFound('no such user');
		for (const key of Object.keys(user.permissions) as Array<keyof typeof user.permissions>) {
			if (typeof body[key] === 'boolean') user.permissions[key] = body[key] as boolean;
		}
		return ok(user.permissions);
	});

	// Rename or otherwise edit an entity's own attributes: {name, domain, firstName, lastName}.
	router.add('PATCH', '/_emulator/:kind/:id', async (ctx) => {
		const body = await object(ctx);
		const { store } = ctx.emulator;
		const id = num(ctx.params.id, 'id');
		const target =
			ctx.params.kind === 'companies'
				? store.companies.get(id)
				: ctx.params.kind === 'persons'
					? store.persons.get(id)
					: ctx.params.kind === 'opportunities'
						? store.opportunities.get(id)
						: undefined;
		if (!target) throw notFound('no such record');
		for (const key of ['name', 'domain', 'firstName', 'lastName', 'primaryEmailAddress']) {
			if (key in body && key in target)
				(target as unknown as Record<string, unknown>)[key] = body[key];
		}
		store.touch();
		return ok();
	});

	// Delete a company, as someone would in the web app (with its list entries); the change log
	// then shows the values that referred to it as deleted-entity references.
	router.add('DELETE', '/_emulator/companies/:id', (ctx) => {
		if (!ctx.emulator.store.removeCompany(num(ctx.params.id, 'id')))
			throw notFound('no such company');
		return ok();
	});

	// Add a field, as an admin would in the web app: {name, valueType, listId? | entityKind?, type?, options?}.
	router.post('/_emulator/fields', async (ctx) => {
		const body = await object(ctx);
		const { store } = ctx.emulator;
		const list =
			body.listId === undefined ? undefined : store.lists.get(num(body.listId, 'listId'));
		if (body.listId !== undefined && !list) throw notFound('no such list');
		const entityKind = (list?.type ?? body.entityKind) as EntityKind;
		if (entityKind !== 'person' && entityKind !== 'company' && entityKind !== 'opportunity')
			throw badRequest('name a listId or an entityKind', 'entityKind');
		const valueType = String(body.valueType ?? 'text') as FieldDef['valueType'];
		const type = (body.type as FieldDef['type']) ?? (list ? 'list' : 'global');
		const field: FieldDef = {
			id: typeof body.id === 'string' ? body.id : `field-${store.nextId('field', ID_START.field)}`,
			name: String(body.name ?? 'New field'),
			type,
			valueType,
			enrichmentSource: (body.enrichmentSource as string | undefined) ?? null,
			createdAt: new Date().toISOString(),
			entityKind,
			listId: list?.id,
			readOnly:
				type === 'enriched' ||
				type === 'relationship-intelligence' ||
				READ_ONLY_VALUE_TYPES.has(valueType),
		};
		if (Array.isArray(body.options)) {
			field.dropdownOptions = (body.options as unknown[]).map((text, rank) => ({
				id: store.nextId('dropdownOption', ID_START.dropdownOption),
				text: String(text),
				...(valueType === 'ranked-dropdown' ? { rank, color: null } : {}),
			}));
		}
		store.addField(field);
		return { status: 201, body: { id: field.id, dropdownOptions: field.dropdownOptions ?? [] } };
	});

	router.post('/_emulator/:kind', async (ctx) => {
		const kinds: Record<string, EntityKind> = {
			companies: 'company',
			persons: 'person',
			opportunities: 'opportunity',
		};
		const kind = kinds[ctx.params.kind];
		if (!kind) throw notFound('unknown kind');
		const body = await object(ctx);
		const id = createEntity(
			ctx.emulator,
			kind,
			String(body.name ?? 'New record'),
			body.listId === undefined ? undefined : num(body.listId, 'listId'),
			body.domain as string | undefined,
		);
		return { status: 201, body: { id } };
	});

	// Snapshot of a list's entries with stored values, for tests to compare against.
	router.get('/_emulator/lists/:listId/entries', (ctx) => {
		const { store } = ctx.emulator;
		const listId = num(ctx.params.listId, 'listId');
		const entries = store.entriesByList.get(listId);
		if (!entries) throw notFound('no such list');
		return ok(
			entries.map((e) => ({
				id: e.id,
				entityId: e.entityId,
				entityType: e.entityType,
				values: Object.fromEntries(e.values),
			})),
		);
	});

	router.get('/_emulator/state', ({ emulator }) => {
		const { store } = emulator;
		return ok({
			lists: [...store.lists.values()].map((l) => ({
				id: l.id,
				name: l.name,
				type: l.type,
				entries: store.entriesByList.get(l.id)?.length ?? 0,
				isPublic: l.isPublic,
			})),
			savedViews: [...store.savedViews.values()].map((v) => ({
				id: v.id,
				listId: v.listId,
				name: v.name,
				type: v.type,
			})),
			companies: store.companies.size,
			persons: store.persons.size,
			opportunities: store.opportunities.size,
			notes: store.notes.size,
			users: store.users.size,
			merges: store.merges.size,
		});
	});

	return router;
}

function createEntity(
	emulator: EmulatorControl,
	kind: EntityKind,
	name: string,
	listId?: number,
	domain?: string,
): number {
	const { store } = emulator;
	if (kind === 'company') {
		const id = store.nextId('company', ID_START.company);
		store.companies.set(id, {
			id,
			name,
			domain: domain ?? null,
			domains: domain ? [domain] : [],
			isGlobal: false,
			values: new Map(),
		});
		return id;
	}
	if (kind === 'person') {
		const [firstName, ...rest] = name.split(' ');
		const id = store.nextId('person', ID_START.person);
		store.persons.set(id, {
			id,
			firstName,
			lastName: rest.join(' ') || null,
			primaryEmailAddress: null,
			emailAddresses: [],
			type: 'external',
			values: new Map(),
		});
		return id;
	}
	const pipeline = listId ?? [...store.lists.values()].find((l) => l.type === 'opportunity')?.id;
	if (pipeline === undefined) throw new ApiError(400, 'bad-request', 'no opportunity list');
	const id = store.nextId('opportunity', ID_START.opportunity);
	store.opportunities.set(id, { id, name, listId: pipeline });
	return id;
}
