import { seedStore, SEEDED_USERS } from '../../emulator/seed';
import { TRUNCATION_SEED } from '../../emulator/seedExtras';
import { renderV1Field } from '../../emulator/routes/v1/fields';
import { pacificOffsetTime } from '../../emulator/v1Shapes';
import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY } from '../harness/emulator';
import { collect, type Page } from './helpers';
import { Description, explain, type Json } from '../../testkit/descriptions/openapi';
import { v1 } from './v1Client';

/**
 * The shapes the live API answers where they differ from the emulator's first guesses: users
 * are persons with the same id, truncated multi-values carry totalCount, the v1 resources'
 * extra members, and the answer-shape settings (nullArrays, linkedInTexts, malformedFormats,
 * hiddenFieldShape, v1Timestamps), each checked against the 2026-07-15 description.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const store = () => fixture.emulator.store;
const strict = new Description();

type Field = {
	id: string;
	name: string;
	type: string;
	value: Json & { type: string; data: unknown };
};

/** Validates a v2 answer of `GET path` against a description; the problems, or [] when valid. */
function problems(description: Description, path: string, body: unknown): string[] {
	const template = description.templateOf('GET', path.split('?')[0]);
	if (!template) throw new Error(`no operation for GET ${path}`);
	const validate = description.response('get', template, 200);
	return validate(body) ? [] : [explain(validate)];
}

async function get<T = Json>(path: string, key = ADMIN_KEY): Promise<T> {
	const res = await fixture.api<T>(path, key);
	if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
	return res.body;
}

// The live departures from the description, each as an edit of a copy of it.

/** nullArrays: the emailAddresses and domains arrays of persons, users and companies may be null. */
function allowNullArrays(doc: Json): void {
	const schemas = (doc.components as Json).schemas as Record<string, Json>;
	for (const [schema, property] of [
		['Person', 'emailAddresses'],
		['Company', 'domains'],
		['UserData', 'emailAddresses'],
		['CompanyDuplicateSuggestionProfile', 'domains'],
		['companies.SemanticSearchCompany', 'domains'],
	]) {
		((schemas[schema].properties as Json)[property] as Json).type = ['array', 'null'];
	}
}

/** linkedInTexts: TextsValue items may be `{link, text}`. */
function allowLinkedInTexts(doc: Json): void {
	const schemas = (doc.components as Json).schemas as Record<string, Json>;
	((schemas.TextsValue.properties as Json).data as Json).items = {
		anyOf: [
			{ type: 'string' },
			{
				type: 'object',
				properties: { link: { type: 'string' }, text: { type: 'string' } },
				required: ['link', 'text'],
				additionalProperties: false,
			},
		],
	};
}

/** malformedFormats: no `format: email` / `format: hostname`. */
function allowMalformedFormats(doc: Json): void {
	const drop = (node: unknown): void => {
		if (Array.isArray(node)) node.forEach(drop);
		else if (node && typeof node === 'object') {
			const record = node as Json;
			if (record.format === 'email' || record.format === 'hostname') delete record.format;
			Object.values(record).forEach(drop);
		}
	};
	drop(doc.components);
}

/** hiddenFieldShape 'value-type': a FieldValue `{type: "hidden", data: null}`. */
function allowHiddenValues(doc: Json): void {
	const schemas = (doc.components as Json).schemas as Record<string, Json>;
	(schemas.FieldValue.oneOf as Json[]).push({
		type: 'object',
		properties: { type: { const: 'hidden' }, data: { type: 'null' } },
		required: ['type', 'data'],
		additionalProperties: false,
	});
}

const settings = (body: Record<string, unknown>) => fixture.control('POST', '/settings', body);

