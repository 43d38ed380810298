import {
	entityFileFromV1,
	fileNameFromDisposition,
	mimeTypeOf,
	shownSize,
	uploadedFiles,
} from '../../../nodes/AffinityV2/helpers/v1/files';

describe('entityFileFromV1', () => {
	it('names the entity the file is attached to', () => {
		expect(
			entityFileFromV1({
				id: 43212,
				name: 'GoogleFriends.csv',
				size: 993,
				person_id: null,
				organization_id: 10,
				opportunity_id: null,
				created_at: '2011-01-25T09:59:35.288-08:00',
				uploader_id: 10,
			}),
		).toEqual({
			id: 43212,
			name: 'GoogleFriends.csv',
			size: 993,
			entityType: 'company',
			entityId: 10,
			uploaderId: 10,
			createdAt: '2011-01-25T17:59:35.288Z',
		});
		expect(entityFileFromV1({ id: 1, size: '12', person_id: 5 })).toMatchObject({
			size: 12,
			entityType: 'person',
			entityId: 5,
		});
		expect(entityFileFromV1({ id: 1, opportunity_id: 8 })).toMatchObject({
			size: null,
			entityType: 'opportunity',
		});
	});
});

describe('what a download says of its file', () => {
	it.each([
		['attachment; filename="deck.pdf"', 'deck.pdf'],
		[
			`attachment; filename="Q3 _ notes.txt"; filename*=UTF-8''Q3%20%E2%80%93%20notes.txt`,
			'Q3 – notes.txt',
		],
		['attachment; filename=plain.csv', 'plain.csv'],
		['attachment; filename*=UTF-8\'\'bad%E2%ZZ; filename="fallback.txt"', 'fallback.txt'],
		['inline', undefined],
		[undefined, undefined],
	])('Content-Disposition %s gives %s', (header, name) => {
		expect(fileNameFromDisposition(header)).toBe(name);
	});

	it('a MIME type without parameters; a generic one tells nothing', () => {
		expect(mimeTypeOf('text/plain; charset=utf-8')).toBe('text/plain');
		expect(mimeTypeOf('Application/PDF')).toBe('application/pdf');
		expect(mimeTypeOf('application/octet-stream')).toBeUndefined();
		expect(mimeTypeOf(undefined)).toBeUndefined();
	});

	it('sizes for messages', () => {
		expect(shownSize(993)).toBe('993 bytes');
		expect(shownSize(1536)).toBe('1.5 KB');
		expect(shownSize(100 * 1024 * 1024)).toBe('100.0 MB');
	});
});

const sent = [
	{ name: 'a.txt', mimeType: 'text/plain', size: 1 },
	{ name: 'b.txt', mimeType: 'text/plain', size: 2 },
];
const v1File = (id: number, name: string) => ({
	id,
	name,
	size: 1,
	person_id: null,
	organization_id: 7,
	opportunity_id: null,
	uploader_id: 5000001,
	created_at: '2026-10-08T12:53:13.339Z',
});

describe('uploadedFiles', () => {
	it('gives each uploaded file the id of entity_files, in order', () => {
		const result = uploadedFiles(
			{ success: true, entity_files: [v1File(11, 'a.txt'), v1File(12, 'b.txt')] },
			sent,
		);
		expect(result.files.map((f) => f.id)).toEqual([11, 12]);
		expect(result.files[0]).toMatchObject({
			uploaderId: 5000001,
			createdAt: '2026-10-08T12:53:13.339Z',
		});
		expect(result.note).toBeUndefined();
	});

	it('matches by name when the answer lists another number of files', () => {
		const result = uploadedFiles({ success: true, entity_files: [v1File(12, 'b.txt')] }, sent);
		expect(result.files.map((f) => f.id)).toEqual([null, 12]);
		expect(result.note).toMatch(/did not return the ID/);
	});

	it('an answer of only {success: true}: null ids and a note', () => {
		const result = uploadedFiles({ success: true }, sent);
		expect(result.files).toEqual([
			{ id: null, name: 'a.txt', mimeType: 'text/plain', size: 1 },
			{ id: null, name: 'b.txt', mimeType: 'text/plain', size: 2 },
		]);
		expect(result.note).toMatch(/File → Search/);
	});
});
