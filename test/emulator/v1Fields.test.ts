import { EmulatorFixture } from '../harness/emulator';
import { bearer, deliveries, listenToWebhooks, v1 } from './v1Client';
import { DEAL_PIPELINE, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * The emulator's API v1 fields (Create Field, Delete a Field) over HTTP: the documented shape,
 * v1's 422s and 404s, v2's field lists showing what v1 created (id `field-<v1 id>`) and no
 * longer showing what it deleted, the values going with the field, and the webhook events.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

type Metadata = { id: string; name: string; type: string; valueType: string };
const v2Fields = async (path: string) =>
	(await fixture.api<{ data: Metadata[] }>(`${path}?limit=100`)).body.data;

it('creates a list field: the documented shape; v2 lists it as field-<id>', async () => {
	await listenToWebhooks(fixture);
	const res = await v1<Record<string, unknown>>(fixture, 'POST', '/fields', {
		name: 'Check Size',
		list_id: DEAL_PIPELINE,
		entity_type: 8,
		value_type: 3,
		allows_multiple: false,
		is_list_specific: true,
	});
	expect(res.status).toBe(200);
	expect(res.body).toEqual({
		id: expect.any(Number),
		name: 'Check Size',
		list_id: DEAL_PIPELINE,
		enrichment_source: 'none',
		value_type: 3,
		allows_multiple: false,
		track_changes: true,
		dropdown_options: [],
	});
	const listed = (await v2Fields(`/v2/lists/${DEAL_PIPELINE}/fields`)).find(
		(f) => f.id === `field-${res.body.id as number}`,
	);
	expect(listed).toMatchObject({ name: 'Check Size', type: 'list', valueType: 'number' });
	const [event] = await deliveries(fixture, ['field.created']);
	expect(event.body).toMatchObject({ id: res.body.id, name: 'Check Size', list_id: DEAL_PIPELINE });
});

it('creates a global company field allowing several people: v2 company fields list it', async () => {
	const res = await v1<{ id: number; list_id: null }>(
		fixture,
		'POST',
		'/fields',
		{ name: 'Co-founders', entity_type: 1, value_type: 0, allows_multiple: true },
		bearer(),
	);
	expect(res.status).toBe(200);
	expect(res.body.list_id).toBeNull();
	expect(
		(await v2Fields('/v2/companies/fields')).find((f) => f.id === `field-${res.body.id}`),
	).toMatchObject({
		type: 'global',
		valueType: 'person-multi',
	});
	expect((await v2Fields('/v2/persons/fields')).some((f) => f.id === `field-${res.body.id}`)).toBe(
		false,
	);
});

it.each([
	[{ entity_type: 1, value_type: 6 }, 'name'],
	[{ name: 'A', value_type: 6 }, 'entity_type'],
	[{ name: 'A', entity_type: 2, value_type: 6 }, 'entity_type'],
	[{ name: 'A', entity_type: 1, value_type: 9 }, 'value_type'],
	[{ name: 'A', entity_type: 1, value_type: 6, allows_multiple: true }, 'allows_multiple'],
	[{ name: 'A', entity_type: 8, value_type: 6 }, 'entity_type'],
	[{ name: 'A', entity_type: 0, value_type: 6, list_id: TARGET_ACCOUNTS }, 'entity_type'],
	[{ name: 'A', entity_type: 1, value_type: 6, is_list_specific: true }, 'list_id'],
	[{ name: 'A', entity_type: 1, value_type: 6, list_id: 999, is_list_specific: true }, 'list_id'],
	[{ name: 'A', entity_type: 1, value_type: 6, colour: 'red' }, 'colour'],
])('refuses %j with a 422 naming %s', async (body, param) => {
	const before = fixture.emulator.store.fields.size;
	const res = await v1<{ errors: Array<{ param?: string }> }>(fixture, 'POST', '/fields', body);
	expect(res.status).toBe(422);
	expect(res.body.errors[0].param).toBe(param);
	expect(fixture.emulator.store.fields.size).toBe(before);
});

it('deletes a field with its values: v2 lists it no more, entries hold no value of it', async () => {
	await listenToWebhooks(fixture);
	const notes = (await v2Fields(`/v2/lists/${TARGET_ACCOUNTS}/fields`)).find(
		(f) => f.name === 'Notes' && f.type === 'list',
	) as Metadata;
	const holders = () =>
		[...fixture.emulator.store.entries.values()].filter((e) => e.values.has(notes.id)).length;
	expect(holders()).toBeGreaterThan(0);
	const v1Id = Number(notes.id.replace('field-', ''));
	expect(await v1(fixture, 'DELETE', `/fields/${v1Id}`)).toEqual({
		status: 200,
		body: { success: true },
	});
	expect(
		(await v2Fields(`/v2/lists/${TARGET_ACCOUNTS}/fields`)).some((f) => f.id === notes.id),
	).toBe(false);
	expect(holders()).toBe(0);
	const [event] = await deliveries(fixture, ['field.deleted']);
	expect(event.body).toMatchObject({ id: v1Id, name: 'Notes' });
	expect((await v1(fixture, 'DELETE', `/fields/${v1Id}`)).status).toBe(404);
});

it('an enriched field has no v1 id (404); an unknown id is 404', async () => {
	expect((await v1(fixture, 'DELETE', '/fields/affinity-data-location')).status).toBe(404);
	expect((await v1(fixture, 'DELETE', '/fields/99999999')).status).toBe(404);
});
