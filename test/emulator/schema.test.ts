import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import { follow, type Page } from './helpers';
import { loadDescription, withoutMappings, type Json } from './openapi';

type Method = 'get' | 'post';

/**
 * Every response of every endpoint the emulator serves that the OpenAPI description describes,
 * validated against that description's response schema (status by status, errors included).
 */
/**
 * Where SPEC.md (the authority) deliberately differs from the OpenAPI description, the schema
 * is widened by exactly the member SPEC adds, and nothing else.
 */
function applySpecAllowances(doc: Json): void {
	const schemas = (doc.components as Json).schemas as Record<string, { properties: Json; required?: string[] }>;
	// SPEC 2.6: a List carries createdAt (the OpenAPI List and ListWithType do not list it).
	for (const name of ['List', 'ListWithType']) {
		schemas[name].properties.createdAt = { type: 'string', format: 'date-time' };
		schemas[name].required = [...(schemas[name].required ?? []), 'createdAt'];
	}
	// SPEC 2.7: an entry of a company's (or person's) list-entries page names its list.
	schemas.ListEntry.properties.listName = { type: 'string' };
	schemas.ListEntry.required = [...(schemas.ListEntry.required ?? []), 'listName'];
	// SPEC 2.4: filterable-text-multi has a sibling totalCount (the full number of values).
	schemas.TextsValue.properties.totalCount = { type: 'integer', minimum: 0 };
	// SPEC 2.3: field metadata has createdAt (date-time or null), and what `includes` adds
	// (filterability, sortability: SPEC does not show their shape; this is our contract).
	schemas.FieldMetadata.properties.createdAt = { type: ['string', 'null'], format: 'date-time' };
	schemas.FieldMetadata.properties.filterability = {
		oneOf: [
			{
				type: 'object',
				additionalProperties: false,
				required: ['operators'],
				properties: { operators: { type: 'array', minItems: 1, items: { enum: ['=', '!=', '=^', '=$', '=~', '>', '>=', '<', '<=', '= *', '!= *', '= ""', '=[]'] } } },
			},
			{ type: 'null' },
		],
	};
	schemas.FieldMetadata.properties.sortability = {
		oneOf: [
			{ type: 'object', additionalProperties: false, required: ['directions'], properties: { directions: { const: ['asc', 'desc'] } } },
			{ type: 'null' },
		],
	};
}

/**
 * Endpoints SPEC.md has and this OpenAPI edition does not: their schemas from SPEC (2.8, 2.11)
 * and DESIGN.md (the search answers with a company page).
 */
const SPEC_ONLY_SCHEMAS: Record<string, Json> = {
	'GET /v2/users/{userId} 200': {
		type: 'object',
		additionalProperties: false,
		required: ['id', 'firstName', 'lastName', 'primaryEmailAddress', 'photoUrl', 'status'],
		properties: {
			id: { type: 'integer', minimum: 1, maximum: 2147483647 },
			firstName: { type: 'string' },
			lastName: { type: ['string', 'null'] },
			primaryEmailAddress: { type: ['string', 'null'], format: 'email' },
			photoUrl: { type: ['string', 'null'], format: 'uri' },
			status: { enum: ['active', 'invited', 'deactivated'] },
			emailAddresses: { type: 'array', maxItems: 100, items: { type: 'string', format: 'email' } },
			role: { type: 'string' },
		},
	},
	'GET /v2/rate-limit 200': {
		type: 'object',
		additionalProperties: false,
		required: ['callerPerMinute'],
		properties: { callerPerMinute: { $ref: '#/$defs/window' }, orgPerMonth: { $ref: '#/$defs/window' } },
		$defs: {
			window: {
				type: 'object',
				additionalProperties: false,
				required: ['limit', 'remaining', 'reset', 'used'],
				properties: { limit: { type: 'integer', minimum: 0 }, remaining: { type: 'integer', minimum: 0 }, reset: { type: 'integer', minimum: 0 }, used: { type: 'integer', minimum: 0 } },
			},
		},
	},
	'POST /v2/companies/search 201': { $ref: 'openapi#/components/schemas/CompanyPaged' },
};

const doc = loadDescription();
const paths = doc.paths as Record<string, Record<string, { responses: Record<string, Json> }>>;
const prepared = withoutMappings(doc) as Json;
applySpecAllowances(prepared);
const ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...prepared, $id: 'openapi' });

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const validators = new Map<string, ValidateFunction>();

