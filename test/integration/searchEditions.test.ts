import type { IDataObject } from 'n8n-workflow';

import { ADMIN_KEY, EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';

/**
 * Search conditions on each edition: on 2026-09-17 is-between-relative goes out as a range of
 * two amounts and Affinity filters by it; an amount of 0 or inverted bounds are refused before
 * the search is sent, naming the condition. On 2026-07-15 the forms of before are sent as given.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const SEPTEMBER = { apiVersion: '2026-09-17' };
const JULY = { apiVersion: '2026-07-15' };
const LAST_EMAIL = 'last-email|date-of-activity';

const employees = () =>
	fixture.emulator.store.entityFields.company.find((f) => f.name === 'Employees')!.id;

const search = (apiVersion: { apiVersion: string }, conditions: IDataObject[]) =>
	runAffinityNode({
		credentials: fixture.credentials(ADMIN_KEY, apiVersion),
		parameters: {
			resource: 'company',
			operation: 'search',
			searchConditions: { conditions },
			limit: 5,
			simplify: false,
		},
	});

const searches = async () =>
	(await fixture.requests()).filter((r) => r.path === '/v2/companies/search');

describe('on 2026-09-17', () => {
	it('is-between-relative is sent as {amount: [start, end], unit} and answered', async () => {
		await fixture.clearRequests();
		const result = await search(SEPTEMBER, [
			{ target: LAST_EMAIL, operator: 'is-between-relative', amount: 1, amount2: 5, unit: 'year' },
		]);
		expect(result.error).toBeUndefined();
		const [sent] = await searches();
		expect(sent.status).toBe(201);
		expect(JSON.parse(sent.body as string).filters.filters[0]).toEqual({
			valueType: 'date',
			fieldId: 'last-email',
			attributeId: 'date-of-activity',
			operator: 'is-between-relative',
			value: { amount: [1, 5], unit: 'year' },
		});
	});

	it.each([
		[
			'an amount of 0',
			() => ({ target: LAST_EMAIL, operator: 'is-within-the-last', amount: 0, unit: 'day' }),
			/^Condition 1: Last Email › .+: Is Within The Last takes amounts of 1 or more; got 0$/i,
		],
		[
			'a relative range upside down',
			() => ({
				target: LAST_EMAIL,
				operator: 'is-between-relative',
				amount: 30,
				amount2: 7,
				unit: 'day',
			}),
			/^Condition 1: Last Email › .+ first; got 30 and 7$/,
		],
		[
			'inverted number bounds',
			() => ({ target: employees(), operator: 'is-between', value: '5000', value2: '50' }),
			/^Condition 1: Employees: .+ needs the smaller number \(From\) first; got 5000 and 50$/,
		],
	])(
		'%s is refused before the search is sent, naming the condition',
		async (_what, make, message) => {
			await fixture.clearRequests();
			const result = await search(SEPTEMBER, [make()]);
			expect(result.error?.message).toMatch(message);
			expect(result.error?.description).toMatch(/2026-09-17/);
			expect(await searches()).toEqual([]);
		},
	);
});

describe('on 2026-07-15', () => {
	it('an amount of 0 and an upside-down relative range are sent as before', async () => {
		await fixture.clearRequests();
		const result = await search(JULY, [
			{ target: LAST_EMAIL, operator: 'is-within-the-last', amount: 0, unit: 'day' },
			{ target: LAST_EMAIL, operator: 'is-between-relative', amount: 6, amount2: 1, unit: 'month' },
		]);
		expect(result.error).toBeUndefined();
		const [sent] = await searches();
		expect(sent.status).toBe(201);
		const filters = JSON.parse(sent.body as string).filters.filters as IDataObject[];
		expect(filters.map((f) => f.value)).toEqual([
			{ amount: [0], unit: 'day' },
			{ amount: [6, 1], unit: 'month' },
		]);
	});
});
