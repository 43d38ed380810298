/**
 * Which deliveries are one event: a retry of a delivery is emitted once, whether Affinity keeps
 * its first `sent_at` or stamps it anew (emulator setting webhookRetrySentAt); two changes of one
 * record are two events, and a record changed A → B → A gives three, even when the record's v1
 * body carries no time of its own (person, organization, opportunity, list and field objects; a
 * reminder only `created_at`). And a
 * delivery is remembered only once emitted: one whose entry read fails is answered with an
 * error, and Affinity's retry of it is emitted. Deliveries come from the emulator over HTTP
 * (POST /_emulator/webhook-events for the event types its store does not make), into n8n-core's
 * WebhookContext.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { ADMIN_KEY, EmulatorFixture } from '../harness/emulator';
import type { WebhookHarness } from '../harness/webhook';
import { DEAL_PIPELINE, deliveriesSettled, listField, webhookTrigger } from './helpers';

const fixture = new EmulatorFixture();
const open: WebhookHarness[] = [];

beforeAll(async () => {
	await fixture.start();
});
afterEach(async () => {
	while (open.length) await open.pop()!.close();
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
	await fixture.control('POST', '/settings', {
		webhookRetryBaseMs: 10,
		webhookRetryWindowMs: 4000,
	});
});

async function subscribed(events: string[], options: IDataObject = {}): Promise<WebhookHarness> {
	const h = await webhookTrigger(fixture, { events, options });
	open.push(h);
	await h.activate();
	return h;
}

const person = (firstName: string) => ({
	id: 38706,
	type: 0,
	first_name: firstName,
	last_name: 'Doe',
	primary_email: 'john@affinity.co',
	emails: ['john@affinity.co'],
	organization_ids: [21442],
});

/** v1 bodies (affinity-v1-docs: the List, Field, Person, Organization, Opportunity and Reminder resources). */
const UPDATES: Array<[string, (name: string) => IDataObject]> = [
	['person.updated', person],
	[
		'organization.updated',
		(name) => ({
			id: 64779194,
			name,
			domain: 'affinity.co',
			domains: ['affinity.co'],
			person_ids: [38706],
			global: false,
		}),
	],
	[
		'opportunity.updated',
		(name) => ({
			id: 117,
			name,
			person_ids: [38706],
			organization_ids: [21442],
			list_entries: [
				{
					id: 442313,
					creator_id: 38706,
					list_id: 4974,
					entity_id: 117,
					entity_type: 8,
					created_at: '2018-03-03T23:02:46.412-08:00',
				},
			],
		}),
	],
	[
		'list.updated',
		(name) => ({
			id: 450,
			type: 0,
			name,
			public: true,
			owner_id: 38706,
			creator_id: 38901,
			list_size: 67,
		}),
	],
	[
		'field.updated',
		(name) => ({
			id: 1234,
			name,
			list_id: 450,
			allows_multiple: false,
			dropdown_options: [],
			value_type: 6,
			enrichment_source: 'none',
		}),
	],
	[
		'reminder.updated',
		(content) => ({
			id: 15326,
			type: 1,
			created_at: '2021-11-18T14:34:53.218-08:00',
			completed_at: null,
			content,
			due_date: '2021-12-18T14:34:53.217-08:00',
			reset_type: 1,
			reminder_days: 30,
			status: 2,
			creator: person('John'),
			owner: person('John'),
			completer: null,
			person: person('Alice'),
			organization: null,
			opportunity: null,
		}),
	],
];

async function deliver(type: string, body: IDataObject, sentAt: number): Promise<void> {
	await fixture.control('POST', '/webhook-events', { type, body, sentAt });
	await deliveriesSettled(fixture);
}

const STAMPS = ['first', 'restamped'] as const;

