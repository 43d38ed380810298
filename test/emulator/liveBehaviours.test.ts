import { FormData, request } from 'undici';

import { DEMO_KEYS } from '../../emulator';
import type { FieldDef } from '../../emulator/model';
import { withSettings } from '../../emulator/requestScope';
import { Store } from '../../emulator/store';
import { parseWrittenValue } from '../../emulator/values';
import { ADMIN_KEY, EmulatorFixture } from '../harness/emulator';
import type { ErrorBody, Page } from './helpers';
import { basic, v1 } from './v1Client';
import { TARGET_ACCOUNTS } from '../harness/ids';

/**
 * The live behaviours the emulator reproduces (emulator/README.md, "Live behaviours"): each with
 * its default (what the live API was recorded doing) and, where there is one, the other setting.
 */
const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const settings = (body: Record<string, unknown>) => fixture.control('POST', '/settings', body);
const q = encodeURIComponent;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get<T = Record<string, unknown>>(url: string) {
	return fixture.api<T>(url.startsWith('http') ? url.slice(fixture.baseUrl.length) : url);
}

describe('filterTimes', () => {
	it('whole-second (default): a fraction in a filter date-time is a 400 naming filter', async () => {
		const res = await get<ErrorBody>(
			`/v2/notes?filter=${q('createdAt > 2024-01-01T00:00:00.000Z')}`,
		);
		expect(res.status).toBe(400);
		expect(res.body.errors[0]).toMatchObject({ code: 'validation', param: 'filter' });
		expect(res.body.errors[0].message).toMatch(/^value at \/filter\/createdAt does not match/);
		expect(res.body.errors[0].message).toContain('2024-01-01T00:00:00.000Z');
		const whole = await get<Page>(`/v2/notes?filter=${q('createdAt > 2024-01-01T00:00:00Z')}`);
		expect(whole.status).toBe(200);
		expect(whole.body.data.length).toBeGreaterThan(0);
		// A date and an offset stay accepted (the description allows them).
		expect((await get(`/v2/notes?filter=${q('createdAt > 2024-01-01')}`)).status).toBe(200);
		expect(
			(await get(`/v2/notes?filter=${q('createdAt > 2024-01-01T00:00:00+02:00')}`)).status,
		).toBe(200);
	});

	it('any: the fraction is accepted and compares as the same instant', async () => {
		await settings({ filterTimes: 'any' });
		const fraction = await get<Page>(
			`/v2/notes?filter=${q('createdAt > 2024-01-01T00:00:00.000Z')}`,
		);
		const whole = await get<Page>(`/v2/notes?filter=${q('createdAt > 2024-01-01T00:00:00Z')}`);
		expect(fraction.status).toBe(200);
		expect(fraction.body.data).toEqual(whole.body.data);
	});
});

describe('emptyPageEvery', () => {
	async function readAll(path: string) {
		const ids: number[] = [];
		let empty = 0;
		let url: string | null = path;
		for (let pages = 0; url && pages < 50; pages++) {
			const res: { status: number; body: Page<{ id: number }> } =
				await get<Page<{ id: number }>>(url);
			expect(res.status).toBe(200);
			if (res.body.data.length === 0) {
				empty++;
				// An empty page is only ever answered with somewhere to go on.
				expect(res.body.pagination.nextUrl).toEqual(expect.any(String));
			}
			ids.push(...res.body.data.map((e) => e.id));
			url = res.body.pagination.nextUrl;
		}
		expect(url).toBeNull();
		return { ids, empty };
	}

	it('2: a 250-entry list reads every entry exactly once, across empty pages', async () => {
		await fixture.reset({ sizes: { bigList: 250 } });
		const big = [...fixture.emulator.store.lists.values()].find(
			(l) => l.name === 'Big Company List',
		)!;
		const expected = (fixture.emulator.store.entriesByList.get(big.id) ?? []).map((e) => e.id);
		expect(expected).toHaveLength(250);
		await settings({ emptyPageEvery: 2 });
		const { ids, empty } = await readAll(`/v2/lists/${big.id}/list-entries?limit=100`);
		expect(empty).toBeGreaterThan(0);
		expect(ids).toEqual(expected);
		expect(new Set(ids).size).toBe(250);
	});

	it('1: every forward page is held back once, and paging still ends', async () => {
		await settings({ emptyPageEvery: 1 });
		const { ids, empty } = await readAll('/v2/companies?limit=100');
		expect(ids).toEqual(fixture.emulator.store.sortedIds(fixture.emulator.store.companies));
		expect(empty).toBe(Math.ceil(ids.length / 100));
	});

	it('0 (default): no empty pages', async () => {
		const { empty } = await readAll('/v2/companies?limit=100');
		expect(empty).toBe(0);
	});
});

