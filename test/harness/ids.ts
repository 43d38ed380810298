import { SEEDED_LISTS } from '../../emulator/seed';

/** The seeded lists by the names tests use, and a resource locator by ID: one copy for every test. */
export const DEAL_PIPELINE: number = SEEDED_LISTS.dealPipeline;
export const TARGET_ACCOUNTS: number = SEEDED_LISTS.targetAccounts;
export const INVESTORS: number = SEEDED_LISTS.investors;
export const BOARD_CONFIDENTIAL: number = SEEDED_LISTS.boardConfidential;

/** A resource locator in "By ID" mode, as the editor saves it. */
export const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
