import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey } from '../../harness/emulator';
import { runAffinityChain, runAffinityNode, type InputFile } from '../../../testkit/engine';
import { byId } from '../../harness/ids';

/**
 * File → Get Many for a Record (API v1 GET /entity-files with the record, paged by page_size /
 * page_token) in v2's names, File → Upload's `id`, and File → Search finding an uploaded file.
 * API v2 reads run 1 s behind API v1 writes (`v1ReadDelayMs`), as on a slow day live.
 */
const fixture = new EmulatorFixture();
const COMPANY = 3000001;
const PERSON = 5000007;
const OPPORTUNITY = 7000001;
const LAG_MS = 1000;

const idOf = (expression: string) => ({ __rl: true, mode: 'id', value: `={{ ${expression} }}` });
const text = (content: string, fileName: string, mimeType = 'text/plain'): InputFile => ({
	base64: Buffer.from(content, 'utf8').toString('base64'),
	fileName,
	mimeType,
});
const run = (parameters: IDataObject, binary?: Array<Record<string, InputFile>>) =>
	runAffinityNode({
		credentials: fixture.credentials(),
		parameters: { resource: 'file', ...parameters },
		binary,
	});
const LOCATOR = { company: 'companyId', person: 'personId', opportunity: 'opportunityId' };
const V1_PARAM = { company: 'organization_id', person: 'person_id', opportunity: 'opportunity_id' };
type Kind = keyof typeof LOCATOR;

/** v1 GET /entity-files requests since the last reset, with their query. */
const listings = async () =>
	(await fixture.requests())
		.filter((r) => r.method === 'GET' && r.path === '/entity-files')
		.map((r) => Object.fromEntries(new URLSearchParams(r.query)));

/** `count` files of a company, straight into the emulator's store (as uploads would make them). */
function storeFiles(companyId: number, count: number): number[] {
	const { store } = fixture.emulator;
	const ids: number[] = [];
	for (let i = 0; i < count; i++) {
		const id = store.nextId('entityFile', 10_001);
		store.files.set(id, {
			id,
			name: `bulk-${i}.txt`,
			companyId,
			pages: [`bulk file ${i}`],
			paged: false,
			createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, i)).toISOString(),
			uploaderId: 1,
		});
		ids.push(id);
	}
	return ids;
}

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(async () => {
	await fixture.reset();
	await fixture.control('POST', '/settings', { v1ReadDelayMs: LAG_MS });
});

