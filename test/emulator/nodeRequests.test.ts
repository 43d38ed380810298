import type { IDataObject } from 'n8n-workflow';

import type { Exchange } from '../../emulator';
import { v1NonConformance } from '../../testkit/descriptions/v1Description';
import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode, type RunOptions } from '../../testkit/engine';
import { nodeOperations } from '../../testkit/nodeOperations';
import { Description, explain } from '../../testkit/descriptions/openapi';
import { byId, INVESTORS, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * Every request body the node sends, checked against the description of the edition it ran on
 * (2026-07-15, or 2026-09-17 for runs marked `_apiVersion`): each write
 * operation of the node runs through the real engine against the emulator, and every request
 * it makes is validated (the request body against the operation's request schema, the answer
 * against the response schema of its status). A write operation without a case below fails the
 * last test, so new ones are covered as they are added.
 */

const DESCRIPTIONS = {
	'2026-07-15': new Description('2026-07-15'),
	'2026-09-17': new Description('2026-09-17'),
};
type RunEdition = keyof typeof DESCRIPTIONS;
/** A run on the current edition: its writes go to the v2 endpoints 2026-09-17 adds. */
const ON_CURRENT = { _apiVersion: '2026-09-17' as RunEdition };
const fixture = new EmulatorFixture();
const exchanges: Exchange[] = [];
beforeAll(() => fixture.start({ observe: (exchange) => exchanges.push(exchange) }));
afterAll(() => fixture.stop());
beforeEach(async () => {
	await fixture.reset();
	exchanges.length = 0;
});

interface Field {
	id: string;
	name: string;
	type: string;
	valueType: string;
}

async function field(path: string, name: string, type?: string): Promise<Field> {
	const res = await fixture.api<{ data: Field[] }>(`${path}?limit=100`);
	const found = res.body.data.find((f) => f.name === name && (!type || f.type === type));
	if (!found) throw new Error(`no field ${name} at ${path}`);
	return found;
}

async function firstEntry(listId: number): Promise<{ id: number; entityId: number }> {
	return (
		await fixture.control<Array<{ id: number; entityId: number }>>(
			'GET',
			`/lists/${listId}/entries`,
		)
	)[0];
}

/** The first (or the `skip`+1-th) company not on a list. */
function companyNotOn(listId: number, skip = 0): number {
	const { store } = fixture.emulator;
	const on = new Set((store.entriesByList.get(listId) ?? []).map((e) => e.entityId));
	return [...store.companies.keys()].filter((id) => !on.has(id))[skip];
}

/** A webhook created straight through the API, for the operations that change or delete one. */
async function seededWebhook(tag: string): Promise<string> {
	const res = await fixture.api<{ id: number }>('/v2/webhooks', undefined, {
		method: 'POST',
		body: { url: `${fixture.baseUrl}/_emulator/webhook-sink?to=${tag}`, subscriptions: [] },
	});
	exchanges.length = 0;
	return String(res.body.id);
}

/** A record created through the node, for the operations that delete one (its requests are not the case's). */
async function createdByNode(parameters: IDataObject): Promise<IDataObject> {
	const result = await runAffinityNode({ credentials: fixture.credentials(), parameters });
	if (result.error)
		throw new Error(`could not create the record to delete: ${result.error.message}`);
	exchanges.length = 0;
	return result.items[0];
}

const pick = (f: Field) => `${f.id}|${f.valueType}`;

/** Operations that only read (a download is a GET). */
const READ = /\.(get[A-Z]?\w*|download)$/;
/** User 1's own person: API v1 logs an interaction only with a team member among its people. */
const TEAM_MEMBER = 5000001;
const loggedMeeting = (): IDataObject => ({
	resource: 'interaction',
	operation: 'create',
	persons: { person: [{ person: byId(TEAM_MEMBER) }, { person: byId(5000007) }] },
	date: '2026-03-10T09:30:00',
	content: 'Logged through the node',
});

interface Operator {
	id: string;
	numberOfValuesRequired: string;
	relativeDateUnits?: string[];
}
type Filterability = {
	filterableFieldType: string;
	operators?: Operator[];
	attributes?: Array<{ id: string; valueType: string; operators: Operator[] }>;
};

/** A condition of the search UI for every operator of every filterable field at `fieldsPath` (…/fields). */
async function everyCondition(
	fieldsPath: string,
): Promise<Array<{ target: string; conditions: IDataObject[] }>> {
	const res = await fixture.api<{ data: Array<Field & { filterability: Filterability | null }> }>(
		`${fieldsPath}?includes=filterability&limit=100`,
	);
	const out: Array<{ target: string; conditions: IDataObject[] }> = [];
	for (const f of res.body.data) {
		if (!f.filterability) continue;
		const targets =
			f.filterability.filterableFieldType === 'attribute-on-field'
				? f.filterability.attributes!.map((a) => ({
						key: `${f.id}|${a.id}`,
						valueType: a.valueType,
						operators: a.operators,
					}))
				: [
						{
							key: f.id,
							valueType: f.valueType === 'datetime' ? 'date' : f.valueType,
							operators: f.filterability.operators!,
						},
					];
		for (const t of targets) {
			let list = '';
			if (t.valueType.includes('dropdown')) {
				const options = await fixture.api<{ data: Array<{ text: string }> }>(
					`${fieldsPath}/${f.id}/dropdown-options`,
				);
				list = options.body.data
					.slice(0, 2)
					.map((o) => o.text)
					.join(', ');
			} else if (t.valueType.startsWith('person')) list = '5000007, 5000008';
			else if (t.valueType.startsWith('company')) list = '3000001';
			else if (t.valueType.startsWith('location'))
				list = 'country=Germany | city=Lagos; country=Nigeria';
			else list = 'Seed, Early Growth';
			const conditions = t.operators.map((o) => {
				const c: IDataObject = { target: t.key, operator: o.id };
				if (o.relativeDateUnits) Object.assign(c, { amount: 6, amount2: 1, unit: 'month' });
				else if (o.numberOfValuesRequired === 'multi') c.value = list;
				else if (o.numberOfValuesRequired === 'two')
					Object.assign(
						c,
						t.valueType === 'date'
							? { value: '2020-01-01', value2: '2025-12-31' }
							: { value: '10', value2: '1000' },
					);
				else if (o.numberOfValuesRequired === 'one')
					c.value = t.valueType === 'date' ? '2024-03-10' : t.valueType === 'number' ? '100' : 'an';
				return c;
			});
			out.push({ target: t.key, conditions });
		}
	}
	return out;
}

/** One run of the node per write operation, with the value inputs that send different bodies. */
const CASES: Record<string, () => Promise<IDataObject[]>> = {
	'listEntry.updateFieldValue': async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const base = {
			resource: 'listEntry',
			operation: 'updateFieldValue',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(entry.id),
		};
		const list = `/v2/lists/${TARGET_ACCOUNTS}/fields`;
		return [
			{ ...base, fieldId: pick(await field(list, 'Notes')), textValue: 'Met at the summit' },
			{ ...base, fieldId: pick(await field(list, 'Deal Size')), numberValue: 12.5 },
			{ ...base, fieldId: pick(await field(list, 'Scores')), numberValues: '1, 2' },
			{
				...base,
				fieldId: pick(await field(list, 'Close Date')),
				dateValue: '2024-03-10T23:30:00-05:00',
			},
			{
				...base,
				fieldId: pick(await field(list, 'Region')),
				locationValue: { city: 'Berlin', country: 'Germany' },
			},
			{ ...base, fieldId: pick(await field(list, 'Stage')), dropdownValue: '=IC' },
			{ ...base, fieldId: pick(await field(list, 'Labels')), dropdownValues: '=Hot, Strategic' },
			{ ...base, fieldId: pick(await field(list, 'Status')), dropdownValue: '=Negotiation' },
			{ ...base, fieldId: pick(await field(list, 'Notes')), clear: true },
		];
	},
	'listEntry.updateFieldValues': async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const list = `/v2/lists/${TARGET_ACCOUNTS}/fields`;
		const notes = await field(list, 'Notes');
		const size = await field(list, 'Deal Size');
		const closeDate = await field(list, 'Close Date');
		return [
			{
				resource: 'listEntry',
				operation: 'updateFieldValues',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entry.id),
				inputMode: 'fields',
				updates: {
					update: [
						{ fieldId: pick(notes), textValue: 'from the batch' },
						{ fieldId: pick(size), numberValue: 7 },
						{ fieldId: pick(closeDate), writeMode: 'clear' },
					],
				},
			},
			{
				resource: 'listEntry',
				operation: 'updateFieldValues',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entry.id),
				inputMode: 'json',
				updatesJson: JSON.stringify([{ id: size.id, value: { type: 'number', data: 3 } }]),
			},
		];
	},
	'person.updateFieldValue': async () => {
		const entry = await firstEntry(INVESTORS);
		const base = {
			resource: 'person',
			operation: 'updateFieldValue',
			personId: byId(entry.entityId),
		};
		return [
			{
				...base,
				fieldId: pick(await field('/v2/persons/fields', 'Job Title')),
				textValue: 'Partner',
			},
			{
				...base,
				fieldId: pick(await field('/v2/persons/fields', 'Seniority')),
				dropdownValue: '=c-level',
			},
			{
				...base,
				fieldId: pick(await field('/v2/persons/fields', 'Birthday')),
				dateValue: '1990-02-28',
			},
			{
				...base,
				fieldId: pick(await field('/v2/persons/fields', 'Employers')),
				companyValues: { company: [{ company: byId(3000005) }, { company: byId(3000006) }] },
			},
		];
	},
	'company.updateFieldValue': async () => [
		{
			resource: 'company',
			operation: 'updateFieldValue',
			companyId: byId(3000001),
			fieldId: pick(await field('/v2/companies/fields', 'Industry', 'global')),
			dropdownValue: '=Climate',
		},
	],
	'company.updateFieldValues': async () => [
		{
			resource: 'company',
			operation: 'updateFieldValues',
			companyId: byId(3000001),
			inputMode: 'json',
			updatesJson: JSON.stringify([
				{ id: (await field('/v2/companies/fields', 'Employees', 'global')).id, value: 12 },
			]),
		},
	],
	'person.updateFieldValues': async () => [
		{
			resource: 'person',
			operation: 'updateFieldValues',
			personId: byId(5000101),
			updates: {
				update: [
					{ fieldId: pick(await field('/v2/persons/fields', 'Job Title')), textValue: 'CTO' },
				],
			},
		},
	],
	'person.create': async () => [
		{
			resource: 'person',
			operation: 'create',
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: 'ada@example.com',
			otherEmails: 'ada@home.example',
			updates: {
				update: [
					{ fieldId: pick(await field('/v2/persons/fields', 'Job Title')), textValue: 'CTO' },
				],
			},
		},
		{ resource: 'person', operation: 'create', firstName: 'Solo' },
	],
	'note.create': async () => [
		{
			resource: 'note',
			operation: 'create',
			about: 'entities',
			contentFormat: 'markdown',
			content: '**Recap**: [deck](https://a.example)',
			persons: { person: [{ person: byId(5000101) }] },
			options: { createdAt: '2025-01-01T00:00:00Z' },
		},
		{
			resource: 'note',
			operation: 'create',
			about: 'reply',
			parentNoteId: byId(400047),
			content: 'Agreed',
		},
	],
	'note.update': async () => [
		{
			resource: 'note',
			operation: 'update',
			noteId: byId(400047),
			content: 'New text',
			personsUpdate: 'clear',
			companiesUpdate: 'replace',
			companies: { company: [{ company: byId(3000002) }] },
		},
	],
	'reminder.create': async () => [
		{
			resource: 'reminder',
			operation: 'create',
			type: 'one-time',
			dueDate: '2030-01-02T09:00:00Z',
			owner: byId(5000001),
			about: { company: byId(3000001) },
			options: { content: 'Call' },
		},
		{
			resource: 'reminder',
			operation: 'create',
			type: 'recurring',
			periodDays: 7,
			resetTrigger: 'email',
			owner: byId(5000001),
			about: { person: byId(5000101) },
		},
	],
	'list.create': async () => [
		{ resource: 'list', operation: 'create', name: 'Q3 targets', type: 'person', isPublic: true },
	],
	'dropdownOption.create': async () => {
		const status = (await field('/v2/lists/101/fields', 'Status', 'list')).id;
		return [
			{
				resource: 'dropdownOption',
				operation: 'create',
				listId: byId(101),
				fieldId: status,
				optionType: 'status-dropdown',
				text: 'Term Sheet',
				rank: 2,
				color: 'purple',
				statusCategory: 'open',
				winRate: 80,
			},
			{
				resource: 'dropdownOption',
				operation: 'create',
				listId: byId(TARGET_ACCOUNTS),
				fieldId: (await field(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Stage', 'list')).id,
				optionType: 'dropdown',
				text: 'Exited',
			},
		];
	},
	'dropdownOption.update': async () => {
		const status = (await field('/v2/lists/101/fields', 'Status', 'list')).id;
		const options = (
			await fixture.api<{ data: Array<{ id: number; text: string }> }>(
				`/v2/lists/101/fields/${status}/dropdown-options`,
			)
		).body.data;
		const qualified = options.find((o) => o.text === 'Qualified') as { id: number };
		return [
			{
				resource: 'dropdownOption',
				operation: 'update',
				listId: byId(101),
				fieldId: status,
				dropdownOptionId: qualified.id,
				optionType: 'status-dropdown',
				text: 'Qualified lead',
				rank: 1,
				color: 'blue',
				winRate: 45,
			},
		];
	},
	'note.delete': async () => {
		const created = await createdByNode({
			resource: 'note',
			operation: 'create',
			about: 'entities',
			content: 'To be deleted',
			persons: { person: [{ person: byId(5000101) }] },
		});
		return [{ resource: 'note', operation: 'delete', noteId: byId(created.id as number) }];
	},
	'person.delete': async () => {
		const created = await createdByNode({
			resource: 'person',
			operation: 'create',
			firstName: 'Temp',
		});
		return [{ resource: 'person', operation: 'delete', personId: byId(created.id as number) }];
	},
	'reminder.delete': async () => {
		const created = await createdByNode({
			resource: 'reminder',
			operation: 'create',
			type: 'one-time',
			dueDate: '2030-01-02T09:00:00Z',
			owner: byId(5000001),
			about: { company: byId(3000001) },
		});
		return [{ resource: 'reminder', operation: 'delete', reminderId: String(created.id) }];
	},
	'dropdownOption.delete': async () => {
		const stage = (await field(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Stage', 'list')).id;
		const options = (
			await fixture.api<{ data: Array<{ id: number; text: string }> }>(
				`/v2/lists/${TARGET_ACCOUNTS}/fields/${stage}/dropdown-options`,
			)
		).body.data;
		return [
			{
				resource: 'dropdownOption',
				operation: 'delete',
				listId: byId(TARGET_ACCOUNTS),
				fieldId: stage,
				dropdownOptionId: options[0].id,
				confirmClearValues: true,
			},
		];
	},
	'merge.start': async () => [
		{
			resource: 'merge',
			operation: 'start',
			entityType: 'company',
			primaryCompanyId: byId(3000010),
			duplicateCompanyId: byId(3000011),
		},
		{
			resource: 'merge',
			operation: 'start',
			entityType: 'person',
			primaryPersonId: byId(5000020),
			duplicatePersonId: byId(5000021),
		},
	],
	'note.search': async () => [
		{ resource: 'note', operation: 'search', prompt: 'roadmap', scope: 'all', limit: 5 },
		{
			resource: 'note',
			operation: 'search',
			prompt: 'roadmap',
			scope: 'company',
			companyId: byId(3000001),
			limit: 5,
		},
	],
	'file.search': async () => [
		{ resource: 'file', operation: 'search', prompt: 'pricing', scope: 'all', limit: 3 },
	],
	'company.semanticSearch': async () => [
		{ resource: 'company', operation: 'semanticSearch', prompt: 'health robotics', limit: 5 },
	],
	'webhook.create': async () => [
		{
			resource: 'webhook',
			operation: 'create',
			url: `${fixture.baseUrl}/_emulator/webhook-sink?to=node`,
			subscriptions: ['list_entry.created'],
		},
	],
	'webhook.update': async () => {
		const id = await seededWebhook('update');
		return [
			{
				resource: 'webhook',
				operation: 'update',
				webhookId: id,
				updateFields: { status: 'disabled' },
			},
		];
	},
	'webhook.delete': async () => {
		const id = await seededWebhook('delete');
		return [{ resource: 'webhook', operation: 'delete', webhookId: id }];
	},
	'company.search': async () => {
		const employees = (await field('/v2/companies/fields', 'Employees', 'global')).id;
		const runs: IDataObject[] = [
			{
				resource: 'company',
				operation: 'search',
				term: 'labs',
				termFieldIds: [employees],
				returnAll: false,
				limit: 5,
			},
			{
				resource: 'company',
				operation: 'search',
				sort: {
					sorts: [
						{ fieldId: employees, direction: 'desc' },
						{ fieldId: 'last-email|date-of-activity', direction: 'asc' },
						{ fieldId: 'name', direction: 'asc' },
					],
				},
				returnAll: false,
				limit: 5,
			},
		];
		// Every field the search can filter on, with every operator it allows: one run a field.
		for (const { target, conditions } of await everyCondition('/v2/companies/fields')) {
			runs.push({
				resource: 'company',
				operation: 'search',
				searchConditions: { conditions: conditions.slice(0, 1) },
				searchGroups: { groups: [{ match: 'or', conditions: { condition: conditions } }] },
				searchMatch: 'or',
				returnAll: false,
				limit: 3,
				_target: target,
			});
		}
		return runs;
	},
	'person.search': async () => {
		const jobTitle = (await field('/v2/persons/fields', 'Job Title', 'global')).id;
		const runs: IDataObject[] = [
			{
				resource: 'person',
				operation: 'search',
				term: 'ann',
				termFieldIds: [jobTitle],
				returnAll: false,
				limit: 5,
			},
			{
				resource: 'person',
				operation: 'search',
				sort: {
					sorts: [
						{ fieldId: jobTitle, direction: 'desc' },
						{ fieldId: 'last-contact|date-of-activity', direction: 'asc' },
					],
				},
				output: 'totalCount',
			},
		];
		// Every field the search can filter on, with every operator it allows: one run a field.
		for (const { target, conditions } of await everyCondition('/v2/persons/fields')) {
			runs.push({
				resource: 'person',
				operation: 'search',
				searchGroups: { groups: [{ match: 'or', conditions: { condition: conditions } }] },
				returnAll: false,
				limit: 3,
				_target: target,
			});
		}
		return runs;
	},
	'listEntry.search': async () => {
		const dealSize = (await field(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Deal Size', 'list')).id;
		const list = byId(TARGET_ACCOUNTS);
		const runs: IDataObject[] = [
			{
				resource: 'listEntry',
				operation: 'search',
				listId: list,
				term: 'labs',
				termFieldIds: [dealSize],
				returnAll: false,
				limit: 5,
			},
			{
				resource: 'listEntry',
				operation: 'search',
				listId: list,
				sort: {
					sorts: [
						{ fieldId: dealSize, direction: 'desc' },
						{ fieldId: 'created-at', direction: 'asc' },
					],
				},
				output: 'totalCount',
			},
			{
				resource: 'listEntry',
				operation: 'search',
				listId: byId(INVESTORS),
				term: 'ann',
				returnAll: false,
				limit: 5,
			},
		];
		// Every field of the list (its own and its companies') with every operator it allows.
		for (const { target, conditions } of await everyCondition(
			`/v2/lists/${TARGET_ACCOUNTS}/fields`,
		)) {
			runs.push({
				resource: 'listEntry',
				operation: 'search',
				listId: list,
				searchGroups: { groups: [{ match: 'or', conditions: { condition: conditions } }] },
				returnAll: false,
				limit: 3,
				_target: target,
			});
		}
		return runs;
	},
	// API v1 writes (list entries, companies, persons): checked against V1_ENDPOINTS.
	'listEntry.add': async () => [
		{
			...ON_CURRENT,
			resource: 'listEntry',
			operation: 'add',
			listId: byId(TARGET_ACCOUNTS),
			entityType: 'company',
			// Another company than the run below adds.
			companyId: byId(companyNotOn(TARGET_ACCOUNTS, 1)),
			options: { creatorId: byId(5000001), skipIfAlreadyOnList: true },
		},
		// A company not on the list yet, so that the check finds nothing and the entry is added.
		{
			resource: 'listEntry',
			operation: 'add',
			listId: byId(TARGET_ACCOUNTS),
			entityType: 'company',
			companyId: byId(companyNotOn(TARGET_ACCOUNTS)),
			options: { creatorId: byId(5000001), skipIfAlreadyOnList: true },
		},
		{
			resource: 'listEntry',
			operation: 'add',
			listId: byId(INVESTORS),
			entityType: 'person',
			personId: byId(5000150),
		},
	],
	'listEntry.remove': async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		return [
			{
				resource: 'listEntry',
				operation: 'remove',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entry.id),
			},
		];
	},
	'company.create': async () => [
		{
			resource: 'company',
			operation: 'create',
			name: 'Conformance Co',
			domain: 'conformance.example',
			personIds: '5000150',
		},
	],
	'company.update': async () => {
		const created = await createdByNode({
			resource: 'company',
			operation: 'create',
			name: 'Before',
		});
		return [
			{
				resource: 'company',
				operation: 'update',
				companyId: byId(created.id as number),
				updateFields: { name: 'After', domain: 'after.example' },
				peopleChange: 'add',
				personIds: '5000150',
			},
		];
	},
	'company.delete': async () => {
		const created = await createdByNode({
			resource: 'company',
			operation: 'create',
			name: 'Temp Co',
		});
		return [{ resource: 'company', operation: 'delete', companyId: byId(created.id as number) }];
	},
	'company.findOrCreate': async () => [
		{
			resource: 'company',
			operation: 'findOrCreate',
			domain: 'brand-new.example',
			name: 'Brand New',
		},
	],
	'person.update': async () => [
		{
			resource: 'person',
			operation: 'update',
			personId: byId(5000150),
			updateFields: { firstName: 'Renamed' },
			emailsChange: 'add',
			emails: 'renamed@conformance.example',
			companiesChange: 'replace',
			companyIds: '3000001',
		},
	],
	'person.findOrCreate': async () => [
		{
			resource: 'person',
			operation: 'findOrCreate',
			email: 'new.person@conformance.example',
			firstName: 'New',
		},
	],
	'listEntry.upsert': async () => {
		const columns = (value: Record<string, unknown>) => ({
			mappingMode: 'defineBelow',
			value,
			matchingColumns: [],
			schema: [],
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		});
		return [
			{
				resource: 'listEntry',
				operation: 'upsert',
				listId: byId(102),
				matchOn: 'domain',
				domain: 'upserted.example',
				companyName: 'Upserted',
				columns: columns({ 'field-1038|number': 5, 'field-1041|dropdown': 'Sourcing' }),
			},
			{
				...ON_CURRENT,
				resource: 'listEntry',
				operation: 'upsert',
				listId: byId(103),
				matchOn: 'email',
				email: 'upserted.person@conformance.example',
				firstName: 'Upserted',
				columns: columns({}),
			},
		];
	},
	// API v1 writes: opportunities, fields, reminder updates (checked against V1_ENDPOINTS).
	'opportunity.create': async () => [
		{
			resource: 'opportunity',
			operation: 'create',
			name: 'Acme — Seed',
			listId: byId(101),
			persons: { person: [{ person: byId(5000101) }] },
			companies: { company: [{ company: byId(3000001) }] },
		},
		{ resource: 'opportunity', operation: 'create', name: 'Bare', listId: byId(101) },
	],
	'opportunity.update': async () => [
		{ resource: 'opportunity', operation: 'update', opportunityId: byId(7000001), name: 'Renamed' },
		{
			...ON_CURRENT,
			resource: 'opportunity',
			operation: 'update',
			opportunityId: byId(7000001),
			name: 'Renamed on v2',
		},
		{
			resource: 'opportunity',
			operation: 'update',
			opportunityId: byId(7000001),
			personsUpdate: 'add',
			persons: { person: [{ person: byId(5000101) }] },
			companiesUpdate: 'clear',
		},
	],
	'opportunity.delete': async () => [
		{ resource: 'opportunity', operation: 'delete', opportunityId: byId(7000002) },
		{ ...ON_CURRENT, resource: 'opportunity', operation: 'delete', opportunityId: byId(7000003) },
	],
	'transcript.delete': async () => [
		{ ...ON_CURRENT, resource: 'transcript', operation: 'delete', transcriptId: byId(801) },
	],
	'field.create': async () => [
		{
			resource: 'field',
			operation: 'create',
			name: 'Check Size',
			entityType: 'opportunity',
			scope: 'list',
			listId: byId(101),
			valueType: 'number',
			allowsMultiple: false,
		},
		{
			resource: 'field',
			operation: 'create',
			name: 'Co-founders',
			entityType: 'company',
			scope: 'global',
			valueType: 'person',
			allowsMultiple: true,
		},
	],
	'field.delete': async () => {
		const notes = await field(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Notes', 'list');
		return [{ resource: 'field', operation: 'delete', fieldId: notes.id }];
	},
	'reminder.update': async () => [
		{
			resource: 'reminder',
			operation: 'update',
			reminderId: '1',
			updateFields: {
				content: 'Call again',
				owner: byId(5000002),
				type: 'recurring',
				periodDays: 14,
				resetTrigger: 'event',
			},
		},
		{
			resource: 'reminder',
			operation: 'update',
			reminderId: '1',
			updateFields: { type: 'one-time', dueDate: '2030-03-01T10:00:00', completed: true },
		},
		{
			...ON_CURRENT,
			resource: 'reminder',
			operation: 'update',
			reminderId: '2',
			updateFields: { content: 'Call on v2', dueDate: '2030-04-01T10:00:00', completed: true },
		},
	],
	// API v1 interactions (POST, PUT, DELETE /interactions) and entity files.
	'interaction.create': async () => [
		{ ...loggedMeeting(), interactionType: 'meeting' },
		{ ...loggedMeeting(), interactionType: 'chatMessage', direction: 'received' },
	],
	'interaction.update': async () => {
		const call = await createdByNode({ ...loggedMeeting(), interactionType: 'call' });
		return [
			{
				resource: 'interaction',
				operation: 'update',
				interactionId: String(call.id),
				interactionType: 'call',
				persons: { person: [{ person: byId(TEAM_MEMBER) }] },
				updateFields: { content: 'Moved', date: '2026-04-01T10:00:00Z' },
			},
		];
	},
	'interaction.delete': async () => {
		const call = await createdByNode({ ...loggedMeeting(), interactionType: 'call' });
		return [
			{
				resource: 'interaction',
				operation: 'delete',
				interactionId: String(call.id),
				interactionType: 'call',
			},
		];
	},
	'file.upload': async () => [
		{
			resource: 'file',
			operation: 'upload',
			entityType: 'company',
			companyId: byId(3000001),
			binaryPropertyName: 'data',
			_binary: [{ data: { base64: Buffer.from('one').toString('base64'), fileName: 'one.txt' } }],
		},
		{
			resource: 'file',
			operation: 'upload',
			entityType: 'opportunity',
			opportunityId: byId(7000001),
			binaryPropertyName: 'a, b',
			_binary: [
				{
					a: { base64: Buffer.from('a').toString('base64'), fileName: 'a.txt' },
					b: {
						base64: Buffer.from('b').toString('base64'),
						fileName: 'b.pdf',
						mimeType: 'application/pdf',
					},
				},
			],
		},
	],
	'file.download': async () => [{ resource: 'file', operation: 'download', fileId: '1' }],
};

/** What is wrong with one request the node made, or undefined. */
function nonConformance(
	exchange: Exchange,
	description = DESCRIPTIONS['2026-07-15'],
): string | undefined {
	if (exchange.api === 'v1') return v1NonConformance(exchange);
	const { method, path, status } = exchange;
	const where = `${method} ${path}${exchange.query} (${status})`;
	const template = description.templateOf(method, path);
	if (!template) return `${where}: no such operation in the description`;
	const operation = description.operation(method, template);
	if (exchange.requestBody !== undefined) {
		if (!operation?.requestBody) return `${where}: the operation takes no body`;
		const validate = description.request(method, template);
		if (!validate(exchange.requestBody))
			return `${where}: request body does not match:\n${explain(validate)}`;
	}
	if (!description.documents(method, template, status)) return `${where}: status not documented`;
	if (description.hasResponseBody(method, template, status)) {
		const validate = description.response(method, template, status);
		if (!validate(exchange.responseBody))
			return `${where}: answer does not match:\n${explain(validate)}`;
	}
	return undefined;
}

describe('the node sends bodies the description accepts', () => {
	it.each(Object.keys(CASES))('%s', async (operation) => {
		const runs = await CASES[operation]();
		const problems: string[] = [];
		for (const { _target, _binary, _apiVersion, ...parameters } of runs) {
			const edition = (_apiVersion ?? '2026-07-15') as RunEdition;
			const from = exchanges.length;
			const result = await runAffinityNode({
				credentials: fixture.credentials(undefined, { apiVersion: edition }),
				parameters,
				binary: _binary as RunOptions['binary'],
			});
			expect({ parameters, error: result.error?.message }).toEqual({
				parameters,
				error: undefined,
			});
			for (const exchange of exchanges.slice(from)) {
				const problem = nonConformance(exchange, DESCRIPTIONS[edition]);
				if (problem) problems.push(problem);
			}
			// On 2026-09-17 the writes that have a v2 endpoint there use it, not API v1.
			if (_apiVersion)
				expect(exchanges.slice(from).filter((e) => e.api === 'v1' && e.method !== 'GET')).toEqual(
					[],
				);
		}
		// A DELETE carries no body; it is a write all the same.
		const writes = exchanges.filter((e) => e.requestBody !== undefined || e.method === 'DELETE');
		if (!READ.test(operation)) expect(writes.length).toBeGreaterThanOrEqual(runs.length);
		if (operation === 'company.search') {
			// Every operator of the edition that a company field allows was sent at least once.
			const sent = new Set(
				writes.flatMap((e) => JSON.stringify(e.requestBody).match(/"operator":"[a-z-]+"/g) ?? []),
			);
			expect(sent.size).toBeGreaterThanOrEqual(25);
		}
		expect(problems).toEqual([]);
	});

	it('the check bites: a body the description refuses is reported', () => {
		const bad: Exchange = {
			method: 'POST',
			path: '/v2/person-merges',
			query: '',
			status: 202,
			requestBody: { primaryPersonId: 'x' },
			responseBody: { taskUrl: 'https://x.test/t' },
		};
		expect(nonConformance(bad)).toMatch(/request body does not match/);
	});

	it('every write operation of the node has a case above', () => {
		const operations = nodeOperations();
		expect(operations.length).toBeGreaterThan(20);
		const writes = operations.filter((name) => !READ.test(name));
		expect(writes.filter((name) => !CASES[name])).toEqual([]);
	});
});
