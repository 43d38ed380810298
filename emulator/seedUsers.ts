/**
 * The seeded users by role. A user is an internal person: its id is its person's id (the first
 * persons created), so these are person ids too.
 */
export const SEEDED_USERS = {
	/** Alex Admin: every permission, including Manage Users. */
	admin: 5_000_001,
	/** Morgan Member: standard permissions. */
	member: 5_000_002,
	/** Riley Restricted: may not export the directories. */
	restricted: 5_000_003,
	/** Jordan Analyst: standard, more than 100 email addresses. */
	jordan: 5_000_004,
	/** Casey: invited. */
	casey: 5_000_005,
	/** Devon Former: deactivated. */
	devon: 5_000_006,
} as const;