/** The validator of a response: the operation's schema for that status, else its default. */
function validatorFor(method: Method, template: string, status: number): ValidateFunction {
	const id = `${method.toUpperCase()} ${template} ${status}`;
	const cached = validators.get(id);
	if (cached) return cached;
	let schema: Json;
	if (SPEC_ONLY_SCHEMAS[id]) schema = SPEC_ONLY_SCHEMAS[id];
	else if (SPEC_ONLY_SCHEMAS[`${method.toUpperCase()} ${template} 200`] || SPEC_ONLY_SCHEMAS[`${method.toUpperCase()} ${template} 201`]) {
		// Errors of SPEC-only endpoints: the error body of SPEC 7 (with the API's param).
		schema = { $ref: 'openapi#/components/schemas/Errors' };
	} else {
		const operation = paths[template]?.[method];
		if (!operation) throw new Error(`${method.toUpperCase()} ${template} is not in the OpenAPI description`);
		const key = operation.responses[String(status)] ? String(status) : 'default';
		let response = operation.responses[key] as Json;
		let base = `openapi#/${pointer('paths', template, method, 'responses', key)}`;
		if (typeof response.$ref === 'string') {
			base = `openapi${response.$ref}`;
			const name = (response.$ref as string).split('/').pop() as string;
			response = ((doc.components as Json).responses as Record<string, Json>)[name];
		}
		if (!(response.content as Json)?.['application/json']) throw new Error(`${id}: no JSON body described`);
		schema = { $ref: `${base}/${pointer('content', 'application/json', 'schema')}` };
	}
	const validate = ajv.compile(schema);
	validators.set(id, validate);
	return validate;
}

interface Sample {
	template: string;
	url: string;
	status: number;
	method?: Method;
	body?: unknown;
	key?: string;
}

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());

const checked = new Set<string>();

async function check(sample: Sample): Promise<Json> {
	const method = sample.method ?? 'get';
	const url = sample.url.startsWith('http') ? sample.url : `${fixture.baseUrl}${sample.url}`;
	const res = await follow<Json>(url, sample.key ?? ADMIN_KEY, { method: method === 'get' ? 'GET' : 'POST', body: sample.body });
	expect({ url: sample.url, status: res.status }).toEqual({ url: sample.url, status: sample.status });
	const validate = validatorFor(method, sample.template, sample.status);
	if (!validate(res.body)) {
		throw new Error(`${method.toUpperCase()} ${sample.url} (${sample.status}) does not match its schema:\n${JSON.stringify(validate.errors?.slice(0, 8), null, 2)}`);
	}
	checked.add(`${method.toUpperCase()} ${sample.template}`);
	return res.body;
}

/** Validates every page of a paged endpoint (following nextUrl). */
async function checkAllPages(sample: Sample, maxPages = 50): Promise<Json[]> {
	const items: Json[] = [];
	let url: string | null = sample.url;
	for (let i = 0; url && i < maxPages; i++) {
		const body = (await check({ ...sample, url })) as unknown as Page<Json>;
		items.push(...body.data);
		url = body.pagination.nextUrl;
	}
	return items;
}

const ALL_TYPES = 'fieldTypes=enriched&fieldTypes=global&fieldTypes=relationship-intelligence';

