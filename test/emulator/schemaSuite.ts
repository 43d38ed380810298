import type { Exchange } from '../../emulator';
import type { FieldDef } from '../../emulator/model';
import { SEEDED_USERS } from '../../emulator/seed';
import { v1EndpointOf, v1NonConformance } from '../../testkit/descriptions/v1Description';
import { Router } from '../../emulator/router';
import { registerApi } from '../../emulator/routes';
import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import { follow, type Page } from './helpers';
import {
	Description,
	explain,
	loadDescription,
	type Edition,
	type Json,
	type Method,
} from '../../testkit/descriptions/openapi';

/**
 * Every answer the emulator gives in this suite, whichever call made it, is checked against the
 * description of the edition the requests name (every key's Default API Version is set to it):
 * its status is one the operation documents and its body validates against the schema of that
 * status; every request body the emulator accepted validates against the operation's request
 * schema. The coverage tests walk the emulator's route table and the description: every route it
 * serves on this edition must be in the description and have had a validated success here, every
 * operation of the description must have been answered, and the routes of other editions answer
 * as unknown routes. A new endpoint fails this suite until a case below exercises it.
 */
export function schemaSuite(edition: Edition): void {
	const description = new Description(edition);

	interface Sample {
		template: string;
		url: string;
		status: number;
		method?: Method;
		body?: unknown;
		key?: string;
	}

	const fixture = new EmulatorFixture();
	const exchanges: Exchange[] = [];
	/** `METHOD template` of every operation answered with a validated success. */
	const served = new Set<string>();
	beforeAll(async () => {
		await fixture.start({ observe: (exchange) => exchanges.push(exchange) });
		// Every request of the suite names the edition through its key's Default API Version.
		for (const key of fixture.emulator.keys) key.defaultVersion = edition;
		const whoami = await fixture.api('/v2/auth/whoami', MEMBER_KEY);
		expect(whoami.headers['x-affinity-api-version']).toBe(edition);
	});
	afterAll(() => fixture.stop());

	/** What is wrong with one exchange, or undefined when it conforms. */
	function nonConformance(exchange: Exchange): string | undefined {
		if (exchange.api === 'v1') return v1NonConformance(exchange);
		const { method, path, status } = exchange;
		const where = `${method} ${path}${exchange.query} (${status})`;
		const template = description.templateOf(method, path);
		if (!template)
			return status === 404 || status === 405
				? undefined
				: `${where}: no such operation in the description`;
		if (!description.documents(method, template, status))
			return `${where}: status ${status} not documented`;
		if (
			status < 300 &&
			exchange.requestBody !== undefined &&
			description.operation(method, template)?.requestBody
		) {
			const validate = description.request(method, template);
			if (!validate(exchange.requestBody))
				return `${where}: request body does not match:\n${explain(validate)}`;
		}
		if (description.hasResponseBody(method, template, status)) {
			const validate = description.response(method, template, status);
			if (!validate(exchange.responseBody))
				return `${where}: answer does not match:\n${explain(validate)}`;
		}
		if (status < 300) served.add(`${method} ${template}`);
		return undefined;
	}

	/** Validates the exchanges since the last call; faults injected on purpose are left out. */
	function expectAllConform(): void {
		const problems = exchanges
			.splice(0)
			.filter((e) => !e.fault)
			.map(nonConformance)
			.filter(Boolean);
		expect(problems).toEqual([]);
	}
	afterEach(expectAllConform);

	async function check(sample: Sample): Promise<Json> {
		const method = sample.method ?? 'get';
		const url = sample.url.startsWith('http') ? sample.url : `${fixture.baseUrl}${sample.url}`;
		const res = await follow<Json>(url, sample.key ?? ADMIN_KEY, {
			method: method.toUpperCase() as 'GET',
			body: sample.body,
		});
		// An unexpected status shows the answer too (the error says which parameter).
		const answer = res.status === sample.status ? {} : { body: res.body };
		expect({ url: sample.url, status: res.status, ...answer }).toEqual({
			url: sample.url,
			status: sample.status,
		});
		if (!description.hasResponseBody(method, sample.template, sample.status)) return res.body;
		const validate = description.response(method, sample.template, sample.status);
		if (!validate(res.body)) {
			throw new Error(
				`${method.toUpperCase()} ${sample.url} (${sample.status}) does not match its schema:\n${explain(validate)}`,
			);
		}
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

	/**
	 * Operations the emulator does not serve: product feedback sent to Affinity, which the pack
	 * never calls and nothing reads back.
	 */
	const NOT_EMULATED: ReadonlySet<string> = new Set(['POST /v2/feedback']);

	const ALL_TYPES = 'fieldTypes=enriched&fieldTypes=global&fieldTypes=relationship-intelligence';

	describe('responses match the OpenAPI description (and SPEC where it differs)', () => {
		it('auth, lists, fields and saved views', async () => {
			await check({ template: '/v2/auth/whoami', url: '/v2/auth/whoami', status: 200 });
			await check({ template: '/v2/lists', url: '/v2/lists?term=a', status: 200 });
			await check({ template: '/v2/lists', url: '/v2/lists?limit=0', status: 400 });
			for (const listId of [101, 102, 103, 104, 105]) {
				await check({ template: '/v2/lists/{listId}', url: `/v2/lists/${listId}`, status: 200 });
				await checkAllPages({
					template: '/v2/lists/{listId}/fields',
					url: `/v2/lists/${listId}/fields?includes=filterability&includes=sortability&limit=7`,
					status: 200,
				});
				await check({
					template: '/v2/lists/{listId}/saved-views',
					url: `/v2/lists/${listId}/saved-views`,
					status: 200,
				});
			}
			await check({ template: '/v2/lists/{listId}', url: '/v2/lists/99999', status: 404 });
			await check({ template: '/v2/lists/{listId}', url: '/v2/lists/0', status: 400 });
			await check({
				template: '/v2/lists/{listId}/fields',
				url: '/v2/lists/102/fields?includes=x',
				status: 400,
			});
			await check({
				template: '/v2/lists/{listId}/fields',
				url: '/v2/lists/104/fields',
				status: 403,
				key: MEMBER_KEY,
			});
			for (const path of ['/v2/companies/fields', '/v2/persons/fields']) {
				await checkAllPages({
					template: path,
					url: `${path}?includes=filterability&includes=sortability&limit=9`,
					status: 200,
				});
				await check({ template: path, url: `${path}?filter=name%20%3D~%20e`, status: 200 });
				await check({ template: path, url: `${path}?filter=name%20%3D%20(`, status: 400 });
			}
			// List → Get Saved Views pages by its Limit.
			await checkAllPages({
				template: '/v2/lists/{listId}/saved-views',
				url: '/v2/lists/102/saved-views?limit=1',
				status: 200,
			});
			await check({
				template: '/v2/lists/{listId}/saved-views',
				url: '/v2/lists/99999/saved-views',
				status: 404,
			});
			const views = (
				await fixture.api<Page<{ id: number; type: string }>>('/v2/lists/102/saved-views')
			).body.data;
			for (const view of views) {
				await check({
					template: '/v2/lists/{listId}/saved-views/{viewId}',
					url: `/v2/lists/102/saved-views/${view.id}`,
					status: 200,
				});
				const sample = {
					template: '/v2/lists/{listId}/saved-views/{viewId}/list-entries',
					url: `/v2/lists/102/saved-views/${view.id}/list-entries`,
				};
				if (view.type === 'sheet') await checkAllPages({ ...sample, status: 200 });
				else await check({ ...sample, status: 400 });
			}
			await check({
				template: '/v2/lists/{listId}/saved-views/{viewId}',
				url: '/v2/lists/102/saved-views/9999',
				status: 404,
			});
		});

		it('list entries of every kind, every field type and every value type', async () => {
			const seenTypes = new Set<string>();
			for (const listId of [101, 102, 103, 104, 105]) {
				const entries = await checkAllPages({
					template: '/v2/lists/{listId}/list-entries',
					url: `/v2/lists/${listId}/list-entries?${ALL_TYPES}&fieldTypes=list`,
					status: 200,
				});
				for (const entry of entries)
					for (const field of (entry.entity as { fields: Array<{ value: { type: string } }> })
						.fields)
						seenTypes.add(field.value.type);
				const first = entries[0].id as number;
				await check({
					template: '/v2/lists/{listId}/list-entries/{listEntryId}',
					url: `/v2/lists/${listId}/list-entries/${first}?${ALL_TYPES}&fieldTypes=list`,
					status: 200,
				});
				await check({
					template: '/v2/lists/{listId}/list-entries/{listEntryId}',
					url: `/v2/lists/${listId}/list-entries/${first}`,
					status: 200,
				});
				const fields = await checkAllPages({
					template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields',
					url: `/v2/lists/${listId}/list-entries/${first}/fields`,
					status: 200,
				});
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
					// Value types 2026-09-17 added: absent from older editions.
					...(edition === '2026-09-17' ? ['list-multi', 'note', 'reminder'] : []),
				].sort(),
			);
			await check({
				template: '/v2/lists/{listId}/list-entries',
				url: '/v2/lists/102/list-entries?fieldTypes=x',
				status: 400,
			});
			await check({
				template: '/v2/lists/{listId}/list-entries',
				url: '/v2/lists/104/list-entries',
				status: 403,
				key: MEMBER_KEY,
			});
			await check({
				template: '/v2/lists/{listId}/list-entries',
				url: '/v2/lists/99999/list-entries',
				status: 404,
			});
			await check({
				template: '/v2/lists/{listId}/list-entries/{listEntryId}',
				url: '/v2/lists/102/list-entries/1',
				status: 404,
			});
			await check({
				template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields',
				url: '/v2/lists/102/list-entries/1/fields',
				status: 404,
			});
			await check({
				template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields',
				url: '/v2/lists/102/list-entries/0/fields',
				status: 400,
			});
			await check({
				template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}',
				url: '/v2/lists/102/list-entries/1/fields/field-1',
				status: 404,
			});
		});

		it('companies, persons and opportunities', async () => {
			await checkAllPages({
				template: '/v2/companies',
				url: `/v2/companies?${ALL_TYPES}`,
				status: 200,
			});
			await check({
				template: '/v2/companies',
				url: '/v2/companies?filter=name%20%3D~%20labs&ids=3000001&ids=3000002',
				status: 200,
			});
			// Live, GET /v2/companies ignores `filter`; applied, an unknown property is a 400.
			await check({
				template: '/v2/companies',
				url: '/v2/companies?filter=x%20%3D%201',
				status: 200,
			});
			await fixture.control('POST', '/settings', { companyFilter: 'applied' });
			await check({
				template: '/v2/companies',
				url: '/v2/companies?filter=x%20%3D%201',
				status: 400,
			});
			await fixture.control('POST', '/settings', { companyFilter: 'ignored' });
			await check({
				template: '/v2/companies',
				url: '/v2/companies',
				status: 403,
				key: RESTRICTED_KEY,
			});
			await check({
				template: '/v2/companies/{companyId}',
				url: `/v2/companies/3000003?${ALL_TYPES}`,
				status: 200,
			});
			await check({
				template: '/v2/companies/{companyId}',
				url: '/v2/companies/3999999',
				status: 404,
			});
			await check({ template: '/v2/companies/{companyId}', url: '/v2/companies/0', status: 400 });
			await check({
				template: '/v2/companies/{companyId}',
				url: '/v2/companies/3000003',
				status: 403,
				key: RESTRICTED_KEY,
			});
			for (const id of [3000001, 3000003, 3000300]) {
				await checkAllPages({
					template: '/v2/companies/{companyId}/list-entries',
					url: `/v2/companies/${id}/list-entries?limit=1`,
					status: 200,
				});
				await checkAllPages({
					template: '/v2/companies/{companyId}/lists',
					url: `/v2/companies/${id}/lists?limit=1`,
					status: 200,
				});
			}
			await check({
				template: '/v2/companies/{companyId}/list-entries',
				url: '/v2/companies/3999999/list-entries',
				status: 404,
			});
			await check({
				template: '/v2/companies/{companyId}/lists',
				url: '/v2/companies/3999999/lists',
				status: 404,
			});
			await check({
				template: '/v2/companies/{companyId}/lists',
				url: '/v2/companies/3000001/lists?limit=101',
				status: 400,
			});

			await checkAllPages({
				template: '/v2/persons',
				url: `/v2/persons?${ALL_TYPES}`,
				status: 200,
			});
			await check({ template: '/v2/persons', url: '/v2/persons?ids=0', status: 400 });
			await check({
				template: '/v2/persons',
				url: '/v2/persons',
				status: 403,
				key: RESTRICTED_KEY,
			});
			await check({
				template: '/v2/persons/{personId}',
				url: `/v2/persons/5000007?${ALL_TYPES}`,
				status: 200,
			});
			await check({ template: '/v2/persons/{personId}', url: '/v2/persons/5999999', status: 404 });
			for (const id of [5000001, 5000007]) {
				await checkAllPages({
					template: '/v2/persons/{personId}/list-entries',
					url: `/v2/persons/${id}/list-entries`,
					status: 200,
				});
				await checkAllPages({
					template: '/v2/persons/{personId}/lists',
					url: `/v2/persons/${id}/lists`,
					status: 200,
				});
			}
			await check({
				template: '/v2/persons/{personId}/list-entries',
				url: '/v2/persons/5999999/list-entries',
				status: 404,
			});
			await check({
				template: '/v2/persons/{personId}/lists',
				url: '/v2/persons/x/lists',
				status: 400,
			});

			const opportunities = await checkAllPages({
				template: '/v2/opportunities',
				url: '/v2/opportunities?limit=10',
				status: 200,
			});
			await check({
				template: '/v2/opportunities',
				url: '/v2/opportunities?ids=7000001&ids=7000002',
				status: 200,
			});
			await check({
				template: '/v2/opportunities',
				url: '/v2/opportunities?limit=1000',
				status: 400,
			});
			await check({
				template: '/v2/opportunities/{opportunityId}',
				url: `/v2/opportunities/${opportunities[0].id}`,
				status: 200,
			});
			const confidential = opportunities.find((o) => o.listId === 105)!;
			await check({
				template: '/v2/opportunities/{opportunityId}',
				url: `/v2/opportunities/${confidential.id}`,
				status: 403,
				key: MEMBER_KEY,
			});
			await check({
				template: '/v2/opportunities/{opportunityId}',
				url: '/v2/opportunities/7999999',
				status: 404,
			});
		});

		it('notes, replies, attached entities and transcripts', async () => {
			const includes =
				'includes=companiesPreview&includes=personsPreview&includes=opportunitiesPreview&includes=repliesCount';
			const notes = await checkAllPages({
				template: '/v2/notes',
				url: `/v2/notes?${includes}&totalCount=true&limit=13`,
				status: 200,
			});
			expect(new Set(notes.map((n) => n.type))).toEqual(
				new Set(['entities', 'interaction', 'ai-notetaker']),
			);
			await check({ template: '/v2/notes', url: '/v2/notes?filter=id%20%3E%201', status: 400 });
			await check({ template: '/v2/notes', url: '/v2/notes?limit=0&totalCount=true', status: 200 });
			const replyTypes = new Set<string>();
			for (const note of notes) {
				await check({
					template: '/v2/notes/{noteId}',
					url: `/v2/notes/${note.id}?${includes}`,
					status: 200,
				});
				const replies = await checkAllPages({
					template: '/v2/notes/{noteId}/replies',
					url: `/v2/notes/${note.id}/replies?totalCount=true`,
					status: 200,
				});
				for (const reply of replies) {
					replyTypes.add(reply.type as string);
					await check({
						template: '/v2/notes/{noteId}',
						url: `/v2/notes/${reply.id}`,
						status: 200,
					});
				}
				for (const what of ['attached-companies', 'attached-persons', 'attached-opportunities']) {
					await checkAllPages({
						template: `/v2/notes/{noteId}/${what}`,
						url: `/v2/notes/${note.id}/${what}?limit=50&totalCount=true`,
						status: 200,
					});
				}
			}
			expect(replyTypes).toEqual(new Set(['user-reply', 'ai-notetaker-reply']));
			await check({ template: '/v2/notes/{noteId}', url: '/v2/notes/499999', status: 404 });
			await check({ template: '/v2/notes/{noteId}', url: '/v2/notes/0', status: 400 });
			await check({
				template: '/v2/notes/{noteId}/replies',
				url: '/v2/notes/499999/replies',
				status: 404,
			});
			await check({
				template: '/v2/notes/{noteId}/attached-companies',
				url: '/v2/notes/0/attached-companies',
				status: 400,
			});
			await check({
				template: '/v2/notes/{noteId}/attached-persons',
				url: '/v2/notes/499999/attached-persons',
				status: 404,
			});
			await check({
				template: '/v2/notes/{noteId}/attached-opportunities',
				url: '/v2/notes/499999/attached-opportunities',
				status: 404,
			});

			const transcripts = await checkAllPages({
				template: '/v2/transcripts',
				url: '/v2/transcripts?totalCount=true&limit=2',
				status: 200,
			});
			await check({
				template: '/v2/transcripts',
				url: '/v2/transcripts?filter=colour%20%3D%20red',
				status: 400,
			});
			for (const transcript of transcripts) {
				await check({
					template: '/v2/transcripts/{transcriptId}',
					url: `/v2/transcripts/${transcript.id}`,
					status: 200,
				});
				await checkAllPages({
					template: '/v2/transcripts/{transcriptId}/fragments',
					url: `/v2/transcripts/${transcript.id}/fragments?limit=100&totalCount=true`,
					status: 200,
				});
			}
			await check({
				template: '/v2/transcripts/{transcriptId}',
				url: '/v2/transcripts/99999',
				status: 404,
			});
			await check({
				template: '/v2/transcripts/{transcriptId}/fragments',
				url: '/v2/transcripts/0/fragments',
				status: 400,
			});
		});

		it('interactions and the notes of companies, persons and opportunities', async () => {
			for (const path of ['/v2/calls', '/v2/chat-messages', '/v2/emails', '/v2/meetings']) {
				await checkAllPages({ template: path, url: `${path}?limit=40`, status: 200 });
				await check({ template: path, url: `${path}?filter=colour%20%3D%20red`, status: 400 });
			}
			await checkAllPages({
				template: '/v2/emails',
				url: '/v2/emails?limit=40',
				status: 200,
				key: RESTRICTED_KEY,
			});
			for (const [template, id] of [
				['/v2/companies/{companyId}/notes', 3000001],
				['/v2/persons/{personId}/notes', 5000007],
				['/v2/opportunities/{opportunityId}/notes', 7000001],
			] as const) {
				await checkAllPages({
					template,
					url: `${template.replace(/\{[^}]+\}/, String(id))}?totalCount=true&limit=7`,
					status: 200,
				});
				await check({ template, url: template.replace(/\{[^}]+\}/, '0'), status: 400 });
			}
			await check({
				template: '/v2/companies/{companyId}/notes',
				url: '/v2/companies/3999999/notes',
				status: 404,
			});
		});

		it('the change log, meetings, relationships, inferred connections, users and duplicate suggestions', async () => {
			const store = fixture.emulator.store;
			const changes = await checkAllPages(
				{
					template: '/v2/field-value-changes',
					url: '/v2/field-value-changes?limit=100',
					status: 200,
				},
				3,
			);
			await check({
				template: '/v2/field-value-changes',
				url: `/v2/field-value-changes?filter=${encodeURIComponent('changedAt>2020-01-01T00:00:00Z')}&limit=5`,
				status: 200,
			});
			await check({
				template: '/v2/field-value-changes',
				url: `/v2/field-value-changes?filter=${encodeURIComponent('colour=red')}`,
				status: 400,
			});
			const entryChange = changes.find((c) => (c.listEntry as { id?: number } | null)?.id) as
				| { listEntry: { id: number; listId: number } }
				| undefined;
			expect(entryChange).toBeDefined();
			const { id: entryId, listId } = entryChange!.listEntry;
			const entryTemplate = '/v2/lists/{listId}/list-entries/{listEntryId}/field-value-changes';
			await checkAllPages({
				template: entryTemplate,
				url: `/v2/lists/${listId}/list-entries/${entryId}/field-value-changes?limit=50`,
				status: 200,
			});
			await check({
				template: entryTemplate,
				url: `/v2/lists/${listId}/list-entries/0/field-value-changes`,
				status: 400,
			});

			const meetings = await checkAllPages(
				{ template: '/v2/meetings', url: '/v2/meetings?limit=5', status: 200 },
				1,
			);
			await check({
				template: '/v2/meetings/{meetingId}',
				url: `/v2/meetings/${meetings[0].id}`,
				status: 200,
			});
			await check({ template: '/v2/meetings/{meetingId}', url: '/v2/meetings/abc', status: 400 });

			const person = store.relationships[0].personIds[0];
			await checkAllPages({
				template: '/v2/persons/{personId}/relationships',
				url: `/v2/persons/${person}/relationships?totalCount=true`,
				status: 200,
			});
			await check({
				template: '/v2/persons/{personId}/relationships',
				url: `/v2/persons/${person}/relationships?orderBy=name`,
				status: 400,
			});
			await checkAllPages({
				template: '/v2/companies/{companyId}/relationships',
				url: '/v2/companies/3000001/relationships?totalCount=true',
				status: 200,
			});
			await check({
				template: '/v2/companies/{companyId}/relationships',
				url: '/v2/companies/3999999/relationships',
				status: 404,
			});

			for (const [kind, path] of [
				['coworker', '/v2/inferred-connections/coworkers'],
				['investor-executive', '/v2/inferred-connections/investor-executive-connections'],
			] as const) {
				const target =
					store.inferredTargets.find((t) => t.kind === kind) ?? store.inferredTargets[0];
				await checkAllPages({
					template: path,
					url: `${path}?filter=${encodeURIComponent(`target.currentCompany.id=${target.currentCompanyId}`)}&totalCount=true`,
					status: 200,
				});
				await check({ template: path, url: path, status: 400 });
			}

			for (const key of [ADMIN_KEY, MEMBER_KEY])
				await checkAllPages({ template: '/v2/users', url: '/v2/users?limit=3', status: 200, key });
			await check({
				template: '/v2/users',
				url: `/v2/users?filter=${encodeURIComponent('colour=red')}`,
				status: 400,
			});
			for (const path of [
				'/v2/duplicates/company-suggestions',
				'/v2/duplicates/person-suggestions',
			]) {
				await checkAllPages(
					{ template: path, url: `${path}?limit=5&totalCount=true`, status: 200 },
					2,
				);
				await check({ template: path, url: path, status: 403, key: MEMBER_KEY });
				await check({ template: path, url: `${path}?term=a`, status: 400 });
			}
		});

		it('keyword searches, semantic search and webhooks', async () => {
			await check({
				template: '/v2/notes/search',
				method: 'post',
				url: '/v2/notes/search',
				status: 201,
				body: { prompt: 'roadmap', limit: 5 },
			});
			await check({
				template: '/v2/notes/search',
				method: 'post',
				url: '/v2/notes/search',
				status: 400,
				body: { prompt: 'ab' },
			});
			await check({
				template: '/v2/files/search',
				method: 'post',
				url: '/v2/files/search',
				status: 201,
				body: { prompt: 'pricing', limit: 3 },
			});
			await check({
				template: '/v2/files/search',
				method: 'post',
				url: '/v2/files/search',
				status: 404,
				body: { prompt: 'pricing', companyId: 3999999 },
			});
			await check({
				template: '/v2/semantic-search',
				method: 'post',
				url: '/v2/semantic-search',
				status: 201,
				body: { prompt: 'health robotics', limit: 5 },
			});
			await check({
				template: '/v2/semantic-search',
				method: 'post',
				url: '/v2/semantic-search',
				status: 400,
				body: { prompt: '' },
			});

			const sink = (tag: string) => `${fixture.baseUrl}/_emulator/webhook-sink?to=${tag}`;
			const created = await check({
				template: '/v2/webhooks',
				method: 'post',
				url: '/v2/webhooks',
				status: 201,
				body: { url: sink('schema'), subscriptions: ['list_entry.created'] },
			});
			await check({
				template: '/v2/webhooks',
				method: 'post',
				url: '/v2/webhooks',
				status: 400,
				body: { url: sink('schema-2') },
			});
			await checkAllPages({ template: '/v2/webhooks', url: '/v2/webhooks', status: 200 });
			const path = `/v2/webhooks/${created.id}`;
			await check({ template: '/v2/webhooks/{webhookId}', url: path, status: 200 });
			await check({
				template: '/v2/webhooks/{webhookId}',
				method: 'post',
				url: path,
				status: 204,
				body: { subscriptions: [] },
			});
			await check({
				template: '/v2/webhooks/{webhookId}',
				method: 'post',
				url: path,
				status: 400,
				body: { subscriptions: ['nope'] },
			});
			await check({
				template: '/v2/webhooks/{webhookId}',
				method: 'delete',
				url: path,
				status: 204,
			});
			await check({ template: '/v2/webhooks/{webhookId}', url: path, status: 404 });
		});

		it('users, rate limit, company, person and list-entry search', async () => {
			for (const key of [ADMIN_KEY, MEMBER_KEY]) {
				for (const id of Object.values(SEEDED_USERS))
					await check({ template: '/v2/users/{userId}', url: `/v2/users/${id}`, status: 200, key });
			}
			await check({ template: '/v2/users/{userId}', url: '/v2/users/99', status: 404 });
			await check({ template: '/v2/users/{userId}', url: '/v2/users/0', status: 400 });
			await check({ template: '/v2/rate-limit', url: '/v2/rate-limit', status: 200 });
			await fixture.control('POST', '/rate-limit', { orgLimit: 100_000 });
			const usage = await check({ template: '/v2/rate-limit', url: '/v2/rate-limit', status: 200 });
			expect(usage.orgPerMonth).toBeDefined();
			await fixture.control('POST', '/rate-limit', { orgLimit: null });
			const employees = {
				valueType: 'number',
				fieldId: 'field-1003',
				operator: 'is-greater-than',
				value: 10,
			};
			const lastEmail = {
				valueType: 'date',
				fieldId: 'last-email',
				attributeId: 'date-of-activity',
				operator: 'is-within-the-last',
				value: { amount: [5], unit: 'year' },
			};
			const body = {
				filters: {
					operator: 'and',
					filters: [
						employees,
						{
							operator: 'or',
							filters: [
								lastEmail,
								{ valueType: 'text', fieldId: 'field-1002', operator: 'is-not-empty' },
							],
						},
					],
				},
				search: { term: 'labs', fieldIds: ['field-1002'] },
				sorts: [
					{ fieldId: 'field-1003', direction: 'desc' },
					{ fieldId: 'last-email', attributeId: 'date-of-activity', direction: 'asc' },
				],
			};
			const first = await check({
				template: '/v2/companies/search',
				method: 'post',
				url: `/v2/companies/search?totalCount=true&limit=5&${ALL_TYPES}`,
				status: 201,
				body,
			});
			await check({
				template: '/v2/companies/search',
				method: 'post',
				url: (first.pagination as { nextUrl: string }).nextUrl,
				status: 201,
			});
			await check({
				template: '/v2/companies/search',
				method: 'post',
				url: '/v2/companies/search',
				status: 400,
				body: { sorts: [{ fieldId: 'nope' }] },
			});
			await check({
				template: '/v2/companies/search',
				method: 'post',
				url: '/v2/companies/search',
				status: 403,
				body: {},
				key: RESTRICTED_KEY,
			});

			const personFieldId = (
				await fixture.api<Page<{ id: string; name: string }>>('/v2/persons/fields?limit=100')
			).body.data.find((f) => f.name === 'Job Title')!.id;
			const dealSizeId = (
				await fixture.api<Page<{ id: string; name: string; type: string }>>(
					'/v2/lists/102/fields?limit=100',
				)
			).body.data.find((f) => f.name === 'Deal Size' && f.type === 'list')!.id;
			const personBody = {
				filters: {
					operator: 'or',
					filters: [
						lastEmail,
						{ valueType: 'text', fieldId: personFieldId, operator: 'contains', value: 'a' },
					],
				},
				search: { term: 'ann', fieldIds: [personFieldId] },
				sorts: [{ fieldId: 'last-contact', attributeId: 'date-of-activity', direction: 'desc' }],
			};
			const persons = await check({
				template: '/v2/persons/search',
				method: 'post',
				url: `/v2/persons/search?totalCount=true&limit=2&${ALL_TYPES}`,
				status: 201,
				body: { sorts: personBody.sorts },
			});
			await check({
				template: '/v2/persons/search',
				method: 'post',
				url: (persons.pagination as { nextUrl: string }).nextUrl,
				status: 201,
			});
			await check({
				template: '/v2/persons/search',
				method: 'post',
				url: '/v2/persons/search',
				status: 201,
				body: personBody,
			});
			await check({
				template: '/v2/persons/search',
				method: 'post',
				url: '/v2/persons/search',
				status: 400,
				body: { search: { term: 'an' } },
			});
			await check({
				template: '/v2/persons/search',
				method: 'post',
				url: '/v2/persons/search',
				status: 403,
				body: {},
				key: RESTRICTED_KEY,
			});

			const entriesTemplate = '/v2/lists/{listId}/list-entries/search';
			const entryBody = {
				filters: {
					operator: 'and',
					filters: [
						{ valueType: 'number', fieldId: dealSizeId, operator: 'is-greater-than', value: 0 },
					],
				},
				search: { term: 'labs' },
				sorts: [
					{ fieldId: dealSizeId, direction: 'desc' },
					{ fieldId: 'created-at', direction: 'asc' },
				],
			};
			const entries = await check({
				template: entriesTemplate,
				method: 'post',
				url: `/v2/lists/102/list-entries/search?totalCount=true&limit=2&fieldTypes=list`,
				status: 201,
				body: { sorts: entryBody.sorts },
			});
			await check({
				template: entriesTemplate,
				method: 'post',
				url: (entries.pagination as { nextUrl: string }).nextUrl,
				status: 201,
			});
			await check({
				template: entriesTemplate,
				method: 'post',
				url: '/v2/lists/102/list-entries/search',
				status: 201,
				body: entryBody,
			});
			await check({
				template: entriesTemplate,
				method: 'post',
				url: '/v2/lists/101/list-entries/search?limit=3&fieldTypes=list',
				status: 201,
				body: {},
			});
			await check({
				template: entriesTemplate,
				method: 'post',
				url: '/v2/lists/102/list-entries/search',
				status: 400,
				body: { sorts: [{ fieldId: 'nope', direction: 'asc' }] },
			});
			await check({
				template: entriesTemplate,
				method: 'post',
				url: '/v2/lists/999999/list-entries/search',
				status: 404,
				body: {},
			});
		});

		it('field value writes and dropdown options', async () => {
			const listFields = (
				await fixture.api<Page<{ id: string; name: string }>>('/v2/lists/102/fields?limit=100')
			).body.data;
			const byName = (name: string) => listFields.find((f) => f.name === name)!.id;
			const [entry] = await fixture.control<Array<{ id: number }>>('GET', '/lists/102/entries');
			const entryPath = `/v2/lists/102/list-entries/${entry.id}/fields`;
			const text = { value: { type: 'text', data: 'Checked against the description' } };
			await check({
				template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}',
				method: 'post',
				url: `${entryPath}/${byName('Notes')}`,
				status: 204,
				body: text,
			});
			await check({
				template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}',
				method: 'post',
				url: `${entryPath}/${byName('Notes')}`,
				status: 400,
				body: { value: { type: 'number', data: 1 } },
			});
			const batch = {
				operation: 'update-fields',
				updates: [
					{ id: byName('Notes'), value: text.value },
					{ id: byName('Deal Size'), value: { type: 'number', data: 5 } },
				],
			};
			await check({
				template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields',
				method: 'patch',
				url: entryPath,
				status: 200,
				body: batch,
			});
			await check({
				template: '/v2/lists/{listId}/list-entries/{listEntryId}/fields',
				method: 'patch',
				url: entryPath,
				status: 400,
				body: { operation: 'x' },
			});
			const personFields = (
				await fixture.api<Page<{ id: string; name: string }>>('/v2/persons/fields?limit=100')
			).body.data;
			const seniority = personFields.find((f) => f.name === 'Seniority')!.id;
			const options = await check({
				template: '/v2/persons/fields/{fieldId}/dropdown-options',
				url: `/v2/persons/fields/${seniority}/dropdown-options`,
				status: 200,
			});
			const optionId = (options.data as Array<{ id: number }>)[0].id;
			await check({
				template: '/v2/persons/{personId}/fields/{fieldId}',
				method: 'post',
				url: `/v2/persons/5000007/fields/${seniority}`,
				status: 204,
				body: { value: { type: 'dropdown', data: { dropdownOptionId: optionId } } },
			});
			await check({
				template: '/v2/persons/{personId}/fields/{fieldId}',
				method: 'post',
				url: `/v2/persons/5999999/fields/${seniority}`,
				status: 404,
				body: text,
			});
			await check({
				template: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options',
				url: `/v2/lists/102/fields/${byName('Status')}/dropdown-options`,
				status: 200,
			});
			await check({
				template: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options',
				url: `/v2/lists/102/fields/${byName('Notes')}/dropdown-options`,
				status: 400,
			});
			const companyFields = (
				await fixture.api<Page<{ id: string; name: string; type: string }>>(
					'/v2/companies/fields?limit=100',
				)
			).body.data;
			const industry = companyFields.find((f) => f.name === 'Industry' && f.type === 'global')!.id;
			await check({
				template: '/v2/companies/fields/{fieldId}/dropdown-options',
				url: `/v2/companies/fields/${industry}/dropdown-options?limit=2`,
				status: 200,
			});
		});

		it("note, person, reminder, list and dropdown option writes; a company's and a person's own fields", async () => {
			const note = await check({
				template: '/v2/notes',
				method: 'post',
				url: '/v2/notes',
				status: 201,
				body: {
					type: 'entities',
					content: { html: '<p>Recap <a href="https://a.example">deck</a></p>' },
					persons: [{ id: 5000101 }],
					createdAt: '2025-01-01T00:00:00Z',
				},
			});
			await check({
				template: '/v2/notes',
				method: 'post',
				url: '/v2/notes',
				status: 201,
				body: { type: 'user-reply', content: { html: '<p>Agreed</p>' }, parent: { id: note.id } },
			});
			await check({
				template: '/v2/notes',
				method: 'post',
				url: '/v2/notes',
				status: 400,
				body: {
					type: 'entities',
					content: { html: '<p style="color:red">x</p>' },
					persons: [{ id: 5000101 }],
				},
			});
			await check({
				template: '/v2/notes/{noteId}',
				method: 'post',
				url: `/v2/notes/${note.id}`,
				status: 204,
				body: { content: { html: '<p>v2</p>' }, persons: [] },
			});
			await check({
				template: '/v2/notes/{noteId}',
				method: 'post',
				url: `/v2/notes/${note.id}`,
				status: 403,
				body: { content: { html: '<p>v3</p>' } },
				key: MEMBER_KEY,
			});
			await check({
				template: '/v2/notes/{noteId}',
				method: 'delete',
				url: `/v2/notes/${note.id}`,
				status: 204,
			});
			await check({
				template: '/v2/notes/{noteId}',
				method: 'delete',
				url: `/v2/notes/${note.id}`,
				status: 404,
			});

			const person = await check({
				template: '/v2/persons',
				method: 'post',
				url: '/v2/persons',
				status: 201,
				body: {
					firstName: 'Ada',
					lastName: null,
					primaryEmailAddress: 'ada@example.com',
					fields: [{ id: 'field-1014', value: { type: 'text', data: 'CTO' } }],
				},
			});
			await check({
				template: '/v2/persons',
				method: 'post',
				url: '/v2/persons',
				status: 403,
				body: {
					firstName: 'A',
					lastName: null,
					primaryEmailAddress: null,
					fields: [{ id: 'field-1014', value: { type: 'text', data: 'x' } }],
				},
				key: RESTRICTED_KEY,
			});
			await check({
				template: '/v2/persons/{personId}',
				method: 'delete',
				url: '/v2/persons/5000001',
				status: 403,
			});
			await check({
				template: '/v2/persons/{personId}',
				method: 'delete',
				url: `/v2/persons/${person.id}`,
				status: 204,
			});

			for (const [kind, id, fieldId, value] of [
				['companies', 3000001, 'field-1003', { type: 'number', data: 3 }],
				['persons', 5000101, 'field-1014', { type: 'text', data: 'x' }],
			] as const) {
				const one = kind === 'companies' ? '/v2/companies/{companyId}' : '/v2/persons/{personId}';
				await checkAllPages({
					template: `${one}/fields`,
					url: `/v2/${kind}/${id}/fields`,
					status: 200,
				});
				await check({
					template: `${one}/fields`,
					url: `/v2/${kind}/${id}/fields?types=global&limit=100`,
					status: 200,
				});
				await check({
					template: `${one}/fields/{fieldId}`,
					url: `/v2/${kind}/${id}/fields/${fieldId}`,
					status: 200,
				});
				await check({
					template: `${one}/fields`,
					method: 'patch',
					url: `/v2/${kind}/${id}/fields`,
					status: 200,
					body: { operation: 'update-fields', updates: [{ id: fieldId, value }] },
				});
				await check({
					template: `${one}/fields`,
					method: 'patch',
					url: `/v2/${kind}/${id}/fields`,
					status: 403,
					body: { operation: 'update-fields', updates: [{ id: fieldId, value }] },
					key: RESTRICTED_KEY,
				});
			}
			await check({
				template: '/v2/companies/{companyId}/fields/{fieldId}',
				method: 'post',
				url: '/v2/companies/3000001/fields/field-1003',
				status: 204,
				body: { value: { type: 'number', data: 4 } },
			});

			await checkAllPages({
				template: '/v2/reminders',
				url: '/v2/reminders?totalCount=true&limit=2',
				status: 200,
			});
			const reminder = await check({
				template: '/v2/reminders',
				method: 'post',
				url: '/v2/reminders',
				status: 201,
				body: {
					type: 'recurring',
					owner: { id: 5000001 },
					entity: { type: 'company', id: 3000001 },
					recurrence: { periodDays: 3, resetTrigger: 'event' },
				},
			});
			await check({
				template: '/v2/reminders',
				method: 'post',
				url: '/v2/reminders',
				status: 201,
				body: {
					type: 'one-time',
					dueDate: '2030-01-01T00:00:00Z',
					owner: { id: 5000001 },
					entity: { type: 'opportunity', id: 7000001 },
					content: 'x',
				},
			});
			await check({
				template: '/v2/reminders',
				method: 'post',
				url: '/v2/reminders',
				status: 400,
				body: {
					type: 'one-time',
					owner: { id: 5000001 },
					entity: { type: 'company', id: 3000001 },
				},
			});
			await check({
				template: '/v2/reminders/{reminderId}',
				url: `/v2/reminders/${reminder.id}`,
				status: 200,
			});
			await check({
				template: '/v2/reminders/{reminderId}',
				method: 'delete',
				url: `/v2/reminders/${reminder.id}`,
				status: 403,
				key: MEMBER_KEY,
			});
			await check({
				template: '/v2/reminders/{reminderId}',
				method: 'delete',
				url: `/v2/reminders/${reminder.id}`,
				status: 204,
			});
			await check({
				template: '/v2/reminders/{reminderId}',
				url: `/v2/reminders/${reminder.id}`,
				status: 404,
			});

			await check({
				template: '/v2/lists',
				method: 'post',
				url: '/v2/lists',
				status: 201,
				body: { name: 'Q3', type: 'company', isPublic: false },
			});
			await check({
				template: '/v2/lists',
				method: 'post',
				url: '/v2/lists',
				status: 403,
				body: { name: 'Q3', type: 'company', isPublic: true },
				key: RESTRICTED_KEY,
			});

			const statusField = (
				(
					await fixture.api<{ data: Array<{ id: string; name: string }> }>(
						'/v2/lists/101/fields?limit=100',
					)
				).body.data.find((f) => f.name === 'Status') as { id: string }
			).id;
			const options = `/v2/lists/101/fields/${statusField}/dropdown-options`;
			await check({
				template: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options',
				url: options,
				status: 200,
			});
			const option = await check({
				template: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options',
				method: 'post',
				url: options,
				status: 201,
				body: {
					type: 'status-dropdown',
					text: 'Term Sheet',
					rank: 1,
					color: 'red',
					statusCategory: 'open',
					winRate: 5,
				},
			});
			await check({
				template: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options',
				method: 'post',
				url: options,
				status: 400,
				body: {
					type: 'status-dropdown',
					text: 'X',
					rank: 1,
					color: 'red',
					statusCategory: 'won',
					winRate: 5,
				},
			});
			await check({
				template: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}',
				url: `${options}/${option.id}`,
				status: 200,
			});
			await check({
				template: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}',
				method: 'post',
				url: `${options}/${option.id}`,
				status: 204,
				body: { text: 'Signed', winRate: 9 },
			});
			await check({
				template: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}',
				method: 'delete',
				url: `${options}/${option.id}`,
				status: 204,
			});
			await check({
				template: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}',
				url: `${options}/${option.id}`,
				status: 404,
			});
		});

		it('merges and merge tasks of persons and companies, in progress and done', async () => {
			await fixture.control('POST', '/settings', { mergeDurationMs: 30 });
			const pairs = {
				person: { primaryPersonId: 5000020, duplicatePersonId: 5000021 },
				company: { primaryCompanyId: 3000020, duplicateCompanyId: 3000021 },
			};
			for (const [kind, body] of Object.entries(pairs)) {
				const started = await fixture.api<{ taskUrl: string }>(`/v2/${kind}-merges`, ADMIN_KEY, {
					method: 'POST',
					body,
				});
				expect(started.status).toBe(202);
				const taskPath = new URL(started.body.taskUrl).pathname;
				const taskId = taskPath.split('/').pop() as string;
				await check({ template: `/v2/tasks/${kind}-merges/{taskId}`, url: taskPath, status: 200 });
				await new Promise((resolve) => setTimeout(resolve, 100));
				const merges = (await checkAllPages({
					template: `/v2/${kind}-merges`,
					url: `/v2/${kind}-merges`,
					status: 200,
				})) as Array<{ id: number }>;
				await check({
					template: `/v2/${kind}-merges/{mergeId}`,
					url: `/v2/${kind}-merges/${merges[0].id}`,
					status: 200,
				});
				await check({
					template: `/v2/${kind}-merges/{mergeId}`,
					url: `/v2/${kind}-merges/999999`,
					status: 404,
				});
				await checkAllPages({
					template: `/v2/tasks/${kind}-merges`,
					url: `/v2/tasks/${kind}-merges`,
					status: 200,
				});
				await check({
					template: `/v2/tasks/${kind}-merges/{taskId}`,
					url: `/v2/tasks/${kind}-merges/${taskId}`,
					status: 200,
				});
			}
		});

		it('the value types, filters and operations of 2026-09-17; older editions answer as before', async () => {
			const current = edition === '2026-09-17';
			const store = fixture.emulator.store;
			// note, reminder and list-multi fields of companies and persons: 2026-09-17 only.
			for (const [kind, idName, record, added] of [
				['companies', 'companyId', 3000001, ['field-90001', 'field-90002', 'field-90003']],
				['persons', 'personId', 5000007, ['field-90011', 'field-90012', 'field-90013']],
			] as const) {
				const fields = await checkAllPages({
					template: `/v2/${kind}/fields`,
					url: `/v2/${kind}/fields?includes=filterability&includes=sortability`,
					status: 200,
				});
				expect(fields.filter((f) => added.includes(f.id as never)).map((f) => f.valueType)).toEqual(
					current ? ['note', 'reminder', 'list-multi'] : [],
				);
				const template = `/v2/${kind}/{${idName}}/fields/{fieldId}`;
				const unknown = await check({
					template,
					url: `/v2/${kind}/${record}/fields/field-999999`,
					status: 404,
				});
				for (const fieldId of added) {
					const body = await check({
						template,
						url: `/v2/${kind}/${record}/fields/${fieldId}`,
						status: current ? 200 : 404,
					});
					if (!current)
						expect((body.errors as Json[]).map((e) => e.code)).toEqual(
							(unknown.errors as Json[]).map((e) => e.code),
						);
				}
				// Affinity computes these values: a write is refused (older editions: an unknown field).
				const write = (fieldId: string) =>
					fixture.api<Json>(`/v2/${kind}/${record}/fields/${fieldId}`, ADMIN_KEY, {
						method: 'POST',
						body: { value: { type: 'list-multi', data: [{ id: 102 }] } },
					});
				const [refused, unknownWrite] = [await write(added[2]), await write('field-999999')];
				expect(refused.status).toBe(current ? 400 : unknownWrite.status);
				if (current) expect(JSON.stringify(refused.body)).toMatch(/cannot be updated/);
				const selected = added.map((id) => `fieldIds=${id}`).join('&');
				if (!current) {
					await check({ template: `/v2/${kind}`, url: `/v2/${kind}?${selected}`, status: 400 });
					continue;
				}
				// Every new value type holds a value on some record, and reads as its schema says.
				const records = await checkAllPages({
					template: `/v2/${kind}`,
					url: `/v2/${kind}?${selected}&limit=100`,
					status: 200,
				});
				const filled = new Set(
					records.flatMap((r) =>
						(r.fields as Array<{ value: { type: string; data: unknown } }>)
							.filter((f) => f.value.data !== null)
							.map((f) => f.value.type),
					),
				);
				expect([...filled].sort()).toEqual(['list-multi', 'note', 'reminder']);
				// Each value says what the account holds: a note and a reminder about the record, the
				// lists it has an entry on (with their sizes).
				const entity = kind === 'companies' ? 'company' : 'person';
				for (const r of records) {
					const values = Object.fromEntries(
						(r.fields as Array<{ value: { type: string; data: Json | Json[] | null } }>).map(
							(f) => [f.value.type, f.value.data],
						),
					);
					const note = values.note as Json | null;
					if (note) {
						const stored = store.notes.get(note.id as number)!;
						expect(entity === 'company' ? stored.companyIds : stored.personIds).toContain(r.id);
						expect(note.content).toEqual({ html: stored.html });
					}
					const reminder = values.reminder as Json | null;
					if (reminder)
						expect(store.reminders.get(reminder.id as number)?.entity).toEqual({
							type: entity,
							id: r.id,
						});
					const onLists = [...store.entriesByList]
						.filter(([, items]) =>
							items.some((e) => e.entityType === entity && e.entityId === r.id),
						)
						.map(([listId, items]) => ({ id: listId, entityCount: items.length }));
					expect(
						((values['list-multi'] as Json[] | null) ?? []).map((l) => ({
							id: l.id,
							entityCount: l.entityCount,
						})),
					).toEqual(onLists.sort((a, b) => a.id - b.id));
				}
				await checkAllPages({
					template: `/v2/${kind}/{${idName}}/fields/{fieldId}/values`,
					url: `/v2/${kind}/${record}/fields/${added[2]}/values`,
					status: 200,
				});
			}

			// InteractionValue.internalPerson from 2026-09-17: an internal participant, or null.
			const interactions = (
				await checkAllPages({
					template: '/v2/companies',
					url: '/v2/companies?fieldIds=last-email&fieldIds=last-event&limit=100',
					status: 200,
				})
			).flatMap((c) => (c.fields as Array<{ value: Json }>).map((f) => f.value));
			expect(interactions.every((v) => v.type === 'interaction')).toBe(true);
			expect(interactions.every((v) => 'internalPerson' in v)).toBe(current);
			const attributed = interactions.filter((v) => v.internalPerson && v.data);
			if (current) expect(attributed.length).toBeGreaterThan(0);
			for (const v of attributed) {
				const person = v.internalPerson as Json;
				expect(person.type).toBe('internal');
				expect(JSON.stringify(v.data)).toContain(`"id":${person.id as number}`);
			}

			// Search validation: relative amounts, the relative range, inverted bounds, list filters.
			const lists = { valueType: 'list-multi', fieldId: 'field-90003', operator: 'has-any-of' };
			const date = (operator: string, value: unknown) => ({
				valueType: 'date',
				fieldId: 'last-email',
				attributeId: 'date-of-activity',
				operator,
				value,
			});
			const searches = [
				['/v2/companies/search', '/v2/companies/search'],
				['/v2/persons/search', '/v2/persons/search'],
				['/v2/lists/{listId}/list-entries/search', '/v2/lists/102/list-entries/search'],
			] as const;
			for (const [template, url] of searches) {
				const search = (filter: unknown, status: number) =>
					check({
						template,
						method: 'post',
						url,
						status,
						body: { filters: { operator: 'and', filters: [filter] } },
					});
				await search(date('is-within-the-last', { amount: [1], unit: 'year' }), 201);
				await search(
					date('is-within-the-last', { amount: [0], unit: 'year' }),
					current ? 400 : 201,
				);
				await search(
					date('is-not-within-the-next', { amount: [0], unit: 'day' }),
					current ? 400 : 201,
				);
				await search(date('is-between-relative', { amount: [7, 30], unit: 'day' }), 201);
				await search(
					date('is-between-relative', { amount: [30, 7], unit: 'day' }),
					current ? 400 : 201,
				);
				await search(
					date('is-between-relative', { amount: [0, 7], unit: 'day' }),
					current ? 400 : 201,
				);
				await search(date('is-between-relative', { amount: [7] }), 400);
				await search(date('is-between', ['2025-01-01', '2026-01-01']), 201);
				await search(date('is-between', ['2026-01-01', '2025-01-01']), current ? 400 : 201);
				await search(
					{ valueType: 'number', fieldId: 'field-1003', operator: 'is-between', value: [50, 10] },
					template === '/v2/persons/search' ? 400 : current ? 400 : 201,
				);
				if (template === '/v2/persons/search') continue;
				await search({ ...lists, value: [{ id: 102 }] }, current ? 201 : 400);
				await search({ ...lists, operator: 'is-not-empty' }, current ? 201 : 400);
			}
			if (current) {
				// A list filter keeps the records on that list and no other.
				const onList = await check({
					template: '/v2/companies/search',
					method: 'post',
					url: '/v2/companies/search?fieldIds=field-90003&limit=100',
					status: 201,
					body: { filters: { operator: 'and', filters: [{ ...lists, value: [{ id: 104 }] }] } },
				});
				const found = onList.data as Array<{ fields: Array<{ value: { data: Json[] } }> }>;
				expect(found.length).toBeGreaterThan(0);
				for (const company of found)
					expect(company.fields[0].value.data.map((l) => l.id)).toContain(104);
			}

			// A recurring reminder repeats at most every 3650 days from 2026-09-17.
			const recurring = (periodDays: number, status: number) =>
				check({
					template: '/v2/reminders',
					method: 'post',
					url: '/v2/reminders',
					status,
					body: {
						type: 'recurring',
						owner: { id: 5000001 },
						entity: { type: 'company', id: 3000002 },
						recurrence: { periodDays, resetTrigger: 'event' },
					},
				});
			await recurring(3650, 201);
			await recurring(3651, current ? 400 : 201);

			// The operations 2026-09-17 added (older editions: the coverage test below).
			if (!current) return;
			await checkAllPages({ template: '/v2/teams', url: '/v2/teams?limit=1', status: 200 });
			await check({ template: '/v2/teams/{teamId}', url: '/v2/teams/1', status: 200 });
			await check({ template: '/v2/teams/{teamId}', url: '/v2/teams/99', status: 404 });
			await checkAllPages({ template: '/v2/files', url: '/v2/files?limit=5', status: 200 }, 2);
			await check({ template: '/v2/files/{fileId}', url: '/v2/files/1', status: 200 });
			await check({ template: '/v2/files/{fileId}', url: '/v2/files/0', status: 400 });
			const entries = '/v2/lists/{listId}/list-entries';
			const entry = await check({
				template: entries,
				method: 'post',
				url: '/v2/lists/102/list-entries',
				status: 201,
				body: { entity: { id: 3000300 } },
			});
			await check({
				template: `${entries}/{listEntryId}/fields/{fieldId}/values`,
				url: `/v2/lists/102/list-entries/${entry.id}/fields/field-90003/values`,
				status: 200,
			});
			await check({
				template: entries,
				method: 'post',
				url: '/v2/lists/102/list-entries',
				status: 400,
				body: { entity: {} },
			});
			const opportunity = '/v2/opportunities/{opportunityId}';
			await check({
				template: opportunity,
				method: 'post',
				url: '/v2/opportunities/7000002',
				status: 204,
				body: { name: 'Renamed on 2026-09-17' },
			});
			await check({
				template: opportunity,
				method: 'delete',
				url: '/v2/opportunities/7000002',
				status: 204,
			});
			await check({ template: opportunity, url: '/v2/opportunities/7000002', status: 404 });
			const reminderId = [...store.reminders.keys()][0];
			await check({
				template: '/v2/reminders/{reminderId}',
				method: 'post',
				url: `/v2/reminders/${reminderId}`,
				status: 204,
				body: { content: 'Updated on 2026-09-17' },
			});
			// A deleted transcript leaves its notes with transcriptId null.
			const note = [...store.notes.values()].find((n) => n.transcriptId !== undefined)!;
			await check({
				template: '/v2/transcripts/{transcriptId}',
				method: 'delete',
				url: `/v2/transcripts/${note.transcriptId}`,
				status: 204,
			});
			const read = await check({
				template: '/v2/notes/{noteId}',
				url: `/v2/notes/${note.id}`,
				status: 200,
			});
			expect(read.transcriptId).toBeNull();
		});

		it('the validators bite: responses that stray from the description fail', async () => {
			const companies = (await fixture.api<Json>(`/v2/companies?limit=3&${ALL_TYPES}`)).body;
			const validate = description.response('get', '/v2/companies', 200);
			expect(validate(companies)).toBe(true);
			const mutate = (
				change: (copy: {
					data: Array<Json & { fields: Array<Json & { value: Json }> }>;
					pagination?: unknown;
				}) => void,
			) => {
				const copy = structuredClone(companies) as {
					data: Array<Json & { fields: Array<Json & { value: Json }> }>;
					pagination?: unknown;
				};
				change(copy);
				return validate(copy);
			};
			expect(mutate((c) => delete c.pagination)).toBe(false);
			expect(mutate((c) => (c.data[0].extra = 1))).toBe(false);
			expect(
				mutate((c) => (c.data[0].fields[0].value = { type: 'dropdown', data: 'Fintech' })),
			).toBe(false);
			expect(
				mutate((c) => (c.data[0].fields[19].value = { type: 'interaction', data: 'an email' })),
			).toBe(false);
			expect(
				mutate(
					(c) =>
						(c.data[0].fields[15].value = {
							type: 'filterable-text-multi',
							data: ['a'],
							totalCount: -1,
						}),
				),
			).toBe(false);
			expect(mutate((c) => (c.data[0].fields[0].enrichmentSource = 'crunchbase'))).toBe(false);
			const lists = (await fixture.api<{ data: Json[] }>('/v2/lists')).body;
			delete lists.data[0].createdAt;
			expect(description.response('get', '/v2/lists', 200)(lists)).toBe(false);
			const fields = (
				await fixture.api<{ data: Json[] }>('/v2/companies/fields?includes=filterability')
			).body;
			fields.data[0].filterability = { operators: ['~~'] };
			expect(description.response('get', '/v2/companies/fields', 200)(fields)).toBe(false);
		});

		it('the conformance check bites: undocumented statuses and wrong request bodies fail', () => {
			const base = {
				method: 'GET',
				path: '/v2/lists',
				query: '',
				status: 200,
				responseBody: { data: [], pagination: { prevUrl: null, nextUrl: null } },
			};
			expect(nonConformance(base)).toBeUndefined();
			expect(nonConformance({ ...base, status: 299 })).toMatch(/status 299 not documented/);
			expect(nonConformance({ ...base, status: 418 })).toMatch(/answer does not match/);
			expect(nonConformance({ ...base, path: '/v2/no-such-thing' })).toMatch(/no such operation/);
			const merge = {
				method: 'POST',
				path: '/v2/person-merges',
				query: '',
				status: 202,
				responseBody: { taskUrl: 'https://x.test/v2/tasks/person-merges/1' },
			};
			expect(
				nonConformance({ ...merge, requestBody: { primaryPersonId: 1, duplicatePersonId: 2 } }),
			).toBeUndefined();
			expect(nonConformance({ ...merge, requestBody: { primaryPersonId: 'one' } })).toMatch(
				/request body does not match/,
			);
		});
	});

	describe(`coverage on ${edition}`, () => {
		const router = new Router();
		registerApi(router);
		const v2Routes = router.table().filter(({ path }) => path.startsWith('/v2/'));
		const routes = v2Routes.map(({ method, path }) => {
			const template = description.templateOf(method, path.replace(/:[A-Za-z]+/g, '1'));
			return {
				method,
				path,
				route: `${method} ${path}`,
				operation: template && `${method} ${template}`,
			};
		});
		/** Routes of later editions: what this edition does not have. */
		const absent = routes.filter((r) => !r.operation);

		it('every route the emulator serves is an operation of the description, answered and validated above', () => {
			// API v1 routes have no OpenAPI description: each must be a row of the v1 endpoint table.
			const v1Routes = router.table().filter(({ path }) => !path.startsWith('/v2/'));
			expect(
				v1Routes
					.filter(({ method, path }) => !v1EndpointOf(method, path.replace(/:[A-Za-z]+/g, '1')))
					.map(({ method, path }) => `${method} ${path}`),
			).toEqual([]);
			expect(
				routes.filter((r) => r.operation && !served.has(r.operation)).map((r) => r.route),
			).toEqual([]);
			// 40 GET endpoints served before the 2026-07-15 edition's writes.
			expect(routes.filter((r) => r.route.startsWith('GET ')).length).toBeGreaterThanOrEqual(40);
		});

		it('every operation of the description is answered and validated above', () => {
			const operations = Object.entries(description.paths).flatMap(([template, methods]) =>
				Object.keys(methods)
					.filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
					.map((m) => `${m.toUpperCase()} ${template}`),
			);
			expect(operations.length).toBe(edition === '2026-09-17' ? 112 : 100);
			expect(operations.filter((op) => !served.has(op) && !NOT_EMULATED.has(op))).toEqual([]);
		});

		it('every bounded query parameter of the description is enforced: limit at its bounds, term at its length', async () => {
			const store = fixture.emulator.store;
			const field = (fields: FieldDef[], valueType: string) =>
				fields.find((f) => f.valueType === valueType)!.id;
			const entry = store.entriesByList.get(102)![0];
			const samples: Record<string, string | number> = {
				companyId: 3000001,
				personId: 5000007,
				listId: 102,
				listEntryId: entry.id,
				opportunityId: 7000001,
				noteId: [...store.notes.keys()][0],
				transcriptId: [...store.transcripts.keys()][0],
				viewId: [...store.savedViews.values()].find((v) => v.listId === 102 && v.type === 'sheet')!
					.id,
			};
			/** The field a templated path reads: a dropdown's options, a multi-value's values. */
			const fieldOf = (template: string) => {
				if (template.endsWith('/dropdown-options')) {
					if (template.startsWith('/v2/lists/'))
						return field(store.lists.get(102)!.fields, 'dropdown');
					return field(
						store.entityFields[template.startsWith('/v2/companies') ? 'company' : 'person'],
						'dropdown',
					);
				}
				return template.startsWith('/v2/persons') ? 'field-90013' : 'field-90003';
			};
			const checked: string[] = [];
			for (const [template, methods] of Object.entries(description.paths)) {
				const parameters = (
					((methods.get as unknown as Json | undefined)?.parameters as Json[] | undefined) ?? []
				).map((p) =>
					typeof p.$ref === 'string'
						? ((description.doc.components as Json).parameters as Record<string, Json>)[
								p.$ref.split('/').pop() as string
							]
						: p,
				);
				// A query parameter the operation requires (inferred connections' filter): a case above.
				if (parameters.some((p) => p.in === 'query' && p.required)) continue;
				const url = template.replace(/\{([^}]+)\}/g, (_m, name: string) =>
					encodeURIComponent(String(name === 'fieldId' ? fieldOf(template) : samples[name])),
				);
				for (const p of parameters) {
					if (p.in !== 'query') continue;
					const schema = p.schema as Json;
					const at = (value: string | number) =>
						`${url}?${p.name as string}=${encodeURIComponent(value)}`;
					if (p.name === 'limit' && typeof schema.maximum === 'number') {
						const [min, max] = [schema.minimum as number, schema.maximum];
						await check({ template, url: at(max), status: 200 });
						await check({ template, url: at(max + 1), status: 400 });
						await check({ template, url: at(min - 1), status: 400 });
						checked.push(`limit ${template}`);
					}
					if (p.name === 'term' && typeof schema.minLength === 'number') {
						await check({ template, url: at('x'.repeat(schema.minLength - 1)), status: 400 });
						checked.push(`term ${template}`);
					}
				}
			}
			expect(checked.length).toBeGreaterThanOrEqual(edition === '2026-09-17' ? 54 : 46);
		});

		it('a route this edition lacks is one of a later edition, and answers as an unknown route', async () => {
			const latest = loadDescription('2026-09-17').paths as Record<string, Json>;
			const templateOf = (path: string) =>
				path.replace(/:([A-Za-z]+)/g, (_m, name: string) => `{${name}}`);
			expect(
				absent
					.filter((r) => !latest[templateOf(r.path)]?.[r.method.toLowerCase()])
					.map((r) => r.route),
			).toEqual([]);
			expect(absent.length).toBe(edition === '2026-09-17' ? 0 : 12);
			for (const r of absent) {
				const res = await fixture.api(r.path.replace(/:[A-Za-z]+/g, '1'), ADMIN_KEY, {
					method: r.method,
					body: r.method === 'POST' ? {} : undefined,
				});
				expect({ route: r.route, status: [404, 405].includes(res.status) }).toEqual({
					route: r.route,
					status: true,
				});
			}
		});
	});
}
