import type { RouteContext } from '../context';
import type { FilterProperties } from '../filter';
import { badRequest, forbidden } from '../http';
import { arrayOrNull, shownDomain, shownDomains } from '../liveShapes';
import type { DuplicateSuggestion, User } from '../model';
import type { Router } from '../router';
import { renderPerson, renderUser } from '../serialize';
import type { Store } from '../store';
import { definingValues, paged } from './common';
import { boolValue, enumValues, filterFrom } from './support';

/**
 * The team and the account's housekeeping: GET /v2/users (BETA; UserDataPaged) and the
 * duplicate suggestions (GET /v2/duplicates/company-suggestions, /person-suggestions, BETA).
 * Suggestions need the "Manage duplicates" permission, which organization admins have; a
 * suggestion is gone once either profile is merged away.
 */

const USER_FILTER: FilterProperties<User> = {
	id: { kind: 'reference', operators: ['='], get: (u) => u.id },
	status: { kind: 'choice', operators: ['='], get: (u) => u.status },
};

const SUGGESTION_ORDER = ['name', '-name', 'createdAt', '-createdAt'] as const;

function suggestionName(store: Store, s: DuplicateSuggestion): string {
	if (s.entityType === 'company') return store.companies.get(s.primaryId)?.name ?? '';
	const person = store.persons.get(s.primaryId);
	return [person?.firstName, person?.lastName].filter(Boolean).join(' ');
}

function companyProfile(store: Store, id: number): Record<string, unknown> {
	const company = store.companies.get(id);
	return {
		id,
		name: company?.name ?? '',
		domain: shownDomain(id, company?.domain ?? null),
		domains: arrayOrNull(shownDomains(id, company?.domains.slice(0, 100) ?? [])),
		isEnriched: (company?.values.size ?? 0) > 0,
		isGlobal: company?.isGlobal ?? false,
	};
}

function renderSuggestion(store: Store, s: DuplicateSuggestion): Record<string, unknown> {
	const profile = (id: number) =>
		s.entityType === 'company'
			? companyProfile(store, id)
			: renderPerson(store, store.persons.get(id)!);
	return {
		id: s.id,
		primaryProfile: profile(s.primaryId),
		duplicateProfiles: [profile(s.duplicateId)],
		matchCriteria: s.matchCriteria,
	};
}

function suggestionsPage(
	ctx: RouteContext,
	entityType: 'company' | 'person',
	criteria: readonly string[],
) {
	if (ctx.user.role !== 'admin') throw forbidden('Missing permission: Manage duplicates');
	const defining = ['filter', 'term', 'orderBy', 'totalCount'];
	const values = definingValues(ctx, defining);
	const orderBy = [...enumValues(values.orderBy, SUGGESTION_ORDER, 'orderBy')];
	const term = values.term?.[0];
	if (term !== undefined && term.length < 2)
		throw badRequest('term must be at least 2 characters', 'term');
	const { store } = ctx;
	const test = filterFrom(values.filter?.[0], {
		matchCriteria: {
			kind: 'choice',
			operators: ['='],
			get: (s: DuplicateSuggestion) => s.matchCriteria,
		},
	});
	const exists = (id: number) =>
		entityType === 'company' ? store.companies.has(id) : store.persons.has(id);
	const merging = new Set(
		[...store.merges.values()]
			.filter((m) => m.entityType === entityType)
			.flatMap((m) => [m.primaryId, m.duplicateId]),
	);
	const searched = (s: DuplicateSuggestion) => {
		if (term === undefined) return true;
		const text =
			entityType === 'company'
				? suggestionName(store, s)
				: (store.persons.get(s.primaryId)?.firstName ?? '');
		const other =
			entityType === 'company'
				? (store.companies.get(s.duplicateId)?.name ?? '')
				: (store.persons.get(s.duplicateId)?.firstName ?? '');
		return `${text} ${other}`.toLowerCase().includes(term.toLowerCase());
	};
	const items = store.duplicateSuggestions.filter(
		(s) =>
			s.entityType === entityType &&
			criteria.includes(s.matchCriteria) &&
			exists(s.primaryId) &&
			exists(s.duplicateId) &&
			!merging.has(s.primaryId) &&
			!merging.has(s.duplicateId) &&
			searched(s) &&
			(!test || test(s)),
	);
	const keys = orderBy.length ? orderBy : ['name'];
	items.sort((a, b) => {
		for (const key of keys) {
			const sign = key.startsWith('-') ? -1 : 1;
			const c = key.endsWith('name')
				? suggestionName(store, a).localeCompare(suggestionName(store, b))
				: a.createdAt.localeCompare(b.createdAt);
			if (c) return sign * c;
		}
		return a.id.localeCompare(b.id);
	});
	const position = new Map(items.map((s, i) => [s, i + 1]));
	return paged(
		ctx,
		items,
		(s) => position.get(s) as number,
		(s) => renderSuggestion(store, s),
		{ defining, totalCount: boolValue(values, 'totalCount') },
	);
}

export function register(router: Router): void {
	router.get('/v2/users', (ctx) => {
		const defining = ['term', 'filter'];
		const values = definingValues(ctx, defining);
		const term = values.term?.[0]?.toLowerCase();
		const test = filterFrom(values.filter?.[0], USER_FILTER);
		const users = ctx.store
			.sortedIds(ctx.store.users)
			.map((id) => ctx.store.users.get(id) as User)
			.filter(
				(u) =>
					!term ||
					[u.firstName, u.lastName ?? '', u.primaryEmailAddress ?? ''].some((t) =>
						t.toLowerCase().includes(term),
					),
			)
			.filter((u) => !test || test(u));
		return paged(
			ctx,
			users,
			(u) => u.id,
			(u) => renderUser(u, ctx.user.permissions.manageUsers),
			{ defining },
		);
	});

	router.get('/v2/duplicates/company-suggestions', (ctx) =>
		suggestionsPage(ctx, 'company', ['name', 'domain-redirect', 'domain-match']),
	);
	router.get('/v2/duplicates/person-suggestions', (ctx) =>
		suggestionsPage(ctx, 'person', ['name', 'intelligent']),
	);
}