describe('responses match the OpenAPI description (and SPEC where it differs)', () => {
	it('auth, lists, fields and saved views', async () => {
		await check({ template: '/v2/auth/whoami', url: '/v2/auth/whoami', status: 200 });
		await check({ template: '/v2/lists', url: '/v2/lists?term=a', status: 200 });
		await check({ template: '/v2/lists', url: '/v2/lists?limit=0', status: 400 });
		for (const listId of [101, 102, 103, 104, 105]) {
			await check({ template: '/v2/lists/{listId}', url: `/v2/lists/${listId}`, status: 200 });
			await checkAllPages({ template: '/v2/lists/{listId}/fields', url: `/v2/lists/${listId}/fields?includes=filterability&includes=sortability&limit=7`, status: 200 });
			await check({ template: '/v2/lists/{listId}/saved-views', url: `/v2/lists/${listId}/saved-views`, status: 200 });
		}
		await check({ template: '/v2/lists/{listId}', url: '/v2/lists/99999', status: 404 });
		await check({ template: '/v2/lists/{listId}', url: '/v2/lists/0', status: 400 });
		await check({ template: '/v2/lists/{listId}/fields', url: '/v2/lists/102/fields?includes=x', status: 400 });
		await check({ template: '/v2/lists/{listId}/fields', url: '/v2/lists/104/fields', status: 403, key: MEMBER_KEY });
		for (const path of ['/v2/companies/fields', '/v2/persons/fields']) {
			await checkAllPages({ template: path, url: `${path}?includes=filterability&includes=sortability&limit=9`, status: 200 });
			await check({ template: path, url: `${path}?filter=name%20%3D~%20e`, status: 200 });
			await check({ template: path, url: `${path}?filter=name%20%3D%20(`, status: 400 });
		}
		const views = (await fixture.api<Page<{ id: number; type: string }>>('/v2/lists/102/saved-views')).body.data;
		for (const view of views) {
			await check({ template: '/v2/lists/{listId}/saved-views/{viewId}', url: `/v2/lists/102/saved-views/${view.id}`, status: 200 });
			const sample = { template: '/v2/lists/{listId}/saved-views/{viewId}/list-entries', url: `/v2/lists/102/saved-views/${view.id}/list-entries` };
			if (view.type === 'sheet') await checkAllPages({ ...sample, status: 200 });
			else await check({ ...sample, status: 400 });
		}
		await check({ template: '/v2/lists/{listId}/saved-views/{viewId}', url: '/v2/lists/102/saved-views/9999', status: 404 });
	});

	it('list entries of every kind, every field type and every value type', async () => {
		const seenTypes = new Set<string>();
		for (const listId of [101, 102, 103, 104, 105]) {
			const entries = await checkAllPages({
				template: '/v2/lists/{listId}/list-entries',
				url: `/v2/lists/${listId}/list-entries?${ALL_TYPES}&fieldTypes=list`,
				status: 200,
			});
			for (const entry of entries) for (const field of (entry.entity as { fields: Array<{ value: { type: string } }> }).fields) seenTypes.add(field.value.type);
			const first = entries[0].id as number;
			await check({ template: '/v2/lists/{listId}/list-entries/{listEntryId}', url: `/v2/lists/${listId}/list-entries/${first}?${ALL_TYPES}&fieldTypes=list`, status: 200 });
			await check({ template: '/v2/lists/{listId}/list-entries/{listEntryId}', url: `/v2/lists/${listId}/list-entries/${first}`, status: 200 });
			const fields = await checkAllPages({ template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields', url: `/v2/lists/${listId}/list-entries/${first}/fields`, status: 200 });
			for (const field of fields) {
				await check({
					template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}',
					url: `/v2/lists/${listId}/list-entries/${first}/fields/${encodeURIComponent(field.id as string)}`,
					status: 200,
				});
			}
		}
		expect([...seenTypes].sort()).toEqual(
			[
				'company',
				'company-multi',
				'datetime',
				'dropdown',
				'dropdown-multi',
				'filterable-text',
				'filterable-text-multi',
				'formula-number',
				'interaction',
				'location',
				'location-multi',
				'number',
				'number-multi',
				'person',
				'person-multi',
				'ranked-dropdown',
				'text',
			].sort(),
		);
		await check({ template: '/v2/lists/{listId}/list-entries', url: '/v2/lists/102/list-entries?fieldTypes=x', status: 400 });
		await check({ template: '/v2/lists/{listId}/list-entries', url: '/v2/lists/104/list-entries', status: 403, key: MEMBER_KEY });
		await check({ template: '/v2/lists/{listId}/list-entries', url: '/v2/lists/99999/list-entries', status: 404 });
		await check({ template: '/v2/lists/{listId}/list-entries/{listEntryId}', url: '/v2/lists/102/list-entries/1', status: 404 });
		await check({ template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields', url: '/v2/lists/102/list-entries/1/fields', status: 404 });
		await check({ template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields', url: '/v2/lists/102/list-entries/0/fields', status: 400 });
		await check({ template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}', url: '/v2/lists/102/list-entries/1/fields/field-1', status: 404 });
	});

	it('companies, persons and opportunities', async () => {
		await checkAllPages({ template: '/v2/companies', url: `/v2/companies?${ALL_TYPES}`, status: 200 });
		await check({ template: '/v2/companies', url: '/v2/companies?filter=name%20%3D~%20labs&ids=3000001&ids=3000002', status: 200 });
		await check({ template: '/v2/companies', url: '/v2/companies?filter=x%20%3D%201', status: 400 });
		await check({ template: '/v2/companies', url: '/v2/companies', status: 403, key: RESTRICTED_KEY });
		await check({ template: '/v2/companies/{companyId}', url: `/v2/companies/3000003?${ALL_TYPES}`, status: 200 });
		await check({ template: '/v2/companies/{companyId}', url: '/v2/companies/3999999', status: 404 });
		await check({ template: '/v2/companies/{companyId}', url: '/v2/companies/0', status: 400 });
		await check({ template: '/v2/companies/{companyId}', url: '/v2/companies/3000003', status: 403, key: RESTRICTED_KEY });
		for (const id of [3000001, 3000003, 3000300]) {
			await checkAllPages({ template: '/v2/companies/{companyId}/list-entries', url: `/v2/companies/${id}/list-entries?limit=1`, status: 200 });
			await checkAllPages({ template: '/v2/companies/{companyId}/lists', url: `/v2/companies/${id}/lists?limit=1`, status: 200 });
		}
		await check({ template: '/v2/companies/{companyId}/list-entries', url: '/v2/companies/3999999/list-entries', status: 404 });
		await check({ template: '/v2/companies/{companyId}/lists', url: '/v2/companies/3999999/lists', status: 404 });
		await check({ template: '/v2/companies/{companyId}/lists', url: '/v2/companies/3000001/lists?limit=101', status: 400 });

		await checkAllPages({ template: '/v2/persons', url: `/v2/persons?${ALL_TYPES}`, status: 200 });
		await check({ template: '/v2/persons', url: '/v2/persons?ids=0', status: 400 });
		await check({ template: '/v2/persons', url: '/v2/persons', status: 403, key: RESTRICTED_KEY });
		await check({ template: '/v2/persons/{personId}', url: `/v2/persons/5000007?${ALL_TYPES}`, status: 200 });
		await check({ template: '/v2/persons/{personId}', url: '/v2/persons/5999999', status: 404 });
		for (const id of [5000001, 5000007]) {
			await checkAllPages({ template: '/v2/persons/{personId}/list-entries', url: `/v2/persons/${id}/list-entries`, status: 200 });
			await checkAllPages({ template: '/v2/persons/{personId}/lists', url: `/v2/persons/${id}/lists`, status: 200 });
		}
		await check({ template: '/v2/persons/{personId}/list-entries', url: '/v2/persons/5999999/list-entries', status: 404 });
		await check({ template: '/v2/persons/{personId}/lists', url: '/v2/persons/x/lists', status: 400 });

		const opportunities = await checkAllPages({ template: '/v2/opportunities', url: '/v2/opportunities?limit=10', status: 200 });
		await check({ template: '/v2/opportunities', url: '/v2/opportunities?ids=7000001&ids=7000002', status: 200 });
		await check({ template: '/v2/opportunities', url: '/v2/opportunities?limit=1000', status: 400 });
		await check({ template: '/v2/opportunities/{opportunityId}', url: `/v2/opportunities/${opportunities[0].id}`, status: 200 });
		const confidential = opportunities.find((o) => o.listId === 105)!;
		await check({ template: '/v2/opportunities/{opportunityId}', url: `/v2/opportunities/${confidential.id}`, status: 403, key: MEMBER_KEY });
		await check({ template: '/v2/opportunities/{opportunityId}', url: '/v2/opportunities/7999999', status: 404 });
	});

	it('notes, replies, attached entities and transcripts', async () => {
		const includes = 'includes=companiesPreview&includes=personsPreview&includes=opportunitiesPreview&includes=repliesCount';
		const notes = await checkAllPages({ template: '/v2/notes', url: `/v2/notes?${includes}&totalCount=true&limit=13`, status: 200 });
		expect(new Set(notes.map((n) => n.type))).toEqual(new Set(['entities', 'interaction', 'ai-notetaker']));
		await check({ template: '/v2/notes', url: '/v2/notes?filter=id%20%3E%201', status: 400 });
		await check({ template: '/v2/notes', url: '/v2/notes?limit=0&totalCount=true', status: 200 });
		const replyTypes = new Set<string>();
		for (const note of notes) {
			await check({ template: '/v2/notes/{noteId}', url: `/v2/notes/${note.id}?${includes}`, status: 200 });
			const replies = await checkAllPages({ template: '/v2/notes/{noteId}/replies', url: `/v2/notes/${note.id}/replies?totalCount=true`, status: 200 });
			for (const reply of replies) {
				replyTypes.add(reply.type as string);
				await check({ template: '/v2/notes/{noteId}', url: `/v2/notes/${reply.id}`, status: 200 });
			}
			for (const what of ['attached-companies', 'attached-persons', 'attached-opportunities']) {
				await checkAllPages({ template: `/v2/notes/{noteId}/${what}`, url: `/v2/notes/${note.id}/${what}?limit=50&totalCount=true`, status: 200 });
			}
		}
		expect(replyTypes).toEqual(new Set(['user-reply', 'ai-notetaker-reply']));
		await check({ template: '/v2/notes/{noteId}', url: '/v2/notes/499999', status: 404 });
		await check({ template: '/v2/notes/{noteId}', url: '/v2/notes/0', status: 400 });
		await check({ template: '/v2/notes/{noteId}/replies', url: '/v2/notes/499999/replies', status: 404 });
		await check({ template: '/v2/notes/{noteId}/attached-companies', url: '/v2/notes/0/attached-companies', status: 400 });
		await check({ template: '/v2/notes/{noteId}/attached-persons', url: '/v2/notes/499999/attached-persons', status: 404 });
		await check({ template: '/v2/notes/{noteId}/attached-opportunities', url: '/v2/notes/499999/attached-opportunities', status: 404 });

		const transcripts = await checkAllPages({ template: '/v2/transcripts', url: '/v2/transcripts?totalCount=true&limit=2', status: 200 });
		await check({ template: '/v2/transcripts', url: '/v2/transcripts?filter=colour%20%3D%20red', status: 400 });
		for (const transcript of transcripts) {
			await check({ template: '/v2/transcripts/{transcriptId}', url: `/v2/transcripts/${transcript.id}`, status: 200 });
			await checkAllPages({ template: '/v2/transcripts/{transcriptId}/fragments', url: `/v2/transcripts/${transcript.id}/fragments?limit=100&totalCount=true`, status: 200 });
		}
		await check({ template: '/v2/transcripts/{transcriptId}', url: '/v2/transcripts/99999', status: 404 });
		await check({ template: '/v2/transcripts/{transcriptId}/fragments', url: '/v2/transcripts/0/fragments', status: 400 });
	});

	it('interactions and the notes of companies, persons and opportunities', async () => {
		for (const path of ['/v2/calls', '/v2/chat-messages', '/v2/emails', '/v2/meetings']) {
			await checkAllPages({ template: path, url: `${path}?limit=40`, status: 200 });
			await check({ template: path, url: `${path}?filter=colour%20%3D%20red`, status: 400 });
		}
		await checkAllPages({ template: '/v2/emails', url: '/v2/emails?limit=40', status: 200, key: RESTRICTED_KEY });
		for (const [template, id] of [
			['/v2/companies/{companyId}/notes', 3000001],
			['/v2/persons/{personId}/notes', 5000007],
			['/v2/opportunities/{opportunityId}/notes', 7000001],
		] as const) {
			await checkAllPages({ template, url: `${template.replace(/\{[^}]+\}/, String(id))}?totalCount=true&limit=7`, status: 200 });
			await check({ template, url: template.replace(/\{[^}]+\}/, '0'), status: 400 });
		}
		await check({ template: '/v2/companies/{companyId}/notes', url: '/v2/companies/3999999/notes', status: 404 });
	});

	it('SPEC-only endpoints: users, rate limit, company search', async () => {
		for (const key of [ADMIN_KEY, MEMBER_KEY]) {
			for (let id = 1; id <= 6; id++) await check({ template: '/v2/users/{userId}', url: `/v2/users/${id}`, status: 200, key });
		}
		await check({ template: '/v2/users/{userId}', url: '/v2/users/99', status: 404 });
		await check({ template: '/v2/users/{userId}', url: '/v2/users/0', status: 400 });
		await check({ template: '/v2/rate-limit', url: '/v2/rate-limit', status: 200 });
		await fixture.control('POST', '/rate-limit', { orgLimit: 100_000 });
		const usage = await check({ template: '/v2/rate-limit', url: '/v2/rate-limit', status: 200 });
		expect(usage.orgPerMonth).toBeDefined();
		await fixture.control('POST', '/rate-limit', { orgLimit: null });
		const body = { filters: 'name =~ a', search: { term: 'e' }, sorts: [{ fieldId: 'name', direction: 'desc' }] };
		const first = await check({ template: '/v2/companies/search', method: 'post', url: `/v2/companies/search?totalCount=true&${ALL_TYPES}`, status: 201, body });
		await check({ template: '/v2/companies/search', method: 'post', url: (first.pagination as { nextUrl: string }).nextUrl, status: 201 });
		await check({ template: '/v2/companies/search', method: 'post', url: '/v2/companies/search', status: 400, body: { sorts: [{ fieldId: 'nope' }] } });
		await check({ template: '/v2/companies/search', method: 'post', url: '/v2/companies/search', status: 403, body: {}, key: RESTRICTED_KEY });
	});

	it('merges and merge tasks of persons and companies, in progress and done', async () => {
		await fixture.control('POST', '/settings', { mergeDurationMs: 30 });
		const pairs = {
			person: { primaryPersonId: 5000020, duplicatePersonId: 5000021 },
			company: { primaryCompanyId: 3000020, duplicateCompanyId: 3000021 },
		};
		for (const [kind, body] of Object.entries(pairs)) {
			const started = await fixture.api<{ taskUrl: string }>(`/v2/${kind}-merges`, ADMIN_KEY, { method: 'POST', body });
			expect(started.status).toBe(202);
			const taskPath = new URL(started.body.taskUrl).pathname;
			const taskId = taskPath.split('/').pop() as string;
			await check({ template: `/v2/tasks/${kind}-merges/{taskId}`, url: taskPath, status: 200 });
			await new Promise((resolve) => setTimeout(resolve, 100));
			const merges = (await checkAllPages({ template: `/v2/${kind}-merges`, url: `/v2/${kind}-merges`, status: 200 })) as Array<{ id: number }>;
			await check({ template: `/v2/${kind}-merges/{mergeId}`, url: `/v2/${kind}-merges/${merges[0].id}`, status: 200 });
			await check({ template: `/v2/${kind}-merges/{mergeId}`, url: `/v2/${kind}-merges/999999`, status: 404 });
			await checkAllPages({ template: `/v2/tasks/${kind}-merges`, url: `/v2/tasks/${kind}-merges`, status: 200 });
			await check({ template: `/v2/tasks/${kind}-merges/{taskId}`, url: `/v2/tasks/${kind}-merges/${taskId}`, status: 200 });
		}
	});

	it('the validators bite: responses that stray from the description fail', async () => {
		const companies = (await fixture.api<Json>(`/v2/companies?limit=3&${ALL_TYPES}`)).body;
		const validate = validatorFor('get', '/v2/companies', 200);
		expect(validate(companies)).toBe(true);
		const mutate = (change: (copy: { data: Array<Json & { fields: Array<Json & { value: Json }> }>; pagination?: unknown }) => void) => {
			const copy = structuredClone(companies) as { data: Array<Json & { fields: Array<Json & { value: Json }> }>; pagination?: unknown };
			change(copy);
			return validate(copy);
		};
		expect(mutate((c) => delete c.pagination)).toBe(false);
		expect(mutate((c) => (c.data[0].extra = 1))).toBe(false);
		expect(mutate((c) => (c.data[0].fields[0].value = { type: 'dropdown', data: 'Fintech' }))).toBe(false);
		expect(mutate((c) => (c.data[0].fields[19].value = { type: 'interaction', data: 'an email' }))).toBe(false);
		expect(mutate((c) => (c.data[0].fields[15].value = { type: 'filterable-text-multi', data: ['a'], totalCount: -1 }))).toBe(false);
		expect(mutate((c) => (c.data[0].fields[0].enrichmentSource = 'crunchbase'))).toBe(false);
		const lists = (await fixture.api<{ data: Json[] }>('/v2/lists')).body;
		delete lists.data[0].createdAt;
		expect(validatorFor('get', '/v2/lists', 200)(lists)).toBe(false);
		const fields = (await fixture.api<{ data: Json[] }>('/v2/companies/fields?includes=filterability')).body;
		fields.data[0].filterability = { operators: ['~~'] };
		expect(validatorFor('get', '/v2/companies/fields', 200)(fields)).toBe(false);
	});

	it('covers every GET of the OpenAPI description that the emulator serves', async () => {
		const served: string[] = [];
		for (const [template, operations] of Object.entries(paths)) {
			if (!operations.get) continue;
			const url = template.replace(/\{[^}]+\}/g, '1');
			const res = await fixture.api<{ errors: Array<{ message: string }> }>(url);
			const unserved = res.status === 404 && res.body.errors[0].message.startsWith('No endpoint');
			if (!unserved) served.push(`GET ${template}`);
		}
		// 32 GET endpoints of the description after issue 3, 40 with the merges of issue 4.
		expect(served.length).toBeGreaterThanOrEqual(40);
		expect(served.filter((endpoint) => !checked.has(endpoint))).toEqual([]);
	});
});
