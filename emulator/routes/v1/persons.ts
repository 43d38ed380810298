import { notFound, pathId } from '../../http';
import type { Person } from '../../model';
import type { Router } from '../../router';
import { v1Person } from '../../v1Shapes';
import {
	holdFromV2,
	unprocessable,
	v1Body,
	v1Emails,
	v1Ids,
	v1ListEntriesOf,
	v1Text,
} from './common';

/**
 * API v1 Persons (https://api-docs.affinity.co/#persons): get and update. Only the parameters
 * given change; `emails` and `organization_ids` replace the whole set. An email that belongs to
 * another person is refused (one person per email address): 422. An update is told to webhooks
 * (person.updated) with the Person resource.
 */
export function register(router: Router): void {
	const personOf = (ctx: {
		params: Record<string, string>;
		store: { persons: Map<number, Person> };
	}) => {
		const id = pathId(ctx.params.personId, 'person_id', 'int64');
		const person = ctx.store.persons.get(id);
		if (!person) throw notFound(`Person ${id} not found`);
		return person;
	};

	router.get('/persons/:personId', (ctx) => {
		const person = personOf(ctx);
		const entries = v1ListEntriesOf(ctx.store, ctx.user.id, 'person', person.id);
		return { status: 200, body: { ...v1Person(ctx.store, person), list_entries: entries } };
	});

	router.add('PUT', '/persons/:personId', async (ctx) => {
		const person = personOf(ctx);
		const body = v1Body(await ctx.body(), [
			'first_name',
			'last_name',
			'emails',
			'organization_ids',
		]);
		const firstName =
			body.first_name === undefined ? undefined : v1Text(body.first_name, 'first_name', 1);
		const lastName = body.last_name === undefined ? undefined : v1Text(body.last_name, 'last_name');
		const emails = body.emails === undefined ? undefined : v1Emails(body.emails, 'emails');
		const organizationIds =
			body.organization_ids === undefined
				? undefined
				: v1Ids(
						body.organization_ids,
						'organization_ids',
						(id) => ctx.store.companies.has(id),
						'organization',
					);
		if (emails) {
			for (const other of ctx.store.persons.values()) {
				if (other.id === person.id) continue;
				const taken = emails.find((e) => other.emailAddresses.some((o) => o.toLowerCase() === e));
				if (taken)
					throw unprocessable(`emails: ${taken} belongs to another person (${other.id})`, 'emails');
			}
		}
		holdFromV2(ctx, 'person', person.id);
		if (firstName !== undefined) person.firstName = firstName;
		if (lastName !== undefined) person.lastName = lastName || null;
		if (emails) {
			person.emailAddresses = emails;
			// The primary email stays while it is among the emails; else the first one is.
			if (!person.primaryEmailAddress || !emails.includes(person.primaryEmailAddress.toLowerCase()))
				person.primaryEmailAddress = emails[0] ?? null;
		}
		if (organizationIds) ctx.store.setOrganizationIds(person, organizationIds);
		ctx.store.touch();
		const answer = v1Person(ctx.store, person);
		ctx.store.announce('person.updated', () => answer);
		return { status: 200, body: answer };
	});
}
