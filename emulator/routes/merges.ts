import type { RouteContext } from '../context';
import { badRequest, forbidden, notFound, pathId } from '../http';
import type { MergeState, MergeTask } from '../model';
import {
	renderMerge,
	renderTask,
	runningMergeOf,
	startMerge,
	taskPath,
	taskStatus,
	type MergeKind,
} from '../merges';
import type { Router } from '../router';
import { definingValues, ok, paged } from './common';

/**
 * Person and company merges and their tasks (BETA in the API). Every endpoint needs the
 * "Manage duplicates" permission and the organization admin role: the admin demo key has
 * them, the others get 403. Lists are newest first, 25 per page by default.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES = ['in-progress', 'success', 'failed'];

function requireMergeRights(ctx: RouteContext): void {
	if (ctx.user.role !== 'admin')
		throw forbidden(
			'Merges require the "Manage duplicates" permission and the organization admin role',
		);
}

type Term = { property: string; value: string };

/**
 * The filter of the merge listings: `property=value` terms joined by `&` (and) and `|` (or,
 * binding looser), values optionally in double quotes, spaces insignificant outside quotes.
 */
export function parseFilter(raw: string, allowed: string[]): Term[][] {
	const groups: Term[][] = [];
	let current: Term[] = [];
	let i = 0;
	const text = raw;
	const skip = () => {
		while (i < text.length && /\s/.test(text[i])) i++;
	};
	const fail = (why: string): never => {
		throw badRequest(`Invalid filter: ${why}`, 'filter');
	};
	for (;;) {
		skip();
		const start = i;
		while (i < text.length && /[A-Za-z]/.test(text[i])) i++;
		const property = text.slice(start, i);
		if (!property) fail(`expected a property at position ${start + 1}`);
		if (!allowed.includes(property))
			fail(`unknown property "${property}"; supported: ${allowed.join(', ')}`);
		skip();
		if (text[i] !== '=') fail(`only "=" is supported (after "${property}")`);
		i++;
		skip();
		let value = '';
		if (text[i] === '"') {
			i++;
			while (i < text.length && text[i] !== '"') {
				if (text[i] === '\\') i++;
				value += text[i++] ?? '';
			}
			if (text[i] !== '"') fail('unterminated quoted value');
			i++;
		} else {
			while (i < text.length && !/[\s&|]/.test(text[i])) {
				if (text[i] === '\\') i++;
				value += text[i++] ?? '';
			}
		}
		if (value === '') fail(`no value for "${property}"`);
		if (property === 'status' && !STATUSES.includes(value))
			fail(`status must be one of ${STATUSES.join(', ')}`);
		current.push({ property, value });
		skip();
		if (i >= text.length) break;
		if (text[i] === '|') {
			groups.push(current);
			current = [];
		} else if (text[i] !== '&') fail(`unexpected "${text[i]}" at position ${i + 1}`);
		i++;
	}
	groups.push(current);
	return groups;
}

function matches(groups: Term[][], values: Record<string, string>): boolean {
	return groups.some((group) => group.every((term) => values[term.property] === term.value));
}