describe('v1ReadDelayMs', () => {
	const DELAY = 1000;
	beforeEach(() => settings({ v1ReadDelayMs: DELAY }));

	it('a v1 create: v2 answers 404 and leaves it out of pages until the delay passed; v1 sees it at once', async () => {
		const created = await v1<{ id: number }>(fixture, 'POST', '/organizations', {
			name: 'Lagging Labs',
			domain: 'lagging.example',
		});
		expect(created.status).toBe(200);
		const id = created.body.id;
		expect((await v1(fixture, 'GET', `/organizations/${id}`)).status).toBe(200);
		expect((await get(`/v2/companies/${id}`)).status).toBe(404);
		expect((await get<Page>(`/v2/companies?ids=${id}`)).body.data).toEqual([]);
		await sleep(DELAY + 50);
		expect(await get(`/v2/companies/${id}`)).toMatchObject({
			status: 200,
			body: { id, name: 'Lagging Labs' },
		});
		expect((await get<Page>(`/v2/companies?ids=${id}`)).body.data).toHaveLength(1);
	});

	it('a v1 update: v2 reads the old values, then the new ones', async () => {
		const before = await get<{ name: string }>('/v2/companies/3000002');
		await v1(fixture, 'PUT', '/organizations/3000002', { name: 'Renamed Inc' });
		expect((await v1(fixture, 'GET', '/organizations/3000002')).body).toMatchObject({
			name: 'Renamed Inc',
		});
		expect((await get('/v2/companies/3000002')).body).toMatchObject({ name: before.body.name });
		await sleep(DELAY + 50);
		expect((await get('/v2/companies/3000002')).body).toMatchObject({ name: 'Renamed Inc' });
	});

	it('a v1 delete: v2 still reads the record and its list entries, then 404', async () => {
		const entry = (fixture.emulator.store.entriesByList.get(TARGET_ACCOUNTS) ?? []).find(
			(e) => e.entityType === 'company',
		)!;
		const companyId = entry.entityId;
		expect((await v1(fixture, 'DELETE', `/organizations/${companyId}`)).status).toBe(200);
		expect((await v1(fixture, 'GET', `/organizations/${companyId}`)).status).toBe(404);
		expect((await get(`/v2/companies/${companyId}`)).status).toBe(200);
		expect((await get(`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}`)).status).toBe(200);
		await sleep(DELAY + 50);
		expect((await get(`/v2/companies/${companyId}`)).status).toBe(404);
		expect((await get(`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}`)).status).toBe(404);
	});

	it('a v1 list entry: v2 answers 404 for it for the delay, then reads it', async () => {
		const created = await v1<{ id: number }>(
			fixture,
			'POST',
			`/lists/${TARGET_ACCOUNTS}/list-entries`,
			{ entity_id: 3000300 },
		);
		expect(created.status).toBe(200);
		const path = `/v2/lists/${TARGET_ACCOUNTS}/list-entries/${created.body.id}`;
		expect((await get(path)).status).toBe(404);
		expect((await v1(fixture, 'GET', path.slice(3))).body).toMatchObject({
			id: created.body.id,
			list_id: TARGET_ACCOUNTS,
			entity_id: 3000300,
		});
		await sleep(DELAY + 50);
		expect(await get(path)).toMatchObject({ status: 200, body: { id: created.body.id } });
	});

	it('a v1 interaction: its meeting and its note are 404 in v2 for the delay; v1 reads both at once', async () => {
		const internal = [...fixture.emulator.store.persons.values()].find(
			(p) => p.type === 'internal',
		)!;
		const external = [...fixture.emulator.store.persons.values()].find(
			(p) => p.type !== 'internal',
		)!;
		const created = await v1<{ id: number; notes: number[] }>(fixture, 'POST', '/interactions', {
			type: 0,
			person_ids: [internal.id, external.id],
			content: 'Lagging meeting',
			date: '2026-03-10T09:30:00Z',
		});
		expect(created.status).toBe(200);
		const [noteId] = created.body.notes;
		expect((await get(`/v2/meetings/${created.body.id}`)).status).toBe(404);
		expect((await get(`/v2/notes/${noteId}`)).status).toBe(404);
		expect(
			(await v1(fixture, 'GET', `/interactions/${created.body.id}?type=0`)).body,
		).toMatchObject({ id: created.body.id, type: 0, notes: [noteId] });
		expect((await v1(fixture, 'GET', `/notes/${noteId}`)).body).toMatchObject({
			id: noteId,
			interaction_id: created.body.id,
			interaction_type: 0,
			is_meeting: true,
			content: '<p>Lagging meeting</p>',
		});
		await sleep(DELAY + 50);
		expect((await get(`/v2/meetings/${created.body.id}`)).status).toBe(200);
		expect((await get(`/v2/notes/${noteId}`)).status).toBe(200);

		// Updated: v2 reads the old time; deleted: v2 still reads it, then 404.
		await v1(fixture, 'PUT', `/interactions/${created.body.id}`, {
			type: 0,
			person_ids: [internal.id, external.id],
			date: '2026-03-11T10:00:00Z',
		});
		const before = await get<{ startTime: string }>(`/v2/meetings/${created.body.id}`);
		expect(Date.parse(before.body.startTime)).toBe(Date.parse('2026-03-10T09:30:00Z'));
		await sleep(DELAY + 50);
		await v1(fixture, 'DELETE', `/interactions/${created.body.id}?type=0`);
		expect((await get(`/v2/meetings/${created.body.id}`)).status).toBe(200);
		expect((await get(`/v2/notes/${noteId}`)).status).toBe(200);
		await sleep(DELAY + 50);
		expect((await get(`/v2/meetings/${created.body.id}`)).status).toBe(404);
		expect((await get(`/v2/notes/${noteId}`)).status).toBe(404);
	});

	it('a v1 reminder update: v2 reads the old content, v1 the new at once', async () => {
		const reminder = [...fixture.emulator.store.reminders.values()][0];
		const before = reminder.content;
		const put = await v1(fixture, 'PUT', `/reminders/${reminder.id}`, { content: 'Changed late' });
		expect(put.status).toBe(200);
		expect((await v1(fixture, 'GET', `/reminders/${reminder.id}`)).body).toMatchObject({
			id: reminder.id,
			content: 'Changed late',
		});
		expect((await get(`/v2/reminders/${reminder.id}`)).body).toMatchObject({ content: before });
		await sleep(DELAY + 50);
		expect((await get(`/v2/reminders/${reminder.id}`)).body).toMatchObject({
			content: 'Changed late',
		});
	});

	it('a v1 field: not among v2’s fields (nor readable by id) for the delay; deleted, still listed', async () => {
		const created = await v1<{ id: number }>(fixture, 'POST', '/fields', {
			name: 'Lagging Field',
			entity_type: 1,
			value_type: 6,
		});
		expect(created.status).toBe(200);
		const fieldId = `field-${created.body.id}`;
		const listed = async () =>
			(await get<Page>('/v2/companies/fields?limit=100')).body.data.some(
				(f) => (f as { id: string }).id === fieldId,
			);
		expect(await listed()).toBe(false);
		expect((await get(`/v2/companies/3000001/fields/${fieldId}`)).status).toBe(404);
		await sleep(DELAY + 50);
		expect(await listed()).toBe(true);
		expect((await get(`/v2/companies/3000001/fields/${fieldId}`)).status).toBe(200);

		expect((await v1(fixture, 'DELETE', `/fields/${created.body.id}`)).status).toBe(200);
		expect(await listed()).toBe(true);
		await sleep(DELAY + 50);
		expect(await listed()).toBe(false);
	});

	it('a v1 list field: not among its list’s fields for the delay', async () => {
		const created = await v1<{ id: number }>(fixture, 'POST', '/fields', {
			name: 'Lagging Column',
			entity_type: 1,
			value_type: 6,
			list_id: TARGET_ACCOUNTS,
			is_list_specific: true,
		});
		expect(created.status).toBe(200);
		const listed = async () =>
			(await get<Page>(`/v2/lists/${TARGET_ACCOUNTS}/fields?limit=100`)).body.data.some(
				(f) => (f as { id: string }).id === `field-${created.body.id}`,
			);
		expect(await listed()).toBe(false);
		await sleep(DELAY + 50);
		expect(await listed()).toBe(true);
	});
});

