import type { IDataObject } from 'n8n-workflow';
import { request } from 'undici';

import { SEEDED_USERS } from '../../emulator/seed';
import { ADMIN_KEY, EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityChain, type ChainRun, type ChainStep } from '../../testkit/engine';
import { byId, DEAL_PIPELINE, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * Nodes chained back to back, as n8n runs a workflow (each node milliseconds after the one
 * before), against the emulator with API v2 reads 1 s behind API v1 writes (`v1ReadDelayMs`), as
 * on a slow day live: each record a node creates, then each operation that takes that record by
 * id. The record is found by the next node, and the item says how long it was waited for.
 */
const fixture = new EmulatorFixture();
const LAG_MS = 1000;
const EXISTING_COMPANY = 3000010;
const JULY = { apiVersion: '2026-07-15' };
const SEPTEMBER = { apiVersion: '2026-09-17' };

/** A resource locator by id, given as an expression on earlier nodes' output. */
const idOf = (expression: string) => ({ __rl: true, mode: 'id', value: `={{ ${expression} }}` });

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(async () => {
	await fixture.reset();
	await fixture.control('POST', '/settings', { v1ReadDelayMs: LAG_MS });
});

function chain(steps: ChainStep[], setup: Record<string, string> = {}, extra: IDataObject = {}) {
	return runAffinityChain({
		credentials: fixture.credentials(undefined, setup),
		steps,
		...extra,
	});
}

/** Every node ran and none failed; the output of each, by name. */
function outputs(run: ChainRun): Record<string, IDataObject[]> {
	const failed = Object.entries(run.nodes).filter(([, node]) => node.error);
	expect(failed.map(([name, node]) => `${name}: ${node.error?.message}`)).toEqual([]);
	expectNoKey(run.run);
	return Object.fromEntries(Object.entries(run.nodes).map(([name, node]) => [name, node.items]));
}

const step = (name: string, parameters: IDataObject): ChainStep => ({ name, parameters });

const createCompany = step('Create', {
	resource: 'company',
	operation: 'create',
	name: 'Chained Co',
	domain: 'chained.example',
});
const createOpportunity = step('Create', {
	resource: 'opportunity',
	operation: 'create',
	name: 'Chained deal',
	listId: byId(DEAL_PIPELINE),
});
const createPerson = step('Create', {
	resource: 'person',
	operation: 'create',
	firstName: 'Ada',
	lastName: 'Chained',
	email: 'ada.chained@example.org',
});

/** A writable text field of companies (global). */
function companyTextField(): string {
	return fixture.emulator.store.entityFields.company.find(
		(f) => f.valueType === 'text' && !f.readOnly && f.type === 'global',
	)!.id;
}

describe('Company → Create (API v1), then each operation that takes the company by id', () => {
	it.each([
		['get', {}],
		['getLists', { returnAll: true }],
		['getListEntries', { returnAll: true }],
		['getFieldValues', {}],
		['getNotes', { returnAll: true }],
		['getRelationships', { returnAll: true }],
	])('Company → %s finds it', async (operation, extra) => {
		const run = await chain([
			createCompany,
			step('Next', {
				resource: 'company',
				operation,
				companyId: idOf('$json.id'),
				...extra,
			}),
		]);
		const out = outputs(run);
		const id = out.Create[0].id;
		if (operation === 'get') {
			expect(out.Next[0]).toMatchObject({
				id,
				name: 'Chained Co',
				lagWaitedMs: expect.any(Number),
			});
			expect(out.Next[0].lagWaitedMs).toBeGreaterThan(0);
			expect(out.Next[0].lagNote).toMatch(/^API v2 showed company \d+ after \d+(\.\d)? s/);
		}
		// The company's reads answered 404 first, then 200, each node right after the other.
		const reads = (await fixture.requests()).filter((r) =>
			r.path.startsWith(`/v2/companies/${id}`),
		);
		expect(reads[0].status).toBe(404);
		expect(reads.at(-1)?.status).toBe(200);
	});

	it('Company → Get Field Value of a field, then Company → Update Field Value, then Company → Get', async () => {
		const field = companyTextField();
		const out = outputs(
			await chain([
				createCompany,
				step('Read', {
					resource: 'company',
					operation: 'getFieldValue',
					companyId: idOf("$('Create').item.json.id"),
					fieldId: field,
				}),
				step('Write', {
					resource: 'company',
					operation: 'updateFieldValue',
					companyId: idOf("$('Create').item.json.id"),
					fieldId: field,
					anyValue: 'chained',
				}),
				step('Get', {
					resource: 'company',
					operation: 'get',
					companyId: idOf("$('Create').item.json.id"),
				}),
			]),
		);
		expect(out.Read[0].lagWaitedMs).toBeGreaterThan(0);
		expect(out.Get[0]).toMatchObject({ id: out.Create[0].id, name: 'Chained Co' });
	});

	it('Company → Update Field Values, then Company → Get Field Values shows the value', async () => {
		const field = companyTextField();
		const out = outputs(
			await chain([
				createCompany,
				step('Write', {
					resource: 'company',
					operation: 'updateFieldValues',
					companyId: idOf('$json.id'),
					inputMode: 'json',
					updatesJson: JSON.stringify([{ id: field, value: { type: 'text', data: 'batched' } }]),
				}),
				step('Read', {
					resource: 'company',
					operation: 'getFieldValues',
					companyId: idOf("$('Create').item.json.id"),
					simplify: false,
				}),
			]),
		);
		const value = out.Read.find((f) => f.id === field);
		expect(value).toMatchObject({ value: { type: 'text', data: 'batched' } });
	});

	it('Company → Update (API v1: rename), then Company → Get shows the new name', async () => {
		const out = outputs(
			await chain([
				createCompany,
				step('Update', {
					resource: 'company',
					operation: 'update',
					companyId: idOf('$json.id'),
					updateFields: { name: 'Chained Co Renamed' },
				}),
				step('Get', { resource: 'company', operation: 'get', companyId: idOf('$json.id') }),
			]),
		);
		expect(out.Get[0]).toMatchObject({ id: out.Create[0].id, name: 'Chained Co Renamed' });
		expect(out.Get[0].lagWaitedMs).toBeGreaterThan(0);
	});

	it.each([
		['2026-07-15 (API v1)', JULY],
		['2026-09-17 (API v2)', SEPTEMBER],
	])(
		'List Entry → Add (%s), then List Entry → Get, Get Field Values, Update Field Value, and Company → Get List Entries',
		async (_edition, setup) => {
			const field = fixture.emulator.store.lists
				.get(TARGET_ACCOUNTS)!
				.fields.find((f) => f.valueType === 'text' && !f.readOnly)!.id;
			const entry = (name: string, operation: string, extra: IDataObject = {}) =>
				step(name, {
					resource: 'listEntry',
					operation,
					listId: byId(TARGET_ACCOUNTS),
					listEntryId: idOf("$('Add').item.json.id"),
					...extra,
				});
			const out = outputs(
				await chain(
					[
						createCompany,
						step('Add', {
							resource: 'listEntry',
							operation: 'add',
							listId: byId(TARGET_ACCOUNTS),
							entityType: 'company',
							companyId: idOf('$json.id'),
							options: setup === JULY ? { skipIfAlreadyOnList: true } : {},
						}),
						entry('Get', 'get'),
						entry('Values', 'getFieldValues'),
						entry('Write', 'updateFieldValue', { fieldId: field, anyValue: 'on the list' }),
						entry('Value', 'getFieldValue', { fieldId: field }),
						step('Entries', {
							resource: 'company',
							operation: 'getListEntries',
							companyId: idOf("$('Create').item.json.id"),
							returnAll: true,
						}),
					],
					setup,
				),
			);
			expect(out.Add[0]).toMatchObject({ entityId: out.Create[0].id, alreadyOnList: false });
			expect(out.Get[0]).toMatchObject({ id: out.Add[0].id, entityId: out.Create[0].id });
			expect(out.Value[0]).toMatchObject({ value: 'on the list' });
			expect(out.Entries.map((e) => e.id)).toEqual([out.Add[0].id]);
		},
	);

	it('Note → Create about it, then Company → Get Notes lists the note', async () => {
		const out = outputs(
			await chain([
				createCompany,
				step('Note', {
					resource: 'note',
					operation: 'create',
					about: 'entities',
					content: 'Met the chained founders',
					companies: { company: [{ company: idOf('$json.id') }] },
				}),
				step('Notes', {
					resource: 'company',
					operation: 'getNotes',
					companyId: idOf("$('Create').item.json.id"),
					returnAll: true,
				}),
			]),
		);
		expect(out.Notes.map((n) => n.id)).toEqual([out.Note[0].id]);
	});

	it('Reminder → Create about it, then Reminder → Get and Company → Get', async () => {
		const out = outputs(
			await chain([
				createCompany,
				step('Remind', {
					resource: 'reminder',
					operation: 'create',
					type: 'one-time',
					dueDate: '2030-01-02T09:00:00Z',
					owner: byId(SEEDED_USERS.member),
					about: { company: idOf('$json.id') },
					options: { content: 'Follow up' },
				}),
				step('Reminder', {
					resource: 'reminder',
					operation: 'get',
					reminderId: '={{ $json.id }}',
				}),
				step('Get', {
					resource: 'company',
					operation: 'get',
					companyId: idOf("$('Create').item.json.id"),
				}),
			]),
		);
		expect(out.Reminder[0]).toMatchObject({ id: out.Remind[0].id, content: 'Follow up' });
		expect(out.Get[0]).toMatchObject({ id: out.Create[0].id });
	});

	it('Merge → Start with it as the primary, then Company → Get', async () => {
		const out = outputs(
			await chain([
				createCompany,
				step('Merge', {
					resource: 'merge',
					operation: 'start',
					entityType: 'company',
					primaryCompanyId: idOf('$json.id'),
					duplicateCompanyId: byId(EXISTING_COMPANY),
				}),
				step('Get', {
					resource: 'company',
					operation: 'get',
					companyId: idOf("$('Create').item.json.id"),
				}),
			]),
		);
		expect(out.Merge[0]).toMatchObject({ submitted: true });
		expect(out.Get[0]).toMatchObject({ id: out.Create[0].id });
	});

	it('Opportunity → Create with it, then Opportunity → Get and Get Notes', async () => {
		const out = outputs(
			await chain([
				createCompany,
				step('Deal', {
					resource: 'opportunity',
					operation: 'create',
					name: 'Deal of the chained',
					listId: byId(DEAL_PIPELINE),
					companies: { company: [{ company: idOf('$json.id') }] },
				}),
				step('Get', { resource: 'opportunity', operation: 'get', opportunityId: idOf('$json.id') }),
				step('Notes', {
					resource: 'opportunity',
					operation: 'getNotes',
					opportunityId: idOf("$('Deal').item.json.id"),
					returnAll: true,
				}),
			]),
		);
		expect(out.Get[0]).toMatchObject({ id: out.Deal[0].id, name: 'Deal of the chained' });
	});
});

describe('two executions back to back', () => {
	it('List Entry → Add (Skip If Already on the List) in the next execution finds the entry the one before added', async () => {
		const add = step('Add', {
			resource: 'listEntry',
			operation: 'add',
			listId: byId(TARGET_ACCOUNTS),
			entityType: 'company',
			companyId: idOf('$json.id'),
			options: { skipIfAlreadyOnList: true },
		});
		const first = outputs(await chain([createCompany, add]));
		const second = outputs(await chain([add], {}, { items: [{ id: first.Create[0].id }] }));
		expect(first.Add[0]).toMatchObject({ alreadyOnList: false });
		expect(second.Add[0]).toMatchObject({ id: first.Add[0].id, alreadyOnList: true });
		const adds = (await fixture.requests()).filter(
			(r) => r.method === 'POST' && r.path.endsWith('/list-entries'),
		);
		expect(adds).toHaveLength(1);
	});

	it('List Entry → Add (Skip If Already on the List) adds again, at once, the entry someone removed since the execution before added it', async () => {
		const add = step('Add', {
			resource: 'listEntry',
			operation: 'add',
			listId: byId(TARGET_ACCOUNTS),
			entityType: 'company',
			companyId: idOf('$json.id'),
			options: { skipIfAlreadyOnList: true },
		});
		const first = outputs(await chain([createCompany, add]));
		const entryPath = `/lists/${TARGET_ACCOUNTS}/list-entries/${String(first.Add[0].id)}`;
		// Someone else removes it (API v1, another client): this n8n process still remembers adding it.
		const removed = await request(`${fixture.baseUrl}${entryPath}`, {
			method: 'DELETE',
			headers: { authorization: `Basic ${Buffer.from(`:${ADMIN_KEY}`).toString('base64')}` },
		});
		expect(removed.statusCode).toBe(200);
		await removed.body.dump();
		await fixture.clearRequests();
		const second = outputs(await chain([add], {}, { items: [{ id: first.Create[0].id }] }));
		expect(second.Add[0]).toMatchObject({ alreadyOnList: false, entityId: first.Create[0].id });
		expect(second.Add[0].id).not.toBe(first.Add[0].id);
		expect(second.Add[0].lagWaitedMs).toBeUndefined();
		const log = await fixture.requests();
		// One API v1 read told the entry gone: no read of it through API v2, no wait.
		expect(
			log.filter(
				(r) => r.method === 'GET' && r.path.includes(`/list-entries/${String(first.Add[0].id)}`),
			),
		).toEqual([expect.objectContaining({ path: entryPath })]);
		expect(log.filter((r) => r.method === 'POST' && r.path.endsWith('/list-entries'))).toHaveLength(
			1,
		);
	});
});

describe('Opportunity → Create (API v1), then each operation that takes it by id', () => {
	it.each([
		['2026-07-15', JULY],
		['2026-09-17', SEPTEMBER],
	])('on %s: Opportunity → Get, Update (rename) and Get again', async (_edition, setup) => {
		const out = outputs(
			await chain(
				[
					createOpportunity,
					step('Get', {
						resource: 'opportunity',
						operation: 'get',
						opportunityId: idOf('$json.id'),
					}),
					step('Rename', {
						resource: 'opportunity',
						operation: 'update',
						opportunityId: idOf('$json.id'),
						name: 'Chained deal, renamed',
					}),
					step('Again', {
						resource: 'opportunity',
						operation: 'get',
						opportunityId: idOf('$json.id'),
					}),
				],
				setup,
			),
		);
		const id = out.Create[0].id;
		expect(out.Get[0]).toMatchObject({ id, name: 'Chained deal' });
		expect(out.Get[0].lagWaitedMs).toBeGreaterThan(0);
		expect(out.Rename[0]).toMatchObject({ id, name: 'Chained deal, renamed' });
		expect(out.Again[0]).toMatchObject({ id, name: 'Chained deal, renamed' });
	});

	it('on 2026-09-17, the rename right after the create: read back once API v2 shows it', async () => {
		const out = outputs(
			await chain(
				[
					createOpportunity,
					step('Rename', {
						resource: 'opportunity',
						operation: 'update',
						opportunityId: idOf('$json.id'),
						name: 'Renamed at once',
					}),
				],
				SEPTEMBER,
			),
		);
		expect(out.Rename[0]).toMatchObject({
			id: out.Create[0].id,
			name: 'Renamed at once',
			listId: DEAL_PIPELINE,
		});
		expect(out.Rename[0].lagWaitedMs).toBeGreaterThan(0);
		const writes = (await fixture.requests()).filter((r) => r.method !== 'GET');
		expect(writes.map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([
			'POST /opportunities 200',
			`POST /v2/opportunities/${String(out.Create[0].id)} 204`,
		]);
	});

	it('Opportunity → Get Notes, and List Entry → Get Field Values of its entry', async () => {
		const out = outputs(
			await chain([
				createOpportunity,
				step('Values', {
					resource: 'listEntry',
					operation: 'getFieldValues',
					listId: byId(DEAL_PIPELINE),
					listEntryId: idOf('$json.listEntry.id'),
				}),
				step('Notes', {
					resource: 'opportunity',
					operation: 'getNotes',
					opportunityId: idOf("$('Create').item.json.id"),
					returnAll: true,
				}),
			]),
		);
		expect(out.Values.length).toBeGreaterThan(0);
		expect(out.Values[0].lagWaitedMs).toBeGreaterThan(0);
		// No note: an empty answer, not a 404 (Get Notes ran, with no item out).
		expect(out.Notes).toEqual([]);
	});
});

describe('Person → Create (API v2), then operations through API v1 and back', () => {
	it('Person → Update (API v1), then Person → Get shows the update', async () => {
		const out = outputs(
			await chain([
				createPerson,
				step('Update', {
					resource: 'person',
					operation: 'update',
					personId: idOf('$json.id'),
					updateFields: { lastName: 'Renamed' },
				}),
				step('Get', { resource: 'person', operation: 'get', personId: idOf('$json.id') }),
			]),
		);
		expect(out.Get[0]).toMatchObject({ id: out.Create[0].id, lastName: 'Renamed' });
		expect(out.Get[0].lagWaitedMs).toBeGreaterThan(0);
	});

	it('Interaction → Create with the person (API v1), then Interaction → Get, Update and Get', async () => {
		const admin = fixture.emulator.store.users.get(SEEDED_USERS.admin)!.personId;
		const out = outputs(
			await chain([
				createPerson,
				step('Meet', {
					resource: 'interaction',
					operation: 'create',
					interactionType: 'meeting',
					persons: {
						person: [{ person: byId(admin) }, { person: idOf("$('Create').item.json.id") }],
					},
					date: '2026-03-10T09:30:00Z',
					content: 'Chained intro',
				}),
				step('Get', { resource: 'interaction', operation: 'get', meetingId: '={{ $json.id }}' }),
				step('Move', {
					resource: 'interaction',
					operation: 'update',
					interactionId: '={{ $json.id }}',
					interactionType: 'meeting',
					persons: {
						person: [{ person: byId(admin) }, { person: idOf("$('Create').item.json.id") }],
					},
					updateFields: { date: '2026-03-11T10:00:00Z' },
				}),
				step('Again', {
					resource: 'interaction',
					operation: 'get',
					meetingId: "={{ $('Meet').item.json.id }}",
				}),
			]),
		);
		expect(out.Get[0]).toMatchObject({ id: out.Meet[0].id });
		expect(out.Get[0].lagWaitedMs).toBeGreaterThan(0);
		expect(Date.parse(out.Again[0].startTime as string)).toBe(Date.parse('2026-03-11T10:00:00Z'));
	});

	it('List Entry → Add to a person list (API v1), then List Entry → Get', async () => {
		const personList = [...fixture.emulator.store.lists.values()].find((l) => l.type === 'person')!;
		const out = outputs(
			await chain([
				createPerson,
				step('Add', {
					resource: 'listEntry',
					operation: 'add',
					listId: byId(personList.id),
					entityType: 'person',
					personId: idOf('$json.id'),
				}),
				step('Get', {
					resource: 'listEntry',
					operation: 'get',
					listId: byId(personList.id),
					listEntryId: idOf('$json.id'),
				}),
			]),
		);
		expect(out.Get[0]).toMatchObject({ id: out.Add[0].id, entityId: out.Create[0].id });
	});
});

describe('Reminder → Create, then Reminder → Update (API v1 on 2026-07-15) and Get', () => {
	it('Get shows the update', async () => {
		const out = outputs(
			await chain([
				step('Create', {
					resource: 'reminder',
					operation: 'create',
					type: 'one-time',
					dueDate: '2030-01-02T09:00:00Z',
					owner: byId(SEEDED_USERS.member),
					about: { company: byId(EXISTING_COMPANY) },
					options: { content: 'Call back' },
				}),
				step('Update', {
					resource: 'reminder',
					operation: 'update',
					reminderId: '={{ $json.id }}',
					updateFields: { content: 'Call back on Monday' },
				}),
				step('Get', { resource: 'reminder', operation: 'get', reminderId: '={{ $json.id }}' }),
			]),
		);
		expect(out.Get[0]).toMatchObject({ id: out.Create[0].id, content: 'Call back on Monday' });
		expect(out.Get[0].lagWaitedMs).toBeGreaterThan(0);
	});
});

describe('File → Upload (API v1), then File → Get (API v2) and File → Download', () => {
	it('File → Get finds the file once API v2 shows it', async () => {
		const out = outputs(
			await chain(
				[
					step('Upload', {
						resource: 'file',
						operation: 'upload',
						entityType: 'company',
						companyId: byId(EXISTING_COMPANY),
						binaryPropertyName: 'data',
					}),
					step('Get', { resource: 'file', operation: 'get', fileId: '={{ $json.files[0].id }}' }),
					step('Download', {
						resource: 'file',
						operation: 'download',
						fileId: "={{ $('Upload').item.json.files[0].id }}",
					}),
				],
				SEPTEMBER,
				{
					binary: [
						{
							data: {
								base64: Buffer.from('chained notes', 'utf8').toString('base64'),
								fileName: 'notes.txt',
								mimeType: 'text/plain',
							},
						},
					],
				},
			),
		);
		const [file] = out.Upload[0].files as IDataObject[];
		expect(out.Get[0]).toMatchObject({ id: file.id, name: 'notes.txt' });
		expect(out.Get[0].lagWaitedMs).toBeGreaterThan(0);
		expect(out.Download).toHaveLength(1);
	});
});

describe('Field → Create (API v1), then values of it', () => {
	it('Company → Update Field Value with the new field, then Company → Get Field Value', async () => {
		const out = outputs(
			await chain([
				step('Create', {
					resource: 'field',
					operation: 'create',
					name: 'Chained Notes',
					entityType: 'company',
					scope: 'global',
					valueType: 'text',
				}),
				step('Write', {
					resource: 'company',
					operation: 'updateFieldValue',
					companyId: byId(EXISTING_COMPANY),
					fieldId: '={{ $json.id }}',
					anyValue: 'first value',
				}),
				step('Read', {
					resource: 'company',
					operation: 'getFieldValue',
					companyId: byId(EXISTING_COMPANY),
					fieldId: "={{ $('Create').item.json.id }}",
				}),
			]),
		);
		expect(out.Write[0].lagWaitedMs).toBeGreaterThan(0);
		expect(out.Read[0]).toMatchObject({ id: out.Create[0].id, value: 'first value' });
	});
});

describe('an update through API v1, then a read through API v2 of the same record', () => {
	it('Company → Update of an existing company, then Company → Get: the new name, never the old', async () => {
		const out = outputs(
			await chain([
				step('Update', {
					resource: 'company',
					operation: 'update',
					companyId: byId(EXISTING_COMPANY),
					updateFields: { name: 'Renamed Existing' },
				}),
				step('Get', { resource: 'company', operation: 'get', companyId: byId(EXISTING_COMPANY) }),
			]),
		);
		expect(out.Get[0]).toMatchObject({ id: EXISTING_COMPANY, name: 'Renamed Existing' });
		expect(out.Get[0].lagWaitedMs).toBeGreaterThan(0);
	});

	it('Company → Delete, then Company → Get: not found, not the deleted company', async () => {
		const run = await chain([
			step('Delete', {
				resource: 'company',
				operation: 'delete',
				companyId: byId(EXISTING_COMPANY),
			}),
			step('Get', { resource: 'company', operation: 'get', companyId: byId(EXISTING_COMPANY) }),
		]);
		expect(run.nodes.Get.error?.httpCode).toBe('404');
	});

	it('with a lag past the waits (10 s), Company → Get says it may show the values from before', async () => {
		await fixture.control('POST', '/settings', { v1ReadDelayMs: 10_000 });
		const out = outputs(
			await chain([
				step('Update', {
					resource: 'company',
					operation: 'update',
					companyId: byId(EXISTING_COMPANY),
					updateFields: { name: 'Renamed Slowly' },
				}),
				step('Get', { resource: 'company', operation: 'get', companyId: byId(EXISTING_COMPANY) }),
			]),
		);
		expect(out.Get[0].name).not.toBe('Renamed Slowly');
		expect(out.Get[0].lagWaitedMs).toBe(4000);
		expect(out.Get[0].lagNote).toMatch(
			/^API v2 may show company 3000010 as it was before this workflow wrote it .* ago: after 4 s it shows name as before the update\.$/,
		);
	});
});

describe('a read-back that API v2 cannot show yet (lag 10 s)', () => {
	it('Opportunity → Update (rename, 2026-09-17) right after the create: the item says what was written, never a failure', async () => {
		await fixture.control('POST', '/settings', { v1ReadDelayMs: 10_000 });
		const out = outputs(
			await chain(
				[
					createOpportunity,
					step('Rename', {
						resource: 'opportunity',
						operation: 'update',
						opportunityId: idOf('$json.id'),
						name: 'Renamed, unseen',
					}),
				],
				SEPTEMBER,
			),
		);
		expect(out.Rename[0]).toEqual({
			id: out.Create[0].id,
			name: 'Renamed, unseen',
			readBackLagged: true,
			lagWaitedMs: 4000,
			lagNote: `API v2 did not show opportunity ${String(out.Create[0].id)} within 4 s, though it exists (written a moment ago, or API v1 has it).`,
		});
	});
});

describe('a record another client wrote a moment ago (API v1 has it: one GET tells)', () => {
	it.each([
		['company', '/organizations', { name: 'Made Elsewhere' }, 'company', 'get', 'companyId'],
		[
			'meeting',
			'/interactions',
			{ type: 0, content: 'Elsewhere', date: '2026-03-10T09:30:00Z' },
			'interaction',
			'get',
			'meetingId',
		],
	])(
		'a %s created through API v1 by another client, then its Get here',
		async (_what, path, body, resource, operation, parameter) => {
			const admin = fixture.emulator.store.users.get(SEEDED_USERS.admin)!.personId;
			const made = await fixture.api<{ id: number }>(path, undefined, {
				method: 'POST',
				body: path === '/interactions' ? { ...body, person_ids: [admin, 5000007] } : body,
			});
			expect(made.status).toBe(200);
			const value = parameter === 'meetingId' ? String(made.body.id) : byId(made.body.id);
			const out = outputs(await chain([step('Get', { resource, operation, [parameter]: value })]));
			expect(out.Get[0]).toMatchObject({ id: made.body.id });
			expect(out.Get[0].lagWaitedMs).toBeGreaterThan(0);
			const v1Reads = (await fixture.requests()).filter(
				(r) => r.method === 'GET' && !r.path.startsWith('/v2/'),
			);
			expect(v1Reads.map((r) => `${r.path}${r.query} ${r.status}`)).toEqual([
				`${path}/${made.body.id}${path === '/interactions' ? '?type=0' : ''} 200`,
			]);
		},
	);
});

describe('a v2 write answered 404 for a record API v1 has', () => {
	it('Opportunity → Update (rename, 2026-09-17): sent again after a wait (a 404 applied nothing), renamed once', async () => {
		const existing = [...fixture.emulator.store.opportunities.values()][0];
		await fixture.fault({
			kind: 'status',
			status: 404,
			body: { errors: [{ code: 'not-found', message: `Opportunity ${existing.id} not found` }] },
			method: 'POST',
			path: `^/v2/opportunities/${existing.id}$`,
		});
		const out = outputs(
			await chain(
				[
					step('Rename', {
						resource: 'opportunity',
						operation: 'update',
						opportunityId: byId(existing.id),
						name: 'Renamed after a 404',
					}),
				],
				SEPTEMBER,
			),
		);
		expect(out.Rename[0]).toMatchObject({ id: existing.id, name: 'Renamed after a 404' });
		expect(out.Rename[0].lagWaitedMs).toBe(250);
		expect(
			(await fixture.requests())
				.filter((r) => r.path.includes(String(existing.id)))
				.map((r) => `${r.method} ${r.path} ${r.status}`),
		).toEqual([
			`POST /v2/opportunities/${existing.id} 404`,
			`GET /opportunities/${existing.id} 200`,
			`POST /v2/opportunities/${existing.id} 204`,
			`GET /v2/opportunities/${existing.id} 200`,
		]);
	});
});

describe('a failure after an applied write', () => {
	it('Reminder → Update (API v1) applied, then the names of its records cannot be read: the error says the write was applied', async () => {
		const reminder = [...fixture.emulator.store.reminders.values()].find(
			(r) => r.entity.type === 'company',
		)!;
		await fixture.fault({
			kind: 'status',
			status: 500,
			method: 'GET',
			path: '^/v2/companies$',
			times: 10,
		});
		const run = await runAffinityChain({
			credentials: fixture.credentials(),
			steps: [
				{
					name: 'Update',
					continueOnFail: true,
					parameters: {
						resource: 'reminder',
						operation: 'update',
						reminderId: String(reminder.id),
						updateFields: { content: 'Applied, then unnamed' },
					},
				},
			],
		});
		expect(run.nodes.Update.items[0]).toMatchObject({
			httpCode: '500',
			writeMayHaveApplied: true,
			description: expect.stringContaining(
				`A write of this item was applied before this failure (PUT /reminders/${reminder.id}, answered by Affinity)`,
			),
		});
		expect(fixture.emulator.store.reminders.get(reminder.id)?.content).toBe(
			'Applied, then unnamed',
		);
	});
});

describe('a missing id costs no wait', () => {
	it('Company → Get of an id Affinity does not have: the same 404 at once, after one API v1 read', async () => {
		const run = await chain([
			step('Get', { resource: 'company', operation: 'get', companyId: byId(3999999) }),
		]);
		expect(run.nodes.Get.error?.message).toBe('Company 3999999 not found');
		expect(run.nodes.Get.error?.description).toBe(
			"Affinity has no company with ID 3999999, or the key's user cannot see it. Check the ID.",
		);
		const log = await fixture.requests();
		expect(log.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /v2/companies/3999999 404',
			'GET /organizations/3999999 404',
		]);
		// No wait between the two: well under the first lag wait (250 ms).
		const gap = Date.parse(log[1].at) - Date.parse(log[0].at);
		expect(gap).toBeLessThan(200);
	});

	it('Company → Get Field Value of a field the company does not have: 404 at once, the one request of before', async () => {
		const run = await chain([
			step('Get', {
				resource: 'company',
				operation: 'getFieldValue',
				companyId: byId(EXISTING_COMPANY),
				fieldId: 'field-999999',
			}),
		]);
		expect(run.nodes.Get.error?.httpCode).toBe('404');
		const log = await fixture.requests();
		// Under a field, only this process's writes tell a lag: a mistyped field costs no read.
		expect(log.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /v2/companies/${EXISTING_COMPANY}/fields/field-999999 404`,
		]);
	});

	it('Opportunity → Update (rename, 2026-09-17) of an id Affinity does not have: 404, not applied', async () => {
		const run = await chain(
			[
				step('Rename', {
					resource: 'opportunity',
					operation: 'update',
					opportunityId: byId(7999999),
					name: 'Nobody',
				}),
			],
			SEPTEMBER,
		);
		expect(run.nodes.Rename.error?.httpCode).toBe('404');
		expect(run.nodes.Rename.error?.context?.writeMayHaveApplied).toBe(false);
		expect((await fixture.requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /v2/opportunities/7999999 404',
			'GET /opportunities/7999999 404',
		]);
	});
});