describe.each(STAMPS)('updates without a time of their own, retries stamped %s', (stamp) => {
	beforeEach(async () => {
		await fixture.control('POST', '/settings', { webhookRetrySentAt: stamp });
	});

	it.each(UPDATES)(
		'%s: three updates of one record are three events, a redelivery is none',
		async (type, body) => {
			const h = await subscribed([type]);
			// The first delivery's answer is lost after the node emitted it: Affinity sends it again.
			const first = h.answers.length;
			h.answer = (index) => (index === first ? 'drop' : 'normal');
			const sentAt = 1_790_000_000;
			// Renamed twice within one second, then back to the first name a minute later.
			await deliver(type, body('First'), sentAt);
			await deliver(type, body('Second'), sentAt);
			await deliver(type, body('First'), sentAt + 60);

			const counts = await fixture.control<IDataObject>('GET', '/webhook-deliveries');
			expect(counts).toMatchObject({ failedAttempts: 1, delivered: 3, pending: 0 });
			const emitted = h.executions.map((items) => {
				expect(items).toHaveLength(1);
				return items[0];
			});
			const names = emitted.map((item) => {
				const record = item.body as IDataObject;
				return record.content ?? record.name ?? record.firstName;
			});
			expect(names).toEqual(['First', 'Second', 'First']);
			expect(emitted.map((item) => item.sentAt)).toEqual([
				new Date(sentAt * 1000).toISOString(),
				new Date(sentAt * 1000).toISOString(),
				new Date((sentAt + 60) * 1000).toISOString(),
			]);
			expect(emitted.every((item) => item.affinityEvent === type)).toBe(true);
		},
	);
});

describe('remembered only once emitted', () => {
	it('a delivery whose entry read failed is emitted when Affinity retries it', async () => {
		const h = await subscribed(['list_entry.created'], { includeEntry: true });
		// Every attempt of the first read fails (the transport's retries included).
		await fixture.fault({
			kind: 'status',
			status: 500,
			method: 'GET',
			path: `^/v2/lists/${DEAL_PIPELINE}/list-entries/\\d+$`,
			times: 4,
		} as never);
		const first = h.answers.length;
		const added = await fixture.control<{ id: number }>('POST', '/list-entries', {
			listId: DEAL_PIPELINE,
			name: 'Retried Inc',
		});
		await deliveriesSettled(fixture);

		expect(h.answers[first].status).toBe(500);
		expect(h.answers.slice(first + 1)).toEqual([{ status: 200, body: expect.anything() }]);
		expect(h.executions).toHaveLength(1);
		expect(h.executions[0][0]).toMatchObject({
			event: 'listEntryAdded',
			listEntryId: added.id,
			entityName: 'Retried Inc',
			entry: { id: added.id },
		});
		const counts = await fixture.control<IDataObject>('GET', '/webhook-deliveries');
		expect(counts).toMatchObject({ failedAttempts: 1, pending: 0 });
	});
});

