import type { Store } from './store';
import { SEEDED_USERS } from './seedUsers';

/**
 * The account's teams (GET /v2/teams, 2026-09-17): who is on each and which lists each may
 * access. Derived from the seeded users and lists (nothing is drawn from the seed's random
 * stream, and the API has no team writes), so the same account always has the same teams:
 *
 * - 1 Investments: the admin, the member and Jordan; Deal Pipeline, Target Accounts and the
 *   admin's private Board Confidential.
 * - 2 Platform: the member and Riley Restricted; Investors.
 * - 3 Everyone: every user, the invited and the deactivated one included; the three public lists.
 * - 4 New Hires: no members, no lists (never updated).
 */

export interface TeamMembership {
	/** The membership's own id (TeamMember.id), not the user's. */
	id: number;
	userId: number;
	addedAt: string;
}

export interface Team {
	id: number;
	name: string;
	createdAt: string;
	updatedAt: string | null;
	members: TeamMembership[];
	/** Lists the team may access, in the order the team was given them. */
	listIds: number[];
}

interface TeamSpec {
	name: string;
	createdAt: string;
	updatedAt: string | null;
	users: number[];
	lists: string[];
}

const U = SEEDED_USERS;

const TEAMS: TeamSpec[] = [
	{
		name: 'Investments',
		createdAt: '2025-03-01T15:22:00Z',
		updatedAt: '2026-04-18T09:11:23Z',
		users: [U.admin, U.member, U.jordan],
		lists: ['Deal Pipeline', 'Target Accounts', 'Board Confidential'],
	},
	{
		name: 'Platform',
		createdAt: '2025-05-10T08:00:00Z',
		updatedAt: '2025-11-02T16:45:00Z',
		users: [U.member, U.restricted],
		lists: ['Investors'],
	},
	{
		name: 'Everyone',
		createdAt: '2025-06-01T12:00:00Z',
		updatedAt: '2026-02-03T10:30:00Z',
		users: [U.admin, U.member, U.restricted, U.jordan, U.casey, U.devon],
		lists: ['Deal Pipeline', 'Target Accounts', 'Investors'],
	},
	{ name: 'New Hires', createdAt: '2026-08-20T09:00:00Z', updatedAt: null, users: [], lists: [] },
];

const DAY = 86_400_000;

/** Teams are kept per store (a reset gives a new store and the same teams). */
const teamsByStore = new WeakMap<object, Team[]>();

export function teamsOf(store: Store): Team[] {
	// A v2 read may see the store through a view (Store.v2View); its tenant is the store's own.
	const cached = teamsByStore.get(store.tenant);
	if (cached) return cached;
	let membershipId = 1001;
	const teams = TEAMS.map((spec, i) => ({
		id: i + 1,
		name: spec.name,
		createdAt: spec.createdAt,
		updatedAt: spec.updatedAt,
		members: spec.users
			.filter((userId) => store.users.has(userId))
			.map((userId, position) => ({
				id: membershipId++,
				userId,
				addedAt: new Date(Date.parse(spec.createdAt) + (position + 1) * DAY)
					.toISOString()
					.replace('.000Z', 'Z'),
			})),
		listIds: spec.lists
			.map((name) => [...store.lists.values()].find((l) => l.name === name)?.id)
			.filter((id): id is number => id !== undefined),
	}));
	teamsByStore.set(store.tenant, teams);
	return teams;
}