function registerKind(router: Router, kind: MergeKind): void {
	const path = kind === 'person' ? '/v2/person-merges' : '/v2/company-merges';
	const tasks = taskPath(kind);
	const [primaryKey, duplicateKey] =
		kind === 'person'
			? ['primaryPersonId', 'duplicatePersonId']
			: ['primaryCompanyId', 'duplicateCompanyId'];
	const label = kind === 'person' ? 'Person' : 'Company';

	router.post(path, async (ctx) => {
		requireMergeRights(ctx);
		const body = await ctx.body();
		if (!body || typeof body !== 'object' || Array.isArray(body))
			throw badRequest('The body must be a JSON object', 'body');
		const fields = body as Record<string, unknown>;
		for (const key of Object.keys(fields)) {
			if (key !== primaryKey && key !== duplicateKey)
				throw badRequest(`Unknown property "${key}"`, key);
		}
		const id = (key: string): number => {
			const value = fields[key];
			if (
				typeof value !== 'number' ||
				!Number.isSafeInteger(value) ||
				value < 1 ||
				value > 9007199254740991
			) {
				throw badRequest(
					`${key} is required and must be an integer between 1 and 9007199254740991`,
					key,
				);
			}
			return value;
		};
		const primaryId = id(primaryKey);
		const duplicateId = id(duplicateKey);
		if (primaryId === duplicateId)
			throw badRequest(`A ${kind} cannot be merged with itself`, duplicateKey);
		const records = kind === 'person' ? ctx.store.persons : ctx.store.companies;
		if (!records.has(primaryId)) throw badRequest(`${label} ${primaryId} not found`, primaryKey);
		if (!records.has(duplicateId))
			throw badRequest(`${label} ${duplicateId} not found`, duplicateKey);
		for (const [key, recordId] of [
			[primaryKey, primaryId],
			[duplicateKey, duplicateId],
		] as const) {
			const running = runningMergeOf(ctx.store, kind, recordId);
			if (running)
				throw badRequest(
					`${label} ${recordId} is already being merged (merge ${running.id}, task ${running.taskId})`,
					key,
				);
		}
		const { task } = startMerge(ctx.emulator, kind, primaryId, duplicateId, ctx.user.id);
		return { status: 202, body: { taskUrl: `${ctx.origin}${tasks}/${task.id}` } };
	});

	router.get(path, (ctx) => {
		requireMergeRights(ctx);
		const filter = definingValues(ctx, ['filter']).filter?.[0];
		const groups = filter?.trim() ? parseFilter(filter, ['status', 'taskId']) : undefined;
		const merges = [...ctx.store.merges.values()]
			.filter((m) => m.entityType === kind)
			.filter((m) => !groups || matches(groups, { status: m.status, taskId: m.taskId }))
			.sort((a, b) => b.id - a.id);
		return paged(ctx, merges, (m: MergeState) => -m.id, renderMerge, {
			defining: ['filter'],
			defaultLimit: 25,
		});
	});

	router.get(`${path}/:mergeId`, (ctx) => {
		requireMergeRights(ctx);
		const mergeId = pathId(ctx.params.mergeId, 'mergeId', 'int64');
		const merge = ctx.store.merges.get(mergeId);
		if (!merge || merge.entityType !== kind) throw notFound(`${label} merge ${mergeId} not found`);
		return ok(renderMerge(merge));
	});

	router.get(tasks, (ctx) => {
		requireMergeRights(ctx);
		const filter = definingValues(ctx, ['filter']).filter?.[0];
		const groups = filter?.trim() ? parseFilter(filter, ['status']) : undefined;
		const list = [...ctx.store.mergeTasks.values()]
			.filter((t) => t.entityType === kind)
			.filter((t) => !groups || matches(groups, { status: taskStatus(ctx.store, t).status }))
			.sort((a, b) => b.mergeIds[0] - a.mergeIds[0]);
		return paged(
			ctx,
			list,
			(t: MergeTask) => -t.mergeIds[0],
			(t) => renderTask(ctx.store, t),
			{ defining: ['filter'], defaultLimit: 25 },
		);
	});

	router.get(`${tasks}/:taskId`, (ctx) => {
		requireMergeRights(ctx);
		const taskId = ctx.params.taskId;
		if (!UUID.test(taskId)) throw badRequest('taskId must be a UUID', 'taskId');
		const task = ctx.store.mergeTasks.get(taskId.toLowerCase());
		if (!task || task.entityType !== kind)
			throw notFound(`${label} merge task ${taskId} not found`);
		return ok(renderTask(ctx.store, task));
	});
}

export function register(router: Router): void {
	registerKind(router, 'person');
	registerKind(router, 'company');
}
