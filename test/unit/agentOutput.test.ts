/* What an AI agent reads of a tool result: no empty values, at most 50 records, a "more" marker. */
import {
	AGENT_MAX_RECORDS,
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
