import type { RouteContext } from '../context';
import { ApiError, badRequest } from '../http';
import type { FieldDef, List, ListEntry, StoredValue } from '../model';
import type { Router } from '../router';
import { ID_START } from '../seed';
import { renderListEntry } from '../serialize';
import { integer, objectOf, reference, required } from './bodies';
import { visibleList } from './common';

/**
 * POST /v2/lists/{listId}/list-entries (BETA, 2026-09-17; ListEntryToBeCreated, 201
 * ListEntryWithEntity): adds a company to a company list or a person to a person list, as v1's
 * POST /lists/{list_id}/list-entries does (a record may be on a list more than once; webhooks
 * list_entry.created). An opportunity list takes no entries here: its entries are its
 * opportunities. A list with a required field of its own refuses the add, naming each missing
 * field (the endpoint takes no values). The new entry gets what an add in the app gives: the
 * list's Status its first open status, its Owners the entry's creator.
 */

/** The 400 of a list whose own required fields an add cannot fill: one error per field. */
class RequiredFieldsMissing extends ApiError {
	constructor(private readonly fields: FieldDef[]) {
		super(400, 'validation', 'Required fields of the list have no value');
	}

	body() {
		return {
			errors: this.fields.map((f) => ({
				code: 'validation',
				message: `Field ${f.id} ("${f.name}") is required on this list; the endpoint cannot set it`,
				param: f.id,
			})),
		};
	}
}

const isRequiredField = (field: FieldDef) =>
	(field as FieldDef & { isRequired?: boolean }).isRequired === true;

function creatorOf(ctx: RouteContext, raw: unknown): number {
	if (raw === undefined) return ctx.user.id;
	const personId = integer(raw, 'creatorId');
	const user = [...ctx.store.users.values()].find(
		(u) => u.personId === personId && u.status === 'active',
	);
	if (!user)
		throw badRequest(
			`creatorId: person ${personId} is not an internal person of your organization`,
			'creatorId',
		);
	return user.id;
}

/** The values an add in the app gives: Status (first open status), Owners (the creator). */
function initialValues(list: List, creatorPersonId: number): Array<[FieldDef, StoredValue]> {
	const values: Array<[FieldDef, StoredValue]> = [];
	for (const field of list.fields) {
		if (field.statusDropdown) {
			const open = (field.dropdownOptions ?? [])
				.filter((o) => o.statusCategory === 'open')
				.sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0))[0];
			if (open)
				values.push([field, { type: field.valueType, data: { dropdownOptionId: open.id } }]);
		} else if (field.name === 'Owners' && field.valueType === 'person-multi') {
			values.push([field, { type: field.valueType, data: [{ id: creatorPersonId }] }]);
		} else if (field.name === 'Owners' && field.valueType === 'person') {
			values.push([field, { type: field.valueType, data: { id: creatorPersonId } }]);
		}
	}
	return values;
}

export function register(router: Router): void {
	router.post('/v2/lists/:listId/list-entries', async (ctx) => {
		const list = visibleList(ctx, ctx.params.listId);
		const body = objectOf(await ctx.body(), ['entity', 'creatorId'], '');
		const entityId = reference(required(body, 'entity'), 'entity');
		const creatorId = creatorOf(ctx, body.creatorId);
		if (list.type === 'opportunity')
			throw badRequest(
				`List ${list.id} is an opportunity list: its entries are its opportunities, which cannot be added with this endpoint`,
				'listId',
			);
		if (!ctx.store.entityExists(list.type, entityId))
			throw badRequest(
				`There is no ${list.type} ${entityId} to add to ${list.type} list ${list.id}`,
				'entity.id',
			);
		const missing = list.fields.filter(isRequiredField);
		if (missing.length) throw new RequiredFieldsMissing(missing);
		const entry: ListEntry = {
			id: ctx.store.nextId('listEntry', ID_START.listEntry + 10_000_000),
			listId: list.id,
			entityType: list.type,
			entityId,
			createdAt: new Date().toISOString(),
			creatorId,
			values: new Map(),
		};
		ctx.store.addEntry(entry);
		const creatorPersonId = ctx.store.users.get(creatorId)?.personId ?? creatorId;
		for (const [field, value] of initialValues(list, creatorPersonId))
			ctx.store.setValue(entry, field.id, value);
		return { status: 201, body: renderListEntry(ctx.store, entry, [], ctx) };
	});
}
