import type { RouteContext } from '../context';
import type { FilterProperties } from '../filter';
import { badRequest, notFound, pathId } from '../http';
import type { List } from '../model';
import type { Router } from '../router';
import { teamsOf, type Team } from '../seedTeams';
import { definingValues, ok, paged } from './common';
import { renderList } from './lists';
import { boolValue, enumValues, filterFrom } from './support';

/**
 * Teams (BETA, 2026-09-17: GET /v2/teams, GET /v2/teams/{teamId}; schemas Team, TeamPaged).
 * `includes` adds `membersPreview` and `accessibleListsPreview` (TeamMembersPreview,
 * TeamAccessibleListsPreview: at most 10 items and the total). A team's lists are those the
 * caller can see too. `privacyType` is gated behind "Manage Teams" and organization settings the
 * emulated account does not have, so it is never answered (the edition's `slim` example).
 * GET /v2/teams/{teamId}/members and /accessible-lists are named by the description's text
 * only, with no schema: not served.
 */

const INCLUDES = ['membersPreview', 'accessibleListsPreview'] as const;
const ORDERS = ['name', '-name', 'createdAt', '-createdAt'] as const;
const PREVIEW_LIMIT = 10;

const TEAM_FILTER: FilterProperties<Team> = {
	id: { kind: 'reference', operators: ['='], get: (t) => t.id },
	name: { kind: 'text', operators: ['=', '=^', '=$', '=~'], get: (t) => t.name },
};

function visibleLists(ctx: RouteContext, team: Team): List[] {
	return team.listIds
		.map((id) => ctx.store.lists.get(id))
		.filter((list): list is List => !!list && ctx.store.canSeeList(list, ctx.user.id));
}

/** `includes` (team.includes: an array of unique items). */
function includesOf(values: string[] | undefined): Set<string> {
	const includes = enumValues(values, INCLUDES, 'includes');
	if (includes.size !== (values ?? []).length)
		throw badRequest('includes names each value at most once', 'includes');
	return includes;
}

function renderTeam(
	ctx: RouteContext,
	team: Team,
	includes: ReadonlySet<string>,
): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: team.id,
		name: team.name,
		createdAt: team.createdAt,
		updatedAt: team.updatedAt,
	};
	if (includes.has('membersPreview')) {
		const members = team.members.filter((m) => ctx.store.users.has(m.userId));
		out.membersPreview = {
			data: members.slice(0, PREVIEW_LIMIT).map((m) => {
				const user = ctx.store.users.get(m.userId)!;
				return {
					id: m.id,
					addedAt: m.addedAt,
					// User: the team member's user, named by its email address.
					user: {
						id: user.id,
						firstName: user.firstName,
						lastName: user.lastName,
						emailAddress: user.primaryEmailAddress ?? user.emailAddresses[0],
					},
				};
			}),
			totalCount: members.length,
		};
	}
	if (includes.has('accessibleListsPreview')) {
		const lists = visibleLists(ctx, team);
		out.accessibleListsPreview = {
			data: lists.slice(0, PREVIEW_LIMIT).map((list) => renderList(list, true)),
			totalCount: lists.length,
		};
	}
	return out;
}

/** Teams in `orderBy` order: each key in turn, then by id; default `name`. */
function sortTeams(teams: Team[], orderBy: string[]): Team[] {
	const keys = orderBy.length ? orderBy : ['name'];
	return [...teams].sort((a, b) => {
		for (const key of keys) {
			const descending = key.startsWith('-');
			const field = descending ? key.slice(1) : key;
			const cmp =
				field === 'name'
					? a.name.localeCompare(b.name)
					: Date.parse(a.createdAt) - Date.parse(b.createdAt);
			if (cmp) return descending ? -cmp : cmp;
		}
		return a.id - b.id;
	});
}

export function register(router: Router): void {
	router.get('/v2/teams', (ctx) => {
		const defining = ['filter', 'orderBy', 'includes', 'totalCount'];
		const values = definingValues(ctx, defining);
		const includes = includesOf(values.includes);
		const orderBy = values.orderBy ?? [];
		enumValues(orderBy, ORDERS, 'orderBy');
		if (new Set(orderBy.map((o) => o.replace(/^-/, ''))).size !== orderBy.length)
			throw badRequest('orderBy names each property at most once', 'orderBy');
		const test = filterFrom(values.filter?.[0], TEAM_FILTER);
		const sorted = sortTeams(teamsOf(ctx.store), orderBy);
		// Keys follow the sort order, so a cursor pages on in that order.
		const position = new Map(sorted.map((t, i) => [t, i + 1]));
		return paged(
			ctx,
			test ? sorted.filter(test) : sorted,
			(t) => position.get(t) as number,
			(t) => renderTeam(ctx, t, includes),
			{ defining, totalCount: boolValue(values, 'totalCount') },
		);
	});

	router.get('/v2/teams/:teamId', (ctx) => {
		const teamId = pathId(ctx.params.teamId, 'teamId', 'int64');
		const team = teamsOf(ctx.store).find((t) => t.id === teamId);
		if (!team) throw notFound(`Team ${teamId} not found`);
		const includes = includesOf(ctx.query.list('includes'));
		return ok(renderTeam(ctx, team, includes));
	});
}
