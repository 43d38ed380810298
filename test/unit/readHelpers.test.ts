import { pageToken } from '../../nodes/AffinityV2/api/pickerPages';
import { htmlText, matchesTerm, shorten } from '../../nodes/AffinityV2/helpers/text';
import { simplifyEntryOfEntity, simplifyField } from '../../nodes/AffinityV2/helpers/simplify';

describe('simplifyField', () => {
	it('puts the unwrapped value next to the field, with the calendar day of a date', () => {
		expect(
			simplifyField({
				id: 'field-1',
				name: 'Close Date',
				type: 'list',
				enrichmentSource: null,
				value: { type: 'datetime', data: '2025-03-10T07:00:00.000Z' },
			}),
		).toEqual({
			id: 'field-1',
			name: 'Close Date',
			type: 'list',
			enrichmentSource: null,
			valueType: 'datetime',
			value: '2025-03-10T07:00:00.000Z',
			calendarDate: '2025-03-10',
		});
	});

	it('keeps the sibling totalCount of filterable-text-multi and flags a list cut at 100', () => {
		expect(
			simplifyField({
				id: 'x',
				name: 'Investors',
				type: 'enriched',
				enrichmentSource: 'dealroom',
				value: { type: 'filterable-text-multi', data: ['A'], totalCount: 3 },
			}),
		).toMatchObject({ value: ['A'], totalCount: 3 });
		const people = Array.from({ length: 100 }, (_, i) => ({
			id: i + 1,
			firstName: 'P',
			lastName: null,
			primaryEmailAddress: null,
		}));
		expect(
			simplifyField({
				id: 'y',
				name: 'Team',
				type: 'global',
				enrichmentSource: null,
				value: { type: 'person-multi', data: people },
			}).possiblyTruncated,
		).toBe(true);
	});

	it('null stays null', () => {
		expect(
			simplifyField({
				id: 'z',
				name: 'Stage',
				type: 'list',
				enrichmentSource: null,
				value: { type: 'dropdown', data: null },
			}).value,
		).toBeNull();
	});
});

describe('simplifyEntryOfEntity', () => {
	it("keeps the entry's own members and turns its fields into values by name (at the top level too)", () => {
		const entry = {
			id: 5,
			listId: 9,
			listName: 'Targets',
			createdAt: '2025-01-01T00:00:00Z',
			creatorId: null,
			fields: [
				{
					id: 'field-1',
					name: 'Stage',
					type: 'list' as const,
					enrichmentSource: null,
					value: { type: 'dropdown', data: { dropdownOptionId: 1, text: 'IC' } },
				},
			],
		};
		expect(simplifyEntryOfEntity(entry)).toEqual({
			Stage: 'IC',
			id: 5,
			listId: 9,
			listName: 'Targets',
			createdAt: '2025-01-01T00:00:00Z',
			creatorId: null,
			fields: { Stage: 'IC' },
		});
	});
});

describe('picker helpers', () => {
	it('reads the visible text of note HTML', () => {
		expect(htmlText('<p>Call &amp; notes <span data-x="1">Ada</span>&nbsp;&lt;ok&gt;</p>')).toBe(
			'Call & notes Ada <ok>',
		);
		expect(htmlText(null)).toBe('');
	});

	it('leaves no space before punctuation where tags were removed', () => {
		expect(htmlText('<p>The demo was <strong>great</strong>. Strong team</p>')).toBe(
			'The demo was great. Strong team',
		);
		expect(htmlText('<p>The demo was great</p>. <p>Strong team</p>, <em>really</em>!')).toBe(
			'The demo was great. Strong team, really!',
		);
		expect(htmlText('<p>One</p><p>Two</p>')).toBe('One Two');
	});

	it('shortens long names, matches terms case-insensitively, keeps only path and query of a nextUrl', () => {
		expect(shorten('a'.repeat(100), 10)).toBe('aaaaaaaaa…');
		expect(matchesTerm('Quantum Labs', ' quant ')).toBe(true);
		expect(matchesTerm('Quantum Labs', 'x')).toBe(false);
		expect(
			pageToken({
				data: [],
				pagination: { nextUrl: 'https://evil.example/v2/persons?cursor=abc&limit=100' },
			}),
		).toBe('/v2/persons?cursor=abc&limit=100');
		expect(pageToken({ data: [], pagination: { nextUrl: null } })).toBeUndefined();
	});
});