describe('mergedReads', () => {
	async function merge(kind: 'company' | 'person', primary: number, duplicate: number) {
		const body =
			kind === 'company'
				? { primaryCompanyId: primary, duplicateCompanyId: duplicate }
				: { primaryPersonId: primary, duplicatePersonId: duplicate };
		const start = await fixture.api<{ taskUrl: string }>(`/v2/${kind}-merges`, ADMIN_KEY, {
			method: 'POST',
			body,
		});
		expect(start.status).toBe(202);
		for (let i = 0; i < 100; i++) {
			const task = await get<{ status: string }>(start.body.taskUrl);
			if (task.body.status !== 'in-progress') return task.body.status;
			await sleep(20);
		}
		throw new Error('merge never finished');
	}

	it('422 (default): a merged-away company or person by id, and its fields, name the target', async () => {
		await settings({ mergeDurationMs: 0 });
		expect(await merge('company', 3000301, 3000300)).toBe('success');
		const persons = fixture.emulator.store.sortedIds(fixture.emulator.store.persons);
		const [keep, gone] = persons.slice(-2);
		expect(await merge('person', keep, gone)).toBe('success');
		for (const [path, source, target] of [
			['/v2/companies/3000300', 3000300, 3000301],
			['/v2/companies/3000300/fields', 3000300, 3000301],
			[`/v2/persons/${gone}`, gone, keep],
			[`/v2/persons/${gone}/fields`, gone, keep],
		] as const) {
			const res = await get<ErrorBody>(path);
			expect({ path, status: res.status, errors: res.body.errors }).toEqual({
				path,
				status: 422,
				errors: [
					{
						code: 'unprocessable-entity',
						message: `${source} no longer exists as it has been merged into ${target}`,
					},
				],
			});
		}
		// A record that never existed is still a 404.
		expect((await get('/v2/companies/3999999')).status).toBe(404);
	});

	it('404: the old behaviour', async () => {
		await settings({ mergeDurationMs: 0, mergedReads: 404 });
		expect(await merge('company', 3000301, 3000300)).toBe('success');
		expect((await get('/v2/companies/3000300')).status).toBe(404);
	});
});

