import type { RouteContext } from '../context';
import { exposedEntityFields } from '../fieldRules';
import { ApiError, notFound, pathId } from '../http';
import { mergedAwayError } from '../merges';
import type { Person } from '../model';
import type { Router } from '../router';
import { searchPage } from '../search';
import { renderPerson } from '../serialize';
import { renderList } from './lists';
import { definingValues, ok, paged, requirePermission, selectFields } from './common';
import { fieldMetadataPage, renderEntityEntry, visibleEntriesOf, visibleListsOf } from './support';

const PERSON_FIELD_TYPES = ['enriched', 'global', 'relationship-intelligence'] as const;

function personOf(ctx: RouteContext): Person {
	const personId = pathId(ctx.params.personId, 'personId', 'int64');
	const person = ctx.store.persons.get(personId);
	if (!person)
		throw (
			mergedAwayError(ctx.emulator, 'person', personId) ?? notFound(`Person ${personId} not found`)
		);
	return person;
}

export function register(router: Router): void {
	router.get('/v2/persons/fields', (ctx) =>
		fieldMetadataPage(ctx, exposedEntityFields(ctx.store, 'person')),
	);

	// The term always matches the first name, the last name and the primary email address.
	router.post('/v2/persons/search', (ctx) => {
		requirePermission(ctx.user.permissions.exportAllPeople, 'Export All People directory');
		return searchPage<Person>(ctx, {
			universe: exposedEntityFields(ctx.store, 'person'),
			fieldTypes: [...PERSON_FIELD_TYPES],
			records: () =>
				ctx.store.sortedIds(ctx.store.persons).map((id) => ctx.store.persons.get(id) as Person),
			identity: (p) => [p.firstName, p.lastName, p.primaryEmailAddress],
			render: (p, fields) => renderPerson(ctx.store, p, fields),
		});
	});

	router.get('/v2/persons', (ctx) => {
		requirePermission(ctx.user.permissions.exportAllPeople, 'Export All People directory');
		const defining = ['fieldIds', 'fieldTypes', 'ids'];
		const values = definingValues(ctx, defining);
		const fields = selectFields(values, exposedEntityFields(ctx.store, 'person'), [
			...PERSON_FIELD_TYPES,
		]);
		let ids = ctx.store.sortedIds(ctx.store.persons);
		if (values.ids?.length) {
			const wanted = new Set(values.ids.map((raw) => pathId(raw, 'ids', 'int64')));
			ids = ids.filter((id) => wanted.has(id));
		}
		const persons = ids.map((id) => ctx.store.persons.get(id) as Person);
		return paged(
			ctx,
			persons,
			(p) => p.id,
			(p) => renderPerson(ctx.store, p, fields),
			{ defining },
		);
	});

	router.get('/v2/persons/:personId', (ctx) => {
		// The search endpoint exists, for POST only.
		if (ctx.params.personId === 'search')
			throw new ApiError(
				405,
				'method-not-allowed',
				`Method ${ctx.method} is not allowed for /v2/persons/search`,
			);
		requirePermission(ctx.user.permissions.exportAllPeople, 'Export All People directory');
		const person = personOf(ctx);
		const values = {
			fieldIds: ctx.query.list('fieldIds'),
			fieldTypes: ctx.query.list('fieldTypes'),
		};
		return ok(
			renderPerson(
				ctx.store,
				person,
				selectFields(values, exposedEntityFields(ctx.store, 'person'), [...PERSON_FIELD_TYPES]),
			),
		);
	});

	router.get('/v2/persons/:personId/list-entries', (ctx) => {
		requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
		const person = personOf(ctx);
		return paged(
			ctx,
			visibleEntriesOf(ctx, 'person', person.id),
			(e) => e.id,
			(e) => renderEntityEntry(ctx.store, e),
		);
	});

	router.get('/v2/persons/:personId/lists', (ctx) => {
		const person = personOf(ctx);
		return paged(
			ctx,
			visibleListsOf(ctx, 'person', person.id),
			(l) => l.id,
			(l) => renderList(l, false),
		);
	});
}
