import { badRequest, forbidden, notFound, pathId } from '../http';
import type { FieldDef, Person, StoredValue } from '../model';
import type { Router } from '../router';
import { renderPerson } from '../serialize';
import { parseWrittenValue } from '../values';
import { email, isObject, MAX_REFERENCES, objectOf, required, text } from './bodies';
import { requireEditGlobalFields } from './fieldValues';

/**
 * POST /v2/persons (persons.PersonToCreate; 201 with the Person and the fields it was given)
 * and DELETE /v2/persons/{personId} (204; internal persons, the organization's own people,
 * cannot be deleted: 403). Both BETA in the API.
 */
export function register(router: Router): void {
	router.post('/v2/persons', async (ctx) => {
		const body = objectOf(
			await ctx.body(),
			['firstName', 'lastName', 'primaryEmailAddress', 'emailAddresses', 'fields'],
			'',
		);
		const firstName = text(required(body, 'firstName'), 'firstName', { min: 1 });
		const lastNameRaw = required(body, 'lastName');
		const lastName = lastNameRaw === null ? null : text(lastNameRaw, 'lastName');
		const primaryRaw = required(body, 'primaryEmailAddress');
		const primaryEmailAddress =
			primaryRaw === null ? null : email(primaryRaw, 'primaryEmailAddress');
		let emailAddresses = primaryEmailAddress ? [primaryEmailAddress] : [];
		if (body.emailAddresses !== undefined) {
			if (!Array.isArray(body.emailAddresses))
				throw badRequest('emailAddresses must be an array', 'emailAddresses');
			if (body.emailAddresses.length > MAX_REFERENCES)
				throw badRequest(
					`emailAddresses may hold at most ${MAX_REFERENCES} items`,
					'emailAddresses',
				);
			emailAddresses = body.emailAddresses.map((item, i) => email(item, `emailAddresses[${i}]`));
			if (primaryEmailAddress && !emailAddresses.includes(primaryEmailAddress))
				emailAddresses.unshift(primaryEmailAddress);
		}
		const writes: Array<{ field: FieldDef; stored: StoredValue | null }> = [];
		if (body.fields !== undefined) {
			if (!Array.isArray(body.fields)) throw badRequest('fields must be an array', 'fields');
			if (body.fields.length) requireEditGlobalFields(ctx);
			body.fields.forEach((update: unknown, i: number) => {
				const at = `fields[${i}]`;
				if (!isObject(update))
					throw badRequest('Each field must be an object {"id": ..., "value": ...}', at);
				objectOf(update, ['id', 'value'], at);
				const id = text(required(update, 'id', at), `${at}.id`);
				const field = ctx.store.entityField('person', id);
				if (!field)
					throw badRequest(
						ctx.store.fields.has(id)
							? `Field ${id} is not a person field`
							: `Field ${id} not found`,
						`${at}.id`,
					);
				writes.push({
					field,
					stored: parseWrittenValue(
						ctx.store,
						field,
						required(update, 'value', at),
						`${at}.value`,
						`${at}.id`,
					),
				});
			});
		}
		const person: Person = {
			id: ctx.store.nextId('person', 5_000_001),
			firstName,
			lastName,
			primaryEmailAddress,
			emailAddresses,
			type: 'external',
			values: new Map(),
		};
		ctx.store.persons.set(person.id, person);
		for (const { field, stored } of writes) ctx.store.setValue(person, field.id, stored);
		ctx.store.touch();
		return {
			status: 201,
			body: renderPerson(ctx.store, person, writes.length ? writes.map((w) => w.field) : undefined),
		};
	});

	router.delete('/v2/persons/:personId', (ctx) => {
		const personId = pathId(ctx.params.personId, 'personId', 'int64');
		const person = ctx.store.persons.get(personId);
		if (!person) throw notFound(`Person ${personId} not found`);
		if (person.type === 'internal')
			throw forbidden(`Person ${personId} is internal to your organization and cannot be deleted`);
		ctx.store.removePerson(personId);
		return { status: 204 };
	});
}
