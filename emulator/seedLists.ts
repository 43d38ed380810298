/**
 * The ids of the lists every seed creates, in the order it creates them (from ID_START.list):
 * what tests and demos name a list by. `test/emulator/seedLists.test.ts` checks them against a
 * seeded store.
 */
export const SEEDED_LISTS = {
	dealPipeline: 101,
	targetAccounts: 102,
	investors: 103,
	boardConfidential: 104,
} as const;
