import { changedIds, needsCurrent } from '../../../nodes/AffinityV2/helpers/associationChanges';
import {
	listEntryFromV1,
	opportunityFromV1,
} from '../../../nodes/AffinityV2/helpers/v1/opportunities';

const ENTRY = {
	id: 999886,
	creator_id: 1127776,
	list_id: 6645,
	entity_id: 120611418,
	entity_type: 8,
	created_at: '2018-03-07T16:32:35.794-08:00',
};

describe('opportunityFromV1', () => {
	it('names the v1 answer as v2 does, with its list entry', () => {
		expect(
			opportunityFromV1(
				{
					id: 120611418,
					name: 'Penny Opportunity',
					person_ids: [38706],
					organization_ids: [21442],
					list_entries: [ENTRY],
				},
				{ listName: 'Deals' },
			),
		).toEqual({
			id: 120611418,
			name: 'Penny Opportunity',
			listId: 6645,
			listName: 'Deals',
			personIds: [38706],
			companyIds: [21442],
			listEntry: {
				id: 999886,
				listId: 6645,
				type: 'opportunity',
				entityId: 120611418,
				creatorId: 1127776,
				createdAt: '2018-03-08T00:32:35.794Z',
			},
		});
	});

	it('fills the people and companies sent when the create answer leaves them out', () => {
		const out = opportunityFromV1(
			{ id: 1, name: 'A', list_entries: [ENTRY] },
			{ personIds: [5], companyIds: [] },
		);
		expect(out.personIds).toEqual([5]);
		expect(out.companyIds).toEqual([]);
		expect(out).not.toHaveProperty('listName');
	});

	it('an opportunity on a list the key cannot see has no entry and no list id', () => {
		expect(opportunityFromV1({ id: 1, name: 'A', list_entries: [] })).toMatchObject({
			listId: null,
			listEntry: null,
		});
	});

	it('a person entry keeps its type', () => {
		expect(listEntryFromV1({ ...ENTRY, entity_type: 0 }).type).toBe('person');
	});
});

describe('changedIds: v1 replaces whole sets, so add and remove work on the current set', () => {
	const current = [1, 2, 3];
	it.each([
		['keep', [4], undefined],
		['clear', [4], []],
		['replace', [4, 5, 4], [4, 5]],
		['add', [3, 4, 5], [1, 2, 3, 4, 5]],
		['remove', [3, 9], [1, 2]],
	] as const)('%s %j', (change, picked, expected) => {
		expect(changedIds(change, current, picked)).toEqual(expected);
	});

	it('only add and remove need the current set', () => {
		const changes = ['keep', 'clear', 'replace', 'add', 'remove'] as const;
		expect(changes.filter((c) => needsCurrent(c))).toEqual(['add', 'remove']);
	});
});