describe('users are persons with the same id', () => {
	it('whoami, GET /v2/users and GET /v2/users/{userId} answer person ids of internal persons', async () => {
		const whoami = await get<{ user: { id: number; firstName: string } }>('/v2/auth/whoami');
		expect(whoami.user.id).toBe(SEEDED_USERS.admin);
		const person = await get<{ id: number; type: string; firstName: string }>(
			`/v2/persons/${whoami.user.id}`,
		);
		expect(person).toMatchObject({ id: whoami.user.id, type: 'internal', firstName: 'Alex' });

		const { items: users } = await collect<{ id: number; firstName: string }>(fixture, '/v2/users');
		expect(users.map((u) => u.id)).toEqual(Object.values(SEEDED_USERS));
		for (const user of users) {
			const same = await get<{ type: string; firstName: string }>(`/v2/persons/${user.id}`);
			expect({ id: user.id, type: same.type, firstName: same.firstName }).toEqual({
				id: user.id,
				type: 'internal',
				firstName: user.firstName,
			});
			expect((await fixture.api(`/v2/users/${user.id}`)).status).toBe(200);
		}
		// The old small ids are no users any more.
		expect((await fixture.api('/v2/users/1')).status).toBe(404);
	});

	it('list owners and creators, entry creators and reminders name users by person id', async () => {
		const userIds = new Set<number>(Object.values(SEEDED_USERS));
		const lists = await collect<{ ownerId: number; creatorId: number }>(fixture, '/v2/lists');
		for (const list of lists.items) {
			expect(userIds.has(list.ownerId) && userIds.has(list.creatorId)).toBe(true);
		}
		const entries = await collect<{ creatorId: number | null }>(
			fixture,
			'/v2/lists/102/list-entries?limit=100',
		);
		const creators = entries.items.map((e) => e.creatorId).filter((id) => id !== null);
		expect(creators.length).toBeGreaterThan(0);
		expect(creators.every((id) => userIds.has(id as number))).toBe(true);
		const reminders = await collect<{ owner: { id: number }; creator: { id: number } }>(
			fixture,
			'/v2/reminders',
		);
		expect(reminders.items.length).toBeGreaterThan(0);
		for (const r of reminders.items)
			expect(userIds.has(r.owner.id) && userIds.has(r.creator.id)).toBe(true);
	});

	it('v1: a list entry created with a person creator_id answers that id, and v2 reads it back', async () => {
		const added = await v1<{ id: number; creator_id: number }>(
			fixture,
			'POST',
			'/lists/102/list-entries',
			{ entity_id: 3000300, creator_id: SEEDED_USERS.member },
		);
		expect(added.status).toBe(200);
		expect(added.body.creator_id).toBe(SEEDED_USERS.member);
		const entry = await get<{ creatorId: number }>(`/v2/lists/102/list-entries/${added.body.id}`);
		expect(entry.creatorId).toBe(SEEDED_USERS.member);
		// Without creator_id the key's user (a person id) is the creator.
		const own = await v1<{ creator_id: number }>(fixture, 'POST', '/lists/102/list-entries', {
			entity_id: 3000301,
		});
		expect(own.body.creator_id).toBe(SEEDED_USERS.admin);
		// An external person is no user.
		const external = await v1(fixture, 'POST', '/lists/102/list-entries', {
			entity_id: 3000302,
			creator_id: TRUNCATION_SEED.personId,
		});
		expect(external.status).toBe(422);
	});

	it('the control API changes a user by its person id', async () => {
		await fixture.control('PATCH', `/users/${SEEDED_USERS.member}/permissions`, {
			manageUsers: true,
		});
		const seen = await get<{ role?: string }>(`/v2/users/${SEEDED_USERS.admin}`, MEMBER_KEY);
		expect(seen.role).toBe('admin');
	});
});

