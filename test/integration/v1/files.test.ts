import type { IBinaryData, IDataObject } from 'n8n-workflow';

import { MAX_UPLOAD_BYTES } from '../../../nodes/AffinityV2/helpers/v1/files';
import { EmulatorFixture, expectNoKey } from '../../harness/emulator';
import {
	binaryBytes,
	runAffinityNode,
	useFilesystemBinaryData,
	type InputFile,
} from '../../../testkit/engine';
import { byId } from '../../harness/ids';

/**
 * File upload and download through API v1 (multipart upload, download by a redirect to a
 * signed link), with binary data kept as n8n keeps it by default (on disk), read back through
 * v2's File → Search.
 */
const fixture = new EmulatorFixture();
const COMPANY = 3000001;

const text = (content: string, fileName: string, mimeType = 'text/plain'): InputFile => ({
	base64: Buffer.from(content, 'utf8').toString('base64'),
	fileName,
	mimeType,
});
const run = (
	parameters: IDataObject,
	binary?: Array<Record<string, InputFile>>,
	extra: Partial<Parameters<typeof runAffinityNode>[0]> = {},
) =>
	runAffinityNode({
		credentials: fixture.credentials(),
		parameters: { resource: 'file', ...parameters },
		binary,
		...extra,
	});
const upload = (extra: IDataObject = {}) => ({
	operation: 'upload',
	entityType: 'company',
	companyId: byId(COMPANY),
	binaryPropertyName: 'data',
	...extra,
});
const writes = async () => (await fixture.requests()).filter((r) => r.method !== 'GET');

/** The id File → Search (v2) gives the file found by a word of it. */
async function searchedId(word: string): Promise<number> {
	const found = await run({ operation: 'search', prompt: word, scope: 'all', limit: 5 });
	expect(found.error).toBeUndefined();
	return (found.items[0].file as IDataObject).id as number;
}

let binaryData: { remove(): Promise<void> };
beforeAll(async () => {
	binaryData = await useFilesystemBinaryData();
	await fixture.start();
});
afterAll(async () => {
	await fixture.stop();
	// The stored files (one of 100 MB) go with the test.
	await binaryData.remove();
});
beforeEach(() => fixture.reset());