describe('file.getAllForRecord', () => {
	it.each([
		['company', COMPANY],
		['person', PERSON],
		['opportunity', OPPORTUNITY],
	] as Array<[Kind, number]>)(
		'Upload then Get Many for a Record (%s): the new file is listed, in v2 names, its id as Upload gave it',
		async (kind, recordId) => {
			const content = `Quarterly ${kind} memo.`;
			const chain = await runAffinityChain({
				credentials: fixture.credentials(),
				binary: [{ data: text(content, `${kind} memo.txt`) }],
				steps: [
					{
						name: 'Upload',
						parameters: {
							resource: 'file',
							operation: 'upload',
							entityType: kind,
							[LOCATOR[kind]]: byId(recordId),
							binaryPropertyName: 'data',
						},
					},
					{
						name: 'Files',
						parameters: {
							resource: 'file',
							operation: 'getAllForRecord',
							entityType: kind,
							[LOCATOR[kind]]: idOf('$json.entityId'),
							returnAll: true,
						},
					},
				],
			});
			expect(chain.nodes.Upload.error).toBeUndefined();
			expect(chain.nodes.Files.error).toBeUndefined();
			const uploadedId = chain.nodes.Upload.items[0].id;
			expect(typeof uploadedId).toBe('number');
			const files = chain.nodes.Files.items;
			expect(files.find((f) => f.id === uploadedId)).toEqual({
				id: uploadedId,
				name: `${kind} memo.txt`,
				size: Buffer.byteLength(content),
				type: null,
				creator: { id: expect.any(Number) },
				createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
				updatedAt: null,
			});
			// Only the record's files, each once.
			const stored = [...fixture.emulator.store.files.values()].filter((f) =>
				kind === 'company'
					? f.companyId === recordId
					: kind === 'person'
						? f.personId === recordId
						: f.opportunityId === recordId,
			);
			expect(files.map((f) => f.id).sort()).toEqual(stored.map((f) => f.id).sort());
			expect(await listings()).toEqual([{ [V1_PARAM[kind]]: String(recordId), page_size: '500' }]);
			expectNoKey(chain.run);
		},
	);

	it('a company created a moment ago (Company → Create), then Upload and Get Many for a Record', async () => {
		const created = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'company',
				operation: 'create',
				name: 'Files Fresh Co',
				domain: 'files-fresh.example',
			},
		});
		expect(created.error).toBeUndefined();
		const companyId = created.items[0].id as number;
		const chain = await runAffinityChain({
			credentials: fixture.credentials(),
			binary: [{ data: text('fresh', 'fresh.txt') }],
			steps: [
				{
					name: 'Upload',
					parameters: {
						resource: 'file',
						operation: 'upload',
						entityType: 'company',
						companyId: byId(companyId),
						binaryPropertyName: 'data',
					},
				},
				{
					name: 'Files',
					parameters: {
						resource: 'file',
						operation: 'getAllForRecord',
						entityType: 'company',
						companyId: idOf('$json.entityId'),
						returnAll: true,
					},
				},
			],
		});
		for (const node of ['Upload', 'Files'])
			expect(chain.nodes[node].error?.message).toBeUndefined();
		expect(chain.nodes.Files.items.map((f) => [f.id, f.name])).toEqual([
			[chain.nodes.Upload.items[0].id, 'fresh.txt'],
		]);
	});

	it('Return All reads every page (500 a page, the same query with page_token)', async () => {
		const ids = storeFiles(COMPANY, 1001);
		const result = await run({
			operation: 'getAllForRecord',
			entityType: 'company',
			companyId: byId(COMPANY),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		const listed = result.items.map((f) => f.id as number);
		expect(new Set(listed).size).toBe(listed.length);
		expect(listed.filter((id) => ids.includes(id))).toEqual(ids);
		const pages = await listings();
		expect(pages).toHaveLength(3);
		expect(pages.map((q) => [q.organization_id, q.page_size, 'page_token' in q])).toEqual([
			[String(COMPANY), '500', false],
			[String(COMPANY), '500', true],
			[String(COMPANY), '500', true],
		]);
	});

	it('Limit: one page of the limit, or pages of 500 until the limit', async () => {
		storeFiles(COMPANY, 700);
		const seven = await run({
			operation: 'getAllForRecord',
			entityType: 'company',
			companyId: byId(COMPANY),
			limit: 7,
		});
		expect(seven.error).toBeUndefined();
		expect(seven.items).toHaveLength(7);
		expect(await listings()).toEqual([{ organization_id: String(COMPANY), page_size: '7' }]);
		await fixture.clearRequests();
		const many = await run({
			operation: 'getAllForRecord',
			entityType: 'company',
			companyId: byId(COMPANY),
			limit: 600,
		});
		expect(many.error).toBeUndefined();
		expect(many.items).toHaveLength(600);
		expect((await listings()).map((q) => q.page_size)).toEqual(['500', '500']);
	});

	it('a record without files: no items, no error', async () => {
		const { store } = fixture.emulator;
		const withFiles = new Set([...store.files.values()].map((f) => f.personId));
		const personId = [...store.persons.keys()].find((id) => !withFiles.has(id));
		const result = await run({
			operation: 'getAllForRecord',
			entityType: 'person',
			personId: byId(personId as number),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});

	it.each([
		['company', 'companyId', "'abc'", /Company/],
		['person', 'personId', '-3', /Person/],
		['opportunity', 'opportunityId', "'12x'", /Opportunity/],
	])('a bad %s ID is refused before any request', async (kind, locator, value, label) => {
		await fixture.clearRequests();
		const result = await run({
			operation: 'getAllForRecord',
			entityType: kind,
			// An expression: the value is known only when the node runs.
			[locator]: idOf(value),
			returnAll: true,
		});
		expect(result.error?.message).toMatch(label);
		expect(await fixture.requests()).toEqual([]);
	});
});

describe('file.upload id and file.search of an uploaded file', () => {
	it('Upload gives the new file’s id as `id` (and in files[0].id)', async () => {
		const up = await run(
			{
				operation: 'upload',
				entityType: 'company',
				companyId: byId(COMPANY),
				binaryPropertyName: 'data',
			},
			[{ data: text('hello', 'hello.txt') }],
		);
		expect(up.error).toBeUndefined();
		const [item] = up.items;
		expect(item.id).toEqual(expect.any(Number));
		expect(item.id).toBe((item.files as IDataObject[])[0].id);
		expect(fixture.emulator.store.files.has(item.id as number)).toBe(true);
	});

	it('File → Search finds a file uploaded a moment ago (a PDF, by its name)', async () => {
		await fixture.control('POST', '/settings', { v1ReadDelayMs: 0 });
		const pdf = Buffer.concat([
			Buffer.from('%PDF-1.4\n'),
			Buffer.from([0, 0xe2, 0xe3, 0xcf, 0xd3, 0xff]),
		]);
		const up = await run(
			{
				operation: 'upload',
				entityType: 'company',
				companyId: byId(COMPANY),
				binaryPropertyName: 'data',
			},
			[
				{
					data: {
						base64: pdf.toString('base64'),
						fileName: 'Quokka pitch deck.pdf',
						mimeType: 'application/pdf',
					},
				},
			],
		);
		expect(up.error).toBeUndefined();
		const found = await run({
			operation: 'search',
			prompt: 'quokka',
			scope: 'all',
			limit: 5,
			includeRecord: false,
		});
		expect(found.error).toBeUndefined();
		expect(found.items.map((r) => (r.file as IDataObject).id)).toEqual([up.items[0].id]);
		expect(found.items[0]).toMatchObject({
			file: { name: 'Quokka pitch deck.pdf' },
			pageNumber: null,
		});
	});
});