describe('truncated multi-values carry totalCount', () => {
	const fieldsOf = async (path: string) => {
		const body = await get<Page<Field>>(`${path}/fields?limit=100`);
		expect(problems(strict, `${path}/fields`, body)).toEqual([]);
		return body.data;
	};

	it('every multi type over 100 values answers the first 100 and the full count', async () => {
		const company = await fieldsOf(`/v2/companies/${TRUNCATION_SEED.companyId}`);
		const person = await fieldsOf(`/v2/persons/${TRUNCATION_SEED.personId}`);
		const named = (fields: Field[], name: string, type: string) =>
			fields.find((f) => f.name === name && f.value.type === type)!.value;
		const expected: Array<[Json & { data: unknown }, string, number]> = [
			[named(company, 'Key Contacts', 'person-multi'), 'person-multi', 120],
			[named(company, 'Competitors', 'company-multi'), 'company-multi', 130],
			[named(company, 'Revenue History', 'number-multi'), 'number-multi', 110],
			[named(company, 'Offices', 'location-multi'), 'location-multi', 105],
			[named(company, 'Industry', 'filterable-text-multi'), 'filterable-text-multi', 101],
			[named(person, 'Employers', 'company-multi'), 'company-multi', 130],
			[named(person, 'Job Titles', 'filterable-text-multi'), 'filterable-text-multi', 104],
		];
		for (const [value, type, count] of expected) {
			expect({ type: value.type, shown: (value.data as unknown[]).length }).toEqual({
				type,
				shown: 100,
			});
			expect(value.totalCount).toBe(count);
		}
		// The stored values are whole: the cut is only in the answer.
		const revenue = store().entityFields.company.find((f) => f.name === 'Revenue History')!;
		const stored = store().companies.get(TRUNCATION_SEED.companyId)!.values.get(revenue.id)!;
		expect((stored.data as number[]).slice(0, 100)).toEqual(
			named(company, 'Revenue History', 'number-multi').data,
		);
	});

	it('a multi-value of 100 or fewer has no totalCount', async () => {
		const company = await fieldsOf('/v2/companies/3000001');
		const multis = company.filter(
			(f) => f.value.type.endsWith('-multi') && Array.isArray(f.value.data),
		);
		expect(multis.length).toBeGreaterThan(0);
		for (const f of multis) expect(f.value).not.toHaveProperty('totalCount');
	});
});