describe('a retry that arrives after a later change', () => {
	it('with its first sent_at, a body without a time: emitted once, A → B → A still three', async () => {
		// The first retry comes 300 ms after the first attempt: after the next change was delivered.
		await fixture.control('POST', '/settings', { webhookRetryBaseMs: 300 });
		const h = await subscribed(['person.updated']);
		const first = h.answers.length;
		h.answer = (index) => (index === first ? 'drop' : 'normal');
		const sentAt = 1_790_000_000;
		await fixture.control('POST', '/webhook-events', {
			type: 'person.updated',
			body: person('First'),
			sentAt,
		});
		await fixture.control('POST', '/webhook-events', {
			type: 'person.updated',
			body: person('Second'),
			sentAt: sentAt + 1,
		});
		await deliveriesSettled(fixture);
		await deliver('person.updated', person('First'), sentAt + 60);

		const counts = await fixture.control<IDataObject>('GET', '/webhook-deliveries');
		expect(counts).toMatchObject({ failedAttempts: 1, delivered: 3, pending: 0 });
		expect(
			h.executions.map((items) => [
				(items[0].body as IDataObject).firstName,
				Date.parse(items[0].sentAt as string) / 1000 - sentAt,
			]),
		).toEqual([
			['First', 0],
			['Second', 1],
			['First', 60],
		]);
	});

	it.each(STAMPS)(
		'field values, retries stamped %s: A → B → A within one second is three events, each retry none',
		async (stamp) => {
			await fixture.control('POST', '/settings', {
				webhookRetrySentAt: stamp,
				webhookRetryBaseMs: 300,
			});
			const h = await subscribed(['field_value.created', 'field_value.updated'], {});
			const text = listField(fixture, DEAL_PIPELINE, 'text');
			const added = await fixture.control<{ id: number }>('POST', '/list-entries', {
				listId: DEAL_PIPELINE,
				name: 'Stamp Inc',
			});
			// Every first attempt's answer is lost after the node emitted the event: each of the
			// three changes is delivered again, 300 ms later, after the other changes.
			const retried = new Set<number>();
			let attempts = 0;
			h.answer = () => {
				const index = attempts++;
				retried.add(index);
				return index < 3 ? 'drop' : 'normal';
			};
			for (const data of ['A', 'B', 'A'])
				await fixture.control('POST', '/values', {
					listEntryId: added.id,
					fieldId: text.id,
					value: { type: 'text', data },
				});
			await deliveriesSettled(fixture);

			const counts = await fixture.control<IDataObject>('GET', '/webhook-deliveries');
			expect(counts).toMatchObject({ failedAttempts: 3, delivered: 3, pending: 0 });
			expect(retried.size).toBe(6);
			const emitted = h.executions.map((items) => {
				expect(items).toHaveLength(1);
				return items[0];
			});
			expect(emitted.map((item) => (item.changes as IDataObject[])[0].current)).toEqual([
				'A',
				'B',
				'A',
			]);
			expect(emitted.map((item) => item.affinityEvent)).toEqual([
				'field_value.created',
				'field_value.updated',
				'field_value.updated',
			]);
			// Three changes with three times of their own.
			expect(new Set(emitted.map((item) => item.changedAt)).size).toBe(3);
		},
	);

	it.each([
		['first', [0, 0, 0, 0]],
		['restamped', [0, 1, 2, 3]],
	] as const)('the emulator stamps each retry as told (%s)', async (stamp, offsets) => {
		await fixture.control('POST', '/settings', {
			webhookRetrySentAt: stamp,
			webhookRetryWindowMs: 100,
		});
		// A receiver that accepts Affinity's test delivery and fails every event.
		const received: Array<{ type: string; sent_at: number }> = [];
		const server = createServer((req, res) => {
			let text = '';
			req.on('data', (chunk: Buffer) => (text += chunk.toString()));
			req.on('end', () => {
				const delivery = JSON.parse(text) as { type: string; sent_at: number };
				received.push(delivery);
				res.statusCode = delivery.type === 'sample.webhook' ? 200 : 500;
				res.end();
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const { port } = server.address() as AddressInfo;
			await fixture.api('/v2/webhooks', ADMIN_KEY, {
				method: 'POST',
				body: { url: `http://127.0.0.1:${port}/hook`, subscriptions: ['person.updated'] },
			});
			await deliver('person.updated', person('Once'), 1_790_000_000);
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
		// Attempts at 0, 10, 30 and 70 ms; the next (150 ms) is past the window.
		expect(
			received.filter((d) => d.type === 'person.updated').map((d) => d.sent_at - 1_790_000_000),
		).toEqual(offsets);
	});

	it('a retry stamped anew, before any other change, is no event', async () => {
		await fixture.control('POST', '/settings', { webhookRetrySentAt: 'restamped' });
		const h = await subscribed(['person.updated']);
		const first = h.answers.length;
		let requests = 0;
		h.answer = (index) => {
			requests++;
			return index < first + 2 ? 'drop' : 'normal';
		};
		await deliver('person.updated', person('Once'), 1_790_000_000);
		expect(requests).toBe(3);
		// Emitted at the first attempt; the two retries, each stamped later, start nothing.
		expect(h.executions).toHaveLength(1);
		expect(h.executions[0][0].sentAt).toBe(new Date(1_790_000_000 * 1000).toISOString());
		expect(Object.values(h.staticData().latest as object)).toEqual([
			expect.stringMatching(/ 1790000000$/),
		]);
	});
});
