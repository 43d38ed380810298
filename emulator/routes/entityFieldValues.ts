import { exposedEntityFields } from '../fieldRules';
import { badRequest, notFound, pathId } from '../http';
import { mergedAwayError } from '../merges';
import type { Company, FieldDef, Person } from '../model';
import type { RouteContext } from '../context';
import type { Router } from '../router';
import { renderField } from '../serialize';
import { parseWrittenValue } from '../values';
import { definingValues, ok, paged } from './common';
import { applyBatch, notApplicable, requireEditGlobalFields, valueOfBody } from './fieldValues';
import { enumValues } from './support';

/**
 * A company's or a person's own field values (GET and PATCH /v2/companies/{companyId}/fields,
 * GET and POST …/fields/{fieldId}, and the same under /v2/persons/{personId}): enriched, global
 * and relationship-intelligence fields; list fields live on list entries. Writes need the
 * "Edit Global Field Values" permission (403 without it).
 */

const FIELD_TYPES = ['enriched', 'global', 'relationship-intelligence'] as const;
type Kind = 'company' | 'person';

const PATHS: Record<Kind, { path: string; param: string; label: string }> = {
	company: { path: '/v2/companies/:companyId', param: 'companyId', label: 'Company' },
	person: { path: '/v2/persons/:personId', param: 'personId', label: 'Person' },
};

export function recordOf(ctx: RouteContext, kind: Kind): Company | Person {
	const { param, label } = PATHS[kind];
	const id = pathId(ctx.params[param], param, 'int64');
	const record = kind === 'company' ? ctx.store.companies.get(id) : ctx.store.persons.get(id);
	if (!record)
		throw mergedAwayError(ctx.emulator, kind, id) ?? notFound(`${label} ${id} not found`);
	return record;
}

function registerKind(router: Router, kind: Kind): void {
	const { path } = PATHS[kind];
	const where = kind === 'company' ? 'companies' : 'persons';

	router.get(`${path}/fields`, (ctx) => {
		const record = recordOf(ctx, kind);
		const defining = ['ids', 'types'];
		const values = definingValues(ctx, defining);
		if (values.ids?.length && values.types?.length)
			throw badRequest('ids and types cannot be used together', 'types');
		const universe = exposedEntityFields(ctx.store, kind);
		const types = enumValues(values.types, FIELD_TYPES, 'types');
		for (const id of values.ids ?? []) {
			if (!universe.some((f) => f.id === id))
				throw badRequest(`Field "${id}" does not exist on ${where}`, 'ids');
		}
		const ids = new Set(values.ids ?? []);
		const positions = new Map(universe.map((f, i) => [f, i + 1]));
		const fields = universe.filter(
			(f: FieldDef) => (!ids.size || ids.has(f.id)) && (!types.size || types.has(f.type)),
		);
		return paged(
			ctx,
			fields,
			(f) => positions.get(f) as number,
			(f) => renderField(ctx.store, f, record.values.get(f.id)),
			{ defining, defaultLimit: 20 },
		);
	});

	router.get(`${path}/fields/:fieldId`, (ctx) => {
		const record = recordOf(ctx, kind);
		const field = exposedEntityFields(ctx.store, kind).find((f) => f.id === ctx.params.fieldId);
		if (!field) throw notFound(`Field "${ctx.params.fieldId}" not found on ${where}`);
		return ok(renderField(ctx.store, field, record.values.get(field.id)));
	});

	router.patch(`${path}/fields`, async (ctx) => {
		const record = recordOf(ctx, kind);
		requireEditGlobalFields(ctx);
		return applyBatch(ctx, (fieldId) => {
			const field = ctx.store.entityField(kind, fieldId);
			if (field) return { field, target: record };
			return ctx.store.fields.has(fieldId)
				? `Field ${fieldId} is not a field of ${where}`
				: `Field ${fieldId} not found`;
		});
	});

	// POST /v2/persons/{personId}/fields/{fieldId} is served by fieldValues (it came first).
	if (kind === 'company') {
		router.post(`${path}/fields/:fieldId`, async (ctx) => {
			const company = recordOf(ctx, kind);
			requireEditGlobalFields(ctx);
			const fieldId = ctx.params.fieldId;
			const field =
				ctx.store.entityField('company', fieldId) ??
				notApplicable(ctx.store, fieldId, 'companies', 'fieldId');
			ctx.store.setValue(
				company,
				field.id,
				parseWrittenValue(ctx.store, field, await valueOfBody(ctx), 'value'),
			);
			return { status: 204 };
		});
	}
}

export function register(router: Router): void {
	registerKind(router, 'company');
	registerKind(router, 'person');
}
