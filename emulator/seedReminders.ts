import type { Reminder, StatusCategory } from './model';
import type { Store } from './store';
import { SEEDED_USERS } from './seedUsers';

/**
 * Reminders and a status field, added after the rest of the seed without drawing from its
 * random stream (every earlier value stays as it was):
 *
 * - The Deal Pipeline's Status becomes a status field (dropdownOptions.StatusDropdownOption):
 *   New, Contacted, Qualified and Negotiation are open with rising win rates, Won is won,
 *   Lost is lost.
 * - Six reminders: one-time and recurring, about companies, persons and an opportunity, owned
 *   by the admin, the member and Jordan; one overdue, one completed.
 */
const BASE_TIME = Date.parse('2026-01-15T17:00:00.000Z');
const DAY = 86_400_000;
const iso = (time: number) => new Date(time).toISOString();

const STATUSES: Record<string, [StatusCategory, number | null]> = {
	New: ['open', 10],
	Contacted: ['open', 20],
	Qualified: ['open', 40],
	Negotiation: ['open', 70],
	Won: ['won', null],
	Lost: ['lost', null],
};

export function seedRemindersAndStatuses(store: Store): void {
	const pipeline = [...store.lists.values()].find((l) => l.name === 'Deal Pipeline');
	const status = pipeline?.fields.find((f) => f.name === 'Status');
	if (status) {
		status.statusDropdown = true;
		for (const option of status.dropdownOptions ?? []) {
			const [statusCategory, winRate] = STATUSES[option.text] ?? ['open', null];
			Object.assign(option, { statusCategory, winRate });
		}
	}

	const person = (userId: number) => store.users.get(userId)?.personId;
	const admin = person(SEEDED_USERS.admin);
	const member = person(SEEDED_USERS.member);
	const jordan = person(SEEDED_USERS.jordan);
	if (admin === undefined || member === undefined || jordan === undefined) return;
	const companies = [...store.companies.keys()].sort((a, b) => a - b);
	const externals = [...store.persons.values()]
		.filter((p) => p.type === 'external')
		.map((p) => p.id)
		.sort((a, b) => a - b);
	const opportunity = pipeline
		? [...store.opportunities.values()].find((o) => o.listId === pipeline.id)?.id
		: undefined;
	const specs: Array<
		Omit<Reminder, 'id' | 'completerPersonId' | 'completedAt' | 'updatedAt'> & {
			completed?: boolean;
		}
	> = [
		{
			type: 'one-time',
			content: 'Send the term sheet',
			dueDate: iso(BASE_TIME + 400 * DAY),
			creatorPersonId: admin,
			ownerPersonId: admin,
			entity: { type: 'company', id: companies[0] },
			recurrence: null,
			createdAt: iso(BASE_TIME - 10 * DAY),
		},
		{
			type: 'one-time',
			content: 'Follow up after the demo',
			dueDate: iso(BASE_TIME - 5 * DAY),
			creatorPersonId: admin,
			ownerPersonId: member,
			entity: { type: 'person', id: externals[0] },
			recurrence: null,
			createdAt: iso(BASE_TIME - 20 * DAY),
		},
		{
			type: 'recurring',
			content: 'Quarterly check-in',
			dueDate: iso(BASE_TIME + 430 * DAY),
			creatorPersonId: member,
			ownerPersonId: member,
			entity: { type: 'company', id: companies[1] },
			recurrence: { periodDays: 90, resetTrigger: 'interaction' },
			createdAt: iso(BASE_TIME - 30 * DAY),
		},
		{
			type: 'recurring',
			content: null,
			dueDate: iso(BASE_TIME + 410 * DAY),
			creatorPersonId: admin,
			ownerPersonId: jordan,
			entity: { type: 'person', id: externals[1] },
			recurrence: { periodDays: 30, resetTrigger: 'email' },
			createdAt: iso(BASE_TIME - 3 * DAY),
		},
		{
			type: 'one-time',
			content: 'Prepare the IC memo',
			dueDate: iso(BASE_TIME - 2 * DAY),
			creatorPersonId: jordan,
			ownerPersonId: jordan,
			entity: { type: 'company', id: companies[2] },
			recurrence: null,
			createdAt: iso(BASE_TIME - 9 * DAY),
			completed: true,
		},
	];
	if (opportunity !== undefined) {
		specs.push({
			type: 'one-time',
			content: 'Confirm the close date',
			dueDate: iso(BASE_TIME + 420 * DAY),
			creatorPersonId: admin,
			ownerPersonId: admin,
			entity: { type: 'opportunity', id: opportunity },
			recurrence: null,
			createdAt: iso(BASE_TIME - DAY),
		});
	}
	for (const { completed, ...spec } of specs) {
		const id = store.nextId('reminder', 1);
		store.reminders.set(id, {
			...spec,
			id,
			completerPersonId: completed ? spec.ownerPersonId : null,
			completedAt: completed ? iso(Date.parse(spec.dueDate) + 3_600_000) : null,
			updatedAt: completed ? iso(Date.parse(spec.dueDate) + 3_600_000) : null,
		});
	}
}