describe('file.upload and file.download', () => {
	it('round trip: uploaded to a company, found by File → Search, downloaded byte-identical with its name and type', async () => {
		const content = 'Quarterly zeppelin metrics: ARR up 40%.\nÜnïcödé line.\n';
		const up = await run(upload(), [{ data: text(content, 'Zeppelin Q3 – notes.txt') }]);
		expect(up.error).toBeUndefined();
		expect(up.items).toEqual([
			{
				success: true,
				id: expect.any(Number),
				entityType: 'company',
				entityId: COMPANY,
				files: [
					{
						id: expect.any(Number),
						name: 'Zeppelin Q3 – notes.txt',
						mimeType: 'text/plain',
						size: Buffer.byteLength(content),
						uploaderId: expect.any(Number),
						createdAt: expect.any(String),
					},
				],
			},
		]);
		const [post] = await writes();
		expect(post.path).toBe('/entity-files');
		expect(JSON.parse(post.body as string)).toEqual({
			organization_id: String(COMPANY),
			file: `Zeppelin Q3 – notes.txt (${Buffer.byteLength(content)} bytes, text/plain)`,
		});

		const id = await searchedId('zeppelin');
		// The id the upload returned is the file's.
		expect((up.items[0].files as IDataObject[])[0].id).toBe(id);
		const down = await run({ operation: 'download', fileId: String(id) });
		expect(down.error).toBeUndefined();
		expect(down.items[0]).toMatchObject({
			id,
			name: 'Zeppelin Q3 – notes.txt',
			size: Buffer.byteLength(content),
			entityType: 'company',
			entityId: COMPANY,
			mimeType: 'text/plain',
		});
		const file = down.binary[0]?.data as IBinaryData;
		expect(file).toMatchObject({ fileName: 'Zeppelin Q3 – notes.txt', mimeType: 'text/plain' });
		expect((await binaryBytes(file)).toString('utf8')).toBe(content);
		// Metadata, then the download (a redirect the node followed to the signed link).
		expect((await fixture.requests()).slice(-2).map((r) => [r.path, r.status])).toEqual([
			[`/entity-files/${id}`, 200],
			[`/entity-files/download/${id}`, 302],
		]);
		expectNoKey(up.run, down.run);
	});

	it('uploads several files at once as files[], binary bytes kept exactly', async () => {
		const bytes = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 37 + 11) % 256));
		const result = await run(
			upload({ entityType: 'person', personId: byId(5000007), binaryPropertyName: 'deck, memo' }),
			[
				{
					deck: {
						base64: bytes.toString('base64'),
						fileName: 'deck.bin',
						mimeType: 'application/pdf',
					},
					memo: text('walrus memo', 'memo.md', 'text/markdown'),
				},
			],
		);
		expect(result.error).toBeUndefined();
		expect((result.items[0].files as IDataObject[]).map((f) => f.name)).toEqual([
			'deck.bin',
			'memo.md',
		]);
		const [post] = await writes();
		expect(JSON.parse(post.body as string)).toEqual({
			person_id: '5000007',
			'files[]': ['deck.bin (2048 bytes, application/pdf)', 'memo.md (11 bytes, text/markdown)'],
		});
		const stored = [...fixture.emulator.store.files.values()].filter((f) => f.personId === 5000007);
		expect(stored.map((f) => f.name)).toEqual(['deck.bin', 'memo.md']);
		// Each uploaded file is given its own new id.
		expect((result.items[0].files as IDataObject[]).map((f) => f.id)).toEqual(
			stored.map((f) => f.id),
		);
		expect(result.items[0].note).toBeUndefined();
		const down = await run({
			operation: 'download',
			fileId: String(stored[0].id),
			binaryPropertyName: 'pdf',
		});
		const file = down.binary[0]?.pdf as IBinaryData;
		expect(file).toMatchObject({ fileName: 'deck.bin', mimeType: 'application/pdf' });
		expect((await binaryBytes(file)).equals(bytes)).toBe(true);
	});

	it('where Affinity answers only {success: true}, the ids are null and a note says where to find them', async () => {
		await fixture.control('POST', '/settings', { v1UploadAnswer: 'success-only' });
		const up = await run(upload(), [{ data: text('okapi sightings', 'okapi.txt') }]);
		expect(up.error).toBeUndefined();
		expect(up.items[0]).toEqual({
			success: true,
			id: null,
			entityType: 'company',
			entityId: COMPANY,
			files: [{ id: null, name: 'okapi.txt', mimeType: 'text/plain', size: 15 }],
			note: expect.stringMatching(/did not return the ID.*File → Search/),
		});
		// Sent once all the same; the file is found by a search.
		expect(await writes()).toHaveLength(1);
		expect(await searchedId('okapi')).toEqual(expect.any(Number));
	});

	it(`refuses a file over ${MAX_UPLOAD_BYTES} bytes before any request, naming the field`, async () => {
		const result = await run(upload({ binaryPropertyName: 'small, big' }), [
			{
				small: text('fine', 'small.txt'),
				big: {
					zeros: MAX_UPLOAD_BYTES + 1,
					fileName: 'big.iso',
					mimeType: 'application/octet-stream',
				},
			},
		]);
		expect(result.error?.message).toBe(
			`Input Binary Fields: the file in "big" has ${MAX_UPLOAD_BYTES + 1} bytes (100.0 MB), more than the ${MAX_UPLOAD_BYTES} (100.0 MB) a file Affinity takes`,
		);
		expect(result.error?.description).toMatch(/Nothing was uploaded/);
		expect(await fixture.requests()).toHaveLength(0);
	});

	it('refuses a missing binary field and a Company ID of 0 before any request', async () => {
		const missing = await run(upload({ binaryPropertyName: 'data, nope' }), [
			{ data: text('x', 'x.txt') },
		]);
		expect(missing.error?.message).toMatch(
			/^Input Binary Fields: The item has no binary field 'nope'/,
		);
		const zero = await run(upload({ companyId: byId(0) }), [{ data: text('x', 'x.txt') }]);
		expect(zero.error?.message).toBe('Invalid Company: got "0"');
		expect(await fixture.requests()).toHaveLength(0);
	});

	it('an unknown company is v1’s 422, named as Company', async () => {
		const result = await run(upload({ companyId: byId(3999999) }), [{ data: text('x', 'x.txt') }]);
		expect(result.error?.httpCode).toBe('422');
		expect(result.error?.description).toMatch(/"Company" \(sent as "organization_id"\)/);
	});

	it('downloading an unknown file is a 404 naming it; a File ID of text is refused before any request', async () => {
		const missing = await run({ operation: 'download', fileId: '999999' });
		expect(missing.error?.httpCode).toBe('404');
		expect(missing.error?.description).toMatch(/no file with ID 999999/);
		await fixture.clearRequests();
		const bad = await run({ operation: 'download', fileId: 'deck.pdf' });
		expect(bad.error?.message).toBe('Invalid File ID: got "deck.pdf"');
		expect(await fixture.requests()).toHaveLength(0);
	});

	it.each([
		['a 500', { kind: 'status', status: 500, apply: true }],
		['a connection reset', { kind: 'reset', apply: true }],
	] as const)(
		'after %s an upload is sent once and said to be of unknown outcome',
		async (_label, fault) => {
			await fixture.fault({ ...fault, method: 'POST' });
			const result = await run(upload(), [{ data: text('once only', 'once.txt') }]);
			expect(result.error?.description).toMatch(/may or may not have been applied/);
			expect(result.error?.description).toMatch(/File → Search/);
			expect(await writes()).toHaveLength(1);
			expect(
				[...fixture.emulator.store.files.values()].filter((f) => f.name === 'once.txt'),
			).toHaveLength(1);
			expectNoKey(result.run);
		},
	);
});