describe('companyFilter', () => {
	const filtered = async () =>
		(await get<Page<{ id: number }>>(`/v2/companies?limit=100&filter=${q('name = "No Such Co"')}`))
			.body.data.length;

	it('ignored (default): GET /v2/companies answers unfiltered; applied: filtered', async () => {
		expect(await filtered()).toBe(100);
		await settings({ companyFilter: 'applied' });
		expect(await filtered()).toBe(0);
	});
});

describe('v1 entity files: v1UploadAnswer and fileHost', () => {
	async function upload(files: Array<[string, string]>) {
		const form = new FormData();
		form.append('organization_id', '3000001');
		for (const [name, text] of files) form.append('files[]', new Blob([text]), name);
		const res = await request(`${fixture.baseUrl}/entity-files`, {
			method: 'POST',
			headers: { authorization: basic() },
			body: form,
		});
		return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> };
	}
	const callerPersonId = () => {
		const key = DEMO_KEYS[0];
		return fixture.emulator.store.users.get(key.userId)!.personId;
	};

	it('entity-files (default): one item per uploaded file, the caller as uploader', async () => {
		const res = await upload([
			['one.txt', 'first'],
			['two.txt', 'second!'],
		]);
		expect(res.status).toBe(200);
		const files = res.body.entity_files as Array<Record<string, unknown>>;
		expect(res.body.success).toBe(true);
		expect(files).toHaveLength(2);
		expect(files.map((f) => [f.name, f.size])).toEqual([
			['one.txt', 5],
			['two.txt', 7],
		]);
		for (const file of files) {
			expect(Object.keys(file).sort()).toEqual(
				[
					'created_at',
					'id',
					'name',
					'opportunity_id',
					'organization_id',
					'person_id',
					'size',
					'uploader_id',
				].sort(),
			);
			expect(file).toMatchObject({
				organization_id: 3000001,
				person_id: null,
				opportunity_id: null,
				uploader_id: callerPersonId(),
			});
			expect((await v1(fixture, 'GET', `/entity-files/${String(file.id)}`)).body).toEqual(file);
		}
	});

	it('success-only: {"success": true}', async () => {
		await settings({ v1UploadAnswer: 'success-only' });
		expect(await upload([['one.txt', 'first']])).toEqual({ status: 200, body: { success: true } });
	});

	async function downloadLink(id: number): Promise<string> {
		const res = await request(`${fixture.baseUrl}/entity-files/download/${id}`, {
			headers: { authorization: basic() },
		});
		await res.body.dump();
		expect(res.statusCode).toBe(302);
		return res.headers.location as string;
	}

	it('other (default): the signed link is on another host:port, works without a key, refuses one', async () => {
		const up = await upload([['memo.txt', 'signed link body']]);
		const id = (up.body.entity_files as Array<{ id: number }>)[0].id;
		const link = await downloadLink(id);
		expect(new URL(link).host).not.toBe(new URL(fixture.baseUrl).host);
		const withKey = await request(link, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
		expect(withKey.statusCode).toBe(400);
		await withKey.body.dump();
		const file = await request(link);
		expect(file.statusCode).toBe(200);
		expect(await file.body.text()).toBe('signed link body');
		// The file host serves signed links only, not the API.
		const api = await request(`${new URL(link).origin}/v2/companies`, {
			headers: { authorization: `Bearer ${ADMIN_KEY}` },
		});
		expect(api.statusCode).toBe(404);
		await api.body.dump();
	});

	it('same: the signed link is on the API origin', async () => {
		await settings({ fileHost: 'same' });
		const up = await upload([['memo.txt', 'same origin']]);
		const link = await downloadLink((up.body.entity_files as Array<{ id: number }>)[0].id);
		expect(new URL(link).origin).toBe(fixture.baseUrl);
		const file = await request(link);
		expect(await file.body.text()).toBe('same origin');
	});
});