describe('answer-shape settings', () => {
	it('default to the recorded shapes and are restored by reset', async () => {
		const current = await fixture.control<Json>('POST', '/settings', {});
		expect(current).toMatchObject({
			v1Timestamps: 'utc',
			nullArrays: false,
			linkedInTexts: false,
			malformedFormats: false,
			hiddenFieldShape: 'field-type',
		});
		expect(await settings({ nullArrays: true, v1Timestamps: 'pacific-offset' })).toMatchObject({
			nullArrays: true,
			v1Timestamps: 'pacific-offset',
		});
		await fixture.reset();
		expect(await settings({})).toMatchObject({ nullArrays: false, v1Timestamps: 'utc' });
	});

	it('nullArrays: empty emailAddresses and domains come back null (the description declares arrays)', async () => {
		const person = [...store().persons.values()].find((p) => p.emailAddresses.length === 0)!;
		const company = [...store().companies.values()].find((c) => c.domains.length === 0)!;
		const personPath = `/v2/persons/${person.id}`;
		const companyPath = `/v2/companies/${company.id}`;
		expect((await get<Json>(personPath)).emailAddresses).toEqual([]);
		expect((await get<Json>(companyPath)).domains).toEqual([]);

		await settings({ nullArrays: true });
		const personBody = await get<Json>(personPath);
		const companyBody = await get<Json>(companyPath);
		expect(personBody.emailAddresses).toBeNull();
		expect(companyBody.domains).toBeNull();
		// A non-empty array stays an array.
		expect((await get<Json>(`/v2/persons/${SEEDED_USERS.admin}`)).emailAddresses).toEqual([
			expect.any(String),
		]);
		// Live breaks the description on purpose (Person.emailAddresses, Company.domains: array).
		expect(problems(strict, personPath, personBody)).not.toEqual([]);
		expect(problems(strict, companyPath, companyBody)).not.toEqual([]);
		const nullable = new Description(undefined, allowNullArrays);
		expect(problems(nullable, personPath, personBody)).toEqual([]);
		expect(problems(nullable, companyPath, companyBody)).toEqual([]);
		const page = await get<Page>('/v2/persons?limit=100');
		expect(page.data.some((p) => p.emailAddresses === null)).toBe(true);
		expect(problems(nullable, '/v2/persons', page)).toEqual([]);
	});

	it('linkedInTexts: Job Titles hold {link, text} objects (TextsValue declares strings)', async () => {
		const path = `/v2/persons/${TRUNCATION_SEED.personId}/fields?ids=affinity-data-job-titles`;
		const plain = await get<Page<Field>>(path);
		expect((plain.data[0].value.data as unknown[])[0]).toBe('Title 1');

		await settings({ linkedInTexts: true });
		const linked = await get<Page<Field>>(path);
		const data = linked.data[0].value.data as Array<{ link: string; text: string }>;
		expect(data[0]).toEqual({
			link: expect.stringMatching(/^https:\/\/www\.linkedin\.com\//),
			text: 'Title 1',
		});
		expect(data.every((d) => typeof d.link === 'string' && typeof d.text === 'string')).toBe(true);
		expect(linked.data[0].value.totalCount).toBe(104);
		// Other filterable-text-multi fields keep strings.
		const industry = await get<Page<Field>>(
			`/v2/companies/${TRUNCATION_SEED.companyId}/fields?ids=affinity-data-industry`,
		);
		expect(typeof (industry.data[0].value.data as unknown[])[0]).toBe('string');

		expect(problems(strict, path, linked)).not.toEqual([]);
		const withEntries = new Description(undefined, allowLinkedInTexts);
		expect(problems(withEntries, path, linked)).toEqual([]);
	});

	it('malformedFormats: some emails and domains break format email / hostname, v2 and v1', async () => {
		const personId = TRUNCATION_SEED.personId;
		const person = store().persons.get(personId)!;
		const company = [...store().companies.values()].find((c) => c.id % 10 === 7 && c.domain)!;
		expect(person.primaryEmailAddress).toContain('@');

		await settings({ malformedFormats: true });
		const personBody = await get<Json>(`/v2/persons/${personId}`);
		expect(personBody.primaryEmailAddress).toBe(person.primaryEmailAddress!.replace('@', ' at '));
		expect(personBody.emailAddresses).toEqual(
			person.emailAddresses.map((e) => e.replace('@', ' at ')),
		);
		const companyBody = await get<Json>(`/v2/companies/${company.id}`);
		expect(companyBody.domain).toMatch(/_.*\.local $/);
		expect(companyBody.domain).not.toBe(company.domain);
		// Only some: the others stay well-formed, and what is stored is unchanged.
		expect((await get<Json>('/v2/companies/3000001')).domain).toBe(
			store().companies.get(3000001)!.domain,
		);
		expect(store().companies.get(company.id)!.domain).toBe(company.domain);
		// v1 answers the same data.
		const v1Person = await v1<Json>(fixture, 'GET', `/persons/${personId}`);
		expect(v1Person.body.primary_email).toBe(personBody.primaryEmailAddress);
		const v1Company = await v1<Json>(fixture, 'GET', `/organizations/${company.id}`);
		expect(v1Company.body.domain).toBe(companyBody.domain);

		expect(problems(strict, `/v2/persons/${personId}`, personBody)).not.toEqual([]);
		expect(problems(strict, `/v2/companies/${company.id}`, companyBody)).not.toEqual([]);
		const noFormats = new Description(undefined, allowMalformedFormats);
		expect(problems(noFormats, `/v2/persons/${personId}`, personBody)).toEqual([]);
		expect(problems(noFormats, `/v2/companies/${company.id}`, companyBody)).toEqual([]);
	});

	it('hiddenFieldShape: a restricted opportunity field as field type or as value type', async () => {
		const entry = store()
			.entriesByList.get(101)!
			.find((e) => store().opportunities.get(e.entityId)?.restrictedTo)!;
		const path = `/v2/lists/101/list-entries/${entry.id}/fields`;
		const fieldType = await get<Page<Field>>(path, MEMBER_KEY);
		expect(fieldType.data.length).toBeGreaterThan(0);
		for (const f of fieldType.data) {
			expect(f.type).toBe('hidden');
			expect(f.value.type).not.toBe('hidden');
			expect(f.value.data).toBeNull();
		}
		expect(problems(strict, path, fieldType)).toEqual([]);

		await settings({ hiddenFieldShape: 'value-type' });
		const valueType = await get<Page<Field>>(path, MEMBER_KEY);
		for (const f of valueType.data) {
			expect(f.type).toBe('list');
			expect(f.value).toEqual({ type: 'hidden', data: null });
		}
		// The admin, who may see the deal, gets its values either way.
		const admin = await get<Page<Field>>(path, ADMIN_KEY);
		expect(admin.data.some((f) => f.type === 'hidden' || f.value.type === 'hidden')).toBe(false);
		// FieldValue has no `hidden` value type: this shape breaks the description on purpose.
		expect(problems(strict, path, valueType)).not.toEqual([]);
		const withHidden = new Description(undefined, allowHiddenValues);
		expect(problems(withHidden, path, valueType)).toEqual([]);
	});

	it('v1Timestamps: pacific-offset answers every v1 timestamp with an offset and microseconds', async () => {
		const utc = await v1<{ list_entries: Array<{ created_at: string }> }>(
			fixture,
			'GET',
			'/organizations/3000001',
		);
		const utcTimes = utc.body.list_entries.map((e) => e.created_at);
		expect(utcTimes.length).toBeGreaterThan(0);
		for (const t of utcTimes) expect(t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

		await settings({ v1Timestamps: 'pacific-offset' });
		const pacific = await v1<{ list_entries: Array<{ created_at: string }> }>(
			fixture,
			'GET',
			'/organizations/3000001',
		);
		const times = pacific.body.list_entries.map((e) => e.created_at);
		for (const [i, t] of times.entries()) {
			expect(t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}-0[78]:00$/);
			expect(Date.parse(t)).toBe(Date.parse(utcTimes[i]));
		}
		// A v1 write's answer too; v2 answers keep UTC.
		const created = await v1<{ id: number; created_at: string }>(
			fixture,
			'POST',
			'/lists/102/list-entries',
			{
				entity_id: 3000300,
			},
		);
		expect(created.body.created_at).toMatch(/\.\d{6}-0[78]:00$/);
		const v2 = await get<{ createdAt: string }>('/v2/lists/102/list-entries/' + created.body.id);
		expect(v2.createdAt).toMatch(/Z$/);
	});

	it('pacificOffsetTime: winter -08:00, summer -07:00, the same instant', () => {
		expect(pacificOffsetTime('2020-04-27T22:35:43.383Z')).toBe('2020-04-27T15:35:43.383000-07:00');
		expect(pacificOffsetTime('2026-01-15T03:00:00.000Z')).toBe('2026-01-14T19:00:00.000000-08:00');
		expect(pacificOffsetTime('2026-03-08T10:00:00.005Z')).toBe('2026-03-08T03:00:00.005000-07:00');
	});
	it('with every answer-shape setting on, the v2 reads validate once those departures are allowed', async () => {
		await settings({
			nullArrays: true,
			linkedInTexts: true,
			malformedFormats: true,
			hiddenFieldShape: 'value-type',
			v1Timestamps: 'pacific-offset',
		});
		const allowing = new Description(undefined, (doc) => {
			allowNullArrays(doc);
			allowLinkedInTexts(doc);
			allowMalformedFormats(doc);
			allowHiddenValues(doc);
		});
		const restricted = store()
			.entriesByList.get(101)!
			.find((e) => store().opportunities.get(e.entityId)?.restrictedTo)!;
		const reads: Array<[string, string]> = [
			['/v2/persons?limit=100&fieldTypes=enriched&fieldTypes=global', ADMIN_KEY],
			['/v2/companies?limit=100&fieldTypes=enriched&fieldTypes=global', ADMIN_KEY],
			[`/v2/persons/${TRUNCATION_SEED.personId}/fields?limit=100`, ADMIN_KEY],
			[`/v2/companies/${TRUNCATION_SEED.companyId}/fields?limit=100`, ADMIN_KEY],
			[
				'/v2/lists/102/list-entries?limit=100&fieldTypes=enriched&fieldTypes=global&fieldTypes=list',
				ADMIN_KEY,
			],
			['/v2/lists/103/list-entries?limit=100&fieldTypes=enriched&fieldTypes=global', ADMIN_KEY],
			[`/v2/lists/101/list-entries/${restricted.id}/fields`, MEMBER_KEY],
			['/v2/users', ADMIN_KEY],
			['/v2/duplicates/company-suggestions?limit=100', ADMIN_KEY],
			['/v2/auth/whoami', ADMIN_KEY],
		];
		let departures = 0;
		for (const [path, key] of reads) {
			const body = await get(path, key);
			expect({ path, problems: problems(allowing, path, body) }).toEqual({ path, problems: [] });
			if (problems(strict, path, body).length) departures++;
		}
		// The settings do change what is answered: most of these reads break the strict description.
		expect(departures).toBeGreaterThanOrEqual(5);
	});
});

describe('v1 shapes', () => {
	it('organizations carry crunchbase_uuid null on GET, POST and PUT', async () => {
		const got = await v1<Json>(fixture, 'GET', '/organizations/3000001');
		expect(got.body).toMatchObject({ id: 3000001, crunchbase_uuid: null });
		const created = await v1<Json>(fixture, 'POST', '/organizations', {
			name: 'Crunch Co',
			domain: 'crunch.example',
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({ name: 'Crunch Co', crunchbase_uuid: null });
		const updated = await v1<Json>(fixture, 'PUT', `/organizations/${created.body.id}`, {
			name: 'Crunch Co 2',
		});
		expect(updated.body).toMatchObject({ name: 'Crunch Co 2', crunchbase_uuid: null });
	});

	it('a list entry of a company has entity {id, name, domain, domains, crunchbase_uuid, global}', async () => {
		const added = await v1<{ entity: Json }>(fixture, 'POST', '/lists/102/list-entries', {
			entity_id: 3000300,
		});
		expect(Object.keys(added.body.entity).sort()).toEqual(
			['crunchbase_uuid', 'domain', 'domains', 'global', 'id', 'name'].sort(),
		);
		const company = store().companies.get(3000300)!;
		expect(added.body.entity).toEqual({
			id: 3000300,
			name: company.name,
			domain: company.domain,
			domains: company.domains,
			crunchbase_uuid: null,
			global: company.isGlobal,
		});
	});

	it('fields: dropdown options with integer rank and colour, filterable text as code 10', () => {
		const seeded = seedStore();
		const pipeline = [...seeded.lists.values()].find((l) => l.name === 'Deal Pipeline')!;
		const status = renderV1Field(pipeline.fields.find((f) => f.name === 'Status')!);
		const options = status.dropdown_options as Array<{ rank: number; color: number }>;
		expect(status.value_type).toBe(7);
		expect(options.map((o) => o.rank)).toEqual(options.map((_, i) => i + 1));
		for (const o of options)
			expect(Number.isInteger(o.color) && o.color >= 0 && o.color <= 6).toBe(true);
		const stage = renderV1Field(pipeline.fields.find((f) => f.name === 'Stage')!);
		expect(stage.value_type).toBe(2);
		expect(
			(stage.dropdown_options as Array<{ rank: number; color: number }>).every(
				(o) => o.rank === 0 && o.color === 0,
			),
		).toBe(true);
		const growth = seeded.entityField('company', 'dealroom-growth-stage')!;
		expect(renderV1Field(growth).value_type).toBe(10);
		const industry = seeded.entityField('company', 'affinity-data-industry')!;
		expect(renderV1Field(industry)).toMatchObject({ value_type: 10, allows_multiple: true });
	});

	it('v2 keeps its own option form: rank from 0, colour names', async () => {
		const fields = await get<Page<{ name: string; id: string }>>('/v2/lists/101/fields');
		const status = fields.data.find((f) => f.name === 'Status')!;
		const path = `/v2/lists/101/fields/${status.id}/dropdown-options`;
		const options = await get<Page<{ rank: number; color: string | null }>>(path);
		expect(options.data.map((o) => o.rank)).toEqual(options.data.map((_, i) => i));
		expect(options.data.every((o) => typeof o.color === 'string')).toBe(true);
		expect(problems(strict, path, options)).toEqual([]);
	});
});
