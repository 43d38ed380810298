/* What an AI agent reads of a tool result: no empty values, at most 50 records, a "more" marker. */
import {
	AGENT_MAX_RECORDS,
	AGENT_MAX_VALUES,
	compactForAgent,
	withoutEmptyValues,
} from '../../nodes/AffinityV2/helpers/agentOutput';

describe('withoutEmptyValues', () => {
	it('drops null, empty strings, arrays and objects at any depth, and keeps 0 and false', () => {
		expect(
			withoutEmptyValues({
				id: 1,
				name: 'Acme',
				domain: null,
				domains: [],
				fields: {
					Status: 'Open',
					Owner: null,
					'Deal Size': 0,
					Tags: [null, ''],
					Location: { city: null },
				},
				isGlobal: false,
				note: '',
			}),
		).toEqual({ id: 1, name: 'Acme', fields: { Status: 'Open', 'Deal Size': 0 }, isGlobal: false });
	});
});

describe('compactForAgent', () => {
	it('adds no marker when fewer records than the limit came back', () => {
		expect(compactForAgent([{ id: 1 }, { id: 2, x: null }], 5)).toEqual([{ id: 1 }, { id: 2 }]);
		expect(compactForAgent([{ id: 1 }])).toEqual([{ id: 1 }]);
	});

	it('says more may be available when the limit was reached', () => {
		const out = compactForAgent([{ id: 1 }, { id: 2 }], 2);
		expect(out).toHaveLength(3);
		expect(out[2]).toEqual({
			moreAvailable: true,
			note: expect.stringMatching(
				/^Showing 2 results, the limit of this request; more may be available\./,
			),
		});
	});

	it(`keeps at most ${AGENT_MAX_RECORDS} records and says how many there were`, () => {
		const records = Array.from({ length: 120 }, (_, i) => ({ id: i }));
		const out = compactForAgent(records);
		expect(out).toHaveLength(AGENT_MAX_RECORDS + 1);
		expect(out[AGENT_MAX_RECORDS - 1]).toEqual({ id: AGENT_MAX_RECORDS - 1 });
		expect(out[AGENT_MAX_RECORDS]).toEqual({
			moreAvailable: true,
			note: expect.stringMatching(/^Showing the first 50 of 120 results\./),
		});
	});
});

describe('what an agent reads of dates and long multi-value fields', () => {
	const entry = {
		id: 7,
		entity: { name: 'Acme', domains: ['acme.com'] },
		fields: {
			'Close Date': '2025-03-10T07:00:00Z',
			'Co-investors': Array.from({ length: 101 }, (_, i) => `Fund ${i + 1}`),
			Stage: 'IC',
		},
		calendarDates: { 'Close Date': '2025-03-10' },
	};

	it('shows a date field as its calendar date, not the stored timestamp', () => {
		const [out] = compactForAgent([entry]);
		expect((out.fields as Record<string, unknown>)['Close Date']).toBe('2025-03-10');
		expect(out).not.toHaveProperty('calendarDates');
		const [single] = compactForAgent([
			{
				id: 'field-1',
				valueType: 'datetime',
				value: '2025-03-10T07:00:00Z',
				calendarDate: '2025-03-10',
			},
		]);
		expect(single).toEqual({ id: 'field-1', valueType: 'datetime', value: '2025-03-10' });
		const [raw] = compactForAgent([{ value: { type: 'datetime', data: '2025-03-10T07:00:00Z' } }]);
		expect(raw).toEqual({ value: { type: 'datetime', data: '2025-03-10' } });
	});

	it('cuts a long multi-value field to 5 values and a count, unless all values are asked for', () => {
		const [out] = compactForAgent([entry]);
		const investors = (out.fields as Record<string, unknown[]>)['Co-investors'];
		expect(investors).toHaveLength(AGENT_MAX_VALUES + 1);
		expect(investors.slice(0, 5)).toEqual(['Fund 1', 'Fund 2', 'Fund 3', 'Fund 4', 'Fund 5']);
		expect(investors[5]).toMatch(/^and 96 more \(call again with allValues: true/);
		const [all] = compactForAgent([entry], undefined, { allValues: true });
		expect((all.fields as Record<string, unknown[]>)['Co-investors']).toHaveLength(101);
		// Short lists and the records themselves are never cut.
		expect(compactForAgent(Array(8).fill({ id: 1 }))).toHaveLength(8);
		expect((out.entity as { domains: string[] }).domains).toEqual(['acme.com']);
		// Five entries like this one: about a fifth of the tokens (characters / 4).
		const tokens = (value: unknown) => Math.ceil(JSON.stringify(value).length / 4);
		const five = Array(5).fill(entry);
		expect(tokens(compactForAgent(five))).toBeLessThan(
			tokens(compactForAgent(five, undefined, { allValues: true })) / 3,
		);
	});
});