describe('dateFieldDay', () => {
	async function writeDate(data: string) {
		const fields = await get<Page<{ id: string; name: string; type: string }>>(
			`/v2/companies/fields?limit=100`,
		);
		const founded = fields.body.data.find((f) => f.name === 'Founded' && f.type === 'global')!;
		const res = await fixture.api<ErrorBody>(
			`/v2/companies/3000001/fields/${founded.id}`,
			ADMIN_KEY,
			{
				method: 'POST',
				body: { value: { type: 'datetime', data } },
			},
		);
		if (res.status !== 204) return { status: res.status, body: res.body };
		const read = await get<{ fields: Array<{ value: { data: string } }> }>(
			`/v2/companies/3000001?fieldIds=${founded.id}`,
		);
		return { status: res.status, stored: read.body.fields[0].value.data };
	}

	it('pacific (default): the Pacific date of the instant, answered without milliseconds', async () => {
		expect(await writeDate('2024-04-01T00:00:00Z')).toEqual({
			status: 204,
			stored: '2024-03-31T07:00:00Z',
		});
		expect(await writeDate('2024-04-01T12:00:00Z')).toEqual({
			status: 204,
			stored: '2024-04-01T07:00:00Z',
		});
	});

	it('utc: the UTC date of the instant', async () => {
		await settings({ dateFieldDay: 'utc' });
		expect(await writeDate('2024-04-01T00:00:00Z')).toEqual({
			status: 204,
			stored: '2024-04-01T07:00:00Z',
		});
		expect(await writeDate('2024-04-01T12:00:00Z')).toEqual({
			status: 204,
			stored: '2024-04-01T07:00:00Z',
		});
	});

	it('a date without a time stays a 400 under both', async () => {
		for (const day of ['pacific', 'utc']) {
			await settings({ dateFieldDay: day });
			const res = await writeDate('2024-04-01');
			expect(res.status).toBe(400);
			expect(res.body?.errors[0].param).toBe('value.data');
		}
	});
});

