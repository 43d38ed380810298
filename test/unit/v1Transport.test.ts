import { request } from 'undici';

import { apiErrors } from '../../nodes/AffinityV2/transport/errors';
import { requestUrl } from '../../nodes/AffinityV2/transport/urls';
import { ADMIN_KEY, EmulatorFixture } from '../harness/emulator';

describe('requestUrl for API v1: the same host, only the v1 resources the node calls', () => {
	const base = 'https://api.affinity.co';

	it.each([
		'/lists/12/list-entries',
		'/organizations',
		'/organizations/7',
		'/persons/3',
		'/opportunities',
		'/fields/5',
		'/interactions/9?type=0',
		'/entity-files/download/4',
		'/reminders/2',
	])('%s is sent to the base URL', (path) => {
		expect(requestUrl(base, path, 'v1')).toEqual({ url: base + path });
	});

	it.each([
		'/v2/companies',
		'/admin/keys',
		'/organizations/../v2/x',
		'/lists/%2e%2e/x',
		'//evil.example/organizations',
		'/persons@evil',
	])('%s is refused', (path) => {
		expect(requestUrl(base, path, 'v1')).toEqual({ refused: expect.any(String) });
	});

	it('a v1 path is refused as a v2 request and the other way round', () => {
		expect(requestUrl(base, '/organizations', 'v2')).toEqual({ refused: expect.any(String) });
		expect(requestUrl(base, '/v2/companies', 'v1')).toEqual({ refused: expect.any(String) });
	});

	it('stays under a base URL with a path (a proxy)', () => {
		expect(requestUrl('https://proxy.example/affinity', '/persons/3', 'v1')).toEqual({
			url: 'https://proxy.example/affinity/persons/3',
		});
	});
});

describe('apiErrors reads the error bodies of both versions', () => {
	it('v2 ErrorResponse', () => {
		expect(apiErrors({ errors: [{ code: 'validation', message: 'bad', param: 'name' }] })).toEqual([
			{ code: 'validation', message: 'bad', param: 'name' },
		]);
	});

	it('errors as strings, a message, an error', () => {
		expect(apiErrors({ errors: ['Name is required'] })).toEqual([{ message: 'Name is required' }]);
		expect(apiErrors({ message: 'Not found' })).toEqual([{ message: 'Not found' }]);
		expect(apiErrors({ error: 'Forbidden' })).toEqual([{ message: 'Forbidden' }]);
	});

	it('a map of parameters to messages names each parameter', () => {
		expect(apiErrors({ name: ["can't be blank"], domain: 'is taken' })).toEqual([
			{ param: 'name', message: "name can't be blank" },
			{ param: 'domain', message: 'domain is taken' },
		]);
		expect(apiErrors({ errors: { domain: ['is invalid'] } })).toEqual([
			{ param: 'domain', message: 'domain is invalid' },
		]);
	});

	it('nothing from a body that is not an error object', () => {
		expect(apiErrors(undefined)).toEqual([]);
		expect(apiErrors('oops')).toEqual([]);
		expect(apiErrors([1, 2])).toEqual([]);
	});
});

describe('the emulator authenticates v1 as Affinity does', () => {
	const fixture = new EmulatorFixture();
	beforeAll(() => fixture.start());
	afterAll(() => fixture.stop());

	const basic = (key: string) => `Basic ${Buffer.from(`:${key}`).toString('base64')}`;

	async function statusOf(path: string, authorization: string) {
		const res = await request(`${fixture.baseUrl}${path}`, { headers: { authorization } });
		await res.body.dump();
		return { status: res.statusCode, version: res.headers['x-affinity-api-version'] };
	}

	it('v1 takes the key as the Basic password; v2 only as a Bearer token', async () => {
		// A v1 path the emulator does not serve answers 404 once authenticated, 401 before.
		expect((await statusOf('/organizations/999999999', basic(ADMIN_KEY))).status).toBe(404);
		expect((await statusOf('/organizations/999999999', basic('wrong'))).status).toBe(401);
		expect((await statusOf('/v2/lists', basic(ADMIN_KEY))).status).toBe(401);
		expect((await statusOf('/v2/lists', `Bearer ${ADMIN_KEY}`)).status).toBe(200);
	});

	it('v1 answers carry no v2 version header', async () => {
		const v1 = await statusOf('/organizations/999999999', `Bearer ${ADMIN_KEY}`);
		expect(v1.version).toBeUndefined();
		expect((await statusOf('/v2/lists', `Bearer ${ADMIN_KEY}`)).version).toBe('2026-07-15');
	});
});
