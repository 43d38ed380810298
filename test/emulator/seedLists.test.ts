import { SEEDED_LISTS, seedStore } from '../../emulator/seed';

/** The list ids tests name (test/harness/ids.ts) are the ones the seed gives its lists. */
it('the seed creates its lists with the ids SEEDED_LISTS names', () => {
	const store = seedStore();
	const byName = new Map([...store.lists.values()].map((list) => [list.name, list.id]));
	expect({
		dealPipeline: byName.get('Deal Pipeline'),
		targetAccounts: byName.get('Target Accounts'),
		investors: byName.get('Investors'),
		boardConfidential: byName.get('Board Confidential'),
	}).toEqual(SEEDED_LISTS);
});
