import { randomBytes } from 'node:crypto';

import { multipartBoundary, parseMultipart } from '../../../emulator/multipart';
import { instantOf } from '../../../nodes/AffinityV2/helpers/dates';
import { signedFileUrl } from '../../../nodes/AffinityV2/transport/download';
import { multipartBody } from '../../../nodes/AffinityV2/transport/multipart';

describe('multipart bodies: what the node builds, the emulator reads back', () => {
	it('fields and files, bytes and names exactly', () => {
		const bytes = randomBytes(4096);
		const { body, contentType } = multipartBody([
			{ name: 'person_id', value: '5000007' },
			{
				name: 'files[]',
				fileName: 'a "quoted"\r\nname – ü.bin',
				mimeType: 'application/pdf',
				data: bytes,
			},
			{ name: 'files[]', fileName: 'empty.txt', mimeType: 'text/plain', data: Buffer.alloc(0) },
		]);
		const boundary = multipartBoundary(contentType) as string;
		expect(boundary).toMatch(/^----AffinityN8nFormBoundary/);
		const parts = parseMultipart(body, boundary);
		expect(parts.map((p) => [p.name, p.fileName, p.contentType])).toEqual([
			['person_id', undefined, undefined],
			['files[]', 'a "quoted"\r\nname – ü.bin', 'application/pdf'],
			['files[]', 'empty.txt', 'text/plain'],
		]);
		expect(parts[0].data.toString()).toBe('5000007');
		expect(parts[1].data.equals(bytes)).toBe(true);
		expect(parts[2].data.length).toBe(0);
	});

	it('a boundary found in a file is never used', () => {
		const { body, contentType } = multipartBody([
			{
				name: 'file',
				fileName: 'x',
				mimeType: 'text/plain',
				data: Buffer.from('----AffinityN8nFormBoundary'),
			},
		]);
		const boundary = multipartBoundary(contentType) as string;
		expect(parseMultipart(body, boundary)[0].data.toString()).toBe('----AffinityN8nFormBoundary');
	});

	it('a malformed body is an error, not parts', () => {
		expect(() => parseMultipart(Buffer.from('--b\r\nno end'), 'b')).toThrow(/no end of headers/);
		expect(multipartBoundary('application/json')).toBeUndefined();
	});
});

describe('signedFileUrl: where a download redirect may lead', () => {
	const from = 'https://api.affinity.co/entity-files/download/1';
	it.each([
		['https://storage.example/f?sig=1', 'https://storage.example/f?sig=1'],
		['/files/1?sig=2', 'https://api.affinity.co/files/1?sig=2'],
		[
			'http://127.0.0.1:4010/_emulator/file-storage/x',
			'http://127.0.0.1:4010/_emulator/file-storage/x',
		],
	])('%s is fetched', (location, url) => {
		expect(signedFileUrl(location, from)).toEqual({ url });
	});

	it.each([
		'http://storage.example/f',
		'ftp://storage.example/f',
		'https://user:pw@storage.example/f',
		'http://[',
	])('%s is refused', (location) => {
		expect(signedFileUrl(location, from)).toEqual({ refused: expect.any(String) });
	});
});

describe('instantOf: a date-time without a zone is in the workflow’s time zone', () => {
	it.each([
		['2026-03-10T09:30:00', 'America/New_York', '2026-03-10T13:30:00.000Z'],
		['2026-03-07T09:30', 'America/New_York', '2026-03-07T14:30:00.000Z'],
		['2026-07-01 18:00:05.250', 'Europe/Berlin', '2026-07-01T16:00:05.250Z'],
		['2026-03-10', 'Asia/Tokyo', '2026-03-09T15:00:00.000Z'],
		['2026-03-10T09:30:00Z', 'Asia/Tokyo', '2026-03-10T09:30:00.000Z'],
		['2026-03-10T09:30:00+05:30', 'UTC', '2026-03-10T04:00:00.000Z'],
		['2026-03-10T09:30:00-0800', 'UTC', '2026-03-10T17:30:00.000Z'],
		['2026-03-10T09:30:00', 'Not/AZone', '2026-03-10T09:30:00.000Z'],
	])('%s in %s is %s', (input, zone, expected) => {
		expect(instantOf(input, zone)).toBe(expected);
	});

	it('instants stay instants', () => {
		expect(instantOf(new Date('2026-01-01T00:00:00Z'), 'Asia/Tokyo')).toBe(
			'2026-01-01T00:00:00.000Z',
		);
		expect(instantOf(Date.UTC(2026, 0, 1), 'Asia/Tokyo')).toBe('2026-01-01T00:00:00.000Z');
		const luxonLike = {
			isValid: true,
			toISODate: () => '2026-01-01',
			toMillis: () => Date.UTC(2026, 0, 1, 5),
		};
		expect(instantOf(luxonLike, 'Asia/Tokyo')).toBe('2026-01-01T05:00:00.000Z');
	});

	it.each([['next tuesday'], ['2026-02-30T10:00:00'], ['2026-03-10T25:00:00'], [''], [undefined]])(
		'refuses %s',
		(input) => {
			expect(() => instantOf(input, 'UTC')).toThrow();
		},
	);
});