describe('v1 POST /interactions: an internal and an external person', () => {
	const people = (type: 'internal' | 'external') =>
		[...fixture.emulator.store.persons.values()]
			.filter((p) => (type === 'internal' ? p.type === 'internal' : p.type !== 'internal'))
			.map((p) => p.id);
	const meeting = (personIds: number[]) => ({
		type: 0,
		person_ids: personIds,
		date: '2026-03-10T09:30:00Z',
		content: 'Kickoff',
	});

	it('422 naming person_ids with only internal or only external people; 200 with both', async () => {
		const [internal] = people('internal');
		const [external, other] = people('external');
		for (const ids of [[internal], [external, other]]) {
			const res = await v1<ErrorBody>(fixture, 'POST', '/interactions', meeting(ids));
			expect(res.status).toBe(422);
			expect(res.body.errors[0].param).toBe('person_ids');
		}
		expect((await v1(fixture, 'POST', '/interactions', meeting([internal, external]))).status).toBe(
			200,
		);
	});
});

describe('multi-value write caps', () => {
	async function companyField(name: string) {
		const fields = await get<Page<{ id: string; name: string; type: string }>>(
			`/v2/companies/fields?limit=100`,
		);
		return fields.body.data.find((f) => f.name === name && f.type === 'global')!.id;
	}
	const write = async (fieldId: string, value: unknown) =>
		fixture.api<ErrorBody>(`/v2/companies/3000001/fields/${fieldId}`, ADMIN_KEY, {
			method: 'POST',
			body: { value },
		});
	const location = (i: number) => ({
		streetAddress: null,
		city: `City ${i}`,
		state: null,
		country: null,
		continent: null,
	});

	it('location-multi and number-multi take at most 100 values (400 naming the data)', async () => {
		const offices = await companyField('Offices');
		const revenue = await companyField('Revenue History');
		const cases: Array<[string, string, (i: number) => unknown]> = [
			[offices, 'location-multi', location],
			[revenue, 'number-multi', (i) => i],
		];
		for (const [fieldId, type, item] of cases) {
			const many = Array.from({ length: 101 }, (_, i) => item(i));
			const refused = await write(fieldId, { type, data: many });
			expect({ type, status: refused.status, param: refused.body.errors[0].param }).toEqual({
				type,
				status: 400,
				param: 'value.data',
			});
			expect((await write(fieldId, { type, data: many.slice(0, 100) })).status).toBe(204);
		}
	});

	it('dropdown-multi has no cap', async () => {
		const tags = await companyField('Tags');
		const options = fixture.emulator.store.fields.get(tags)!.dropdownOptions!;
		const data = Array.from({ length: 150 }, (_, i) => ({
			dropdownOptionId: options[i % options.length].id,
		}));
		expect((await write(tags, { type: 'dropdown-multi', data })).status).toBe(204);
	});

	it('filterable-text-multi takes at most 100 values', () => {
		const field = {
			id: 'field-1',
			name: 'Texts',
			valueType: 'filterable-text-multi',
			type: 'global',
		} as unknown as FieldDef;
		const texts = (n: number) => ({
			type: 'filterable-text-multi',
			data: Array.from({ length: n }, (_, i) => `t${i}`),
		});
		const store = new Store();
		expect(() => parseWrittenValue(store, field, texts(101), 'value')).toThrow(
			expect.objectContaining({ status: 400, param: 'value.data' }),
		);
		expect(parseWrittenValue(store, field, texts(100), 'value')?.data).toHaveLength(100);
	});
});

describe('request scope', () => {
	it('modules read the answering emulator settings only inside its requests', () => {
		const own = { ...fixture.emulator.settings, dateFieldDay: 'utc' as const };
		const field = {
			id: 'f',
			name: 'Day',
			valueType: 'datetime',
			type: 'global',
		} as unknown as FieldDef;
		const value = { type: 'datetime', data: '2024-04-01T00:00:00Z' };
		expect(parseWrittenValue(new Store(), field, value, 'value')?.data).toBe(
			'2024-03-31T07:00:00Z',
		);
		expect(
			withSettings(own, () => parseWrittenValue(new Store(), field, value, 'value'))?.data,
		).toBe('2024-04-01T07:00:00Z');
	});
});
