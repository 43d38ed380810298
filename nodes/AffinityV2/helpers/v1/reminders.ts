import type { IDataObject } from 'n8n-workflow';

import { v1Time } from './times';

/**
 * API v1's Reminder in the shape of v2's (reminders.Reminder): `type` one-time or recurring,
 * `recurrence` {periodDays, resetTrigger}, `status` by name, people and the record as `{id}`
 * references. v1 codes (The Reminder Resource): type 0 one-time, 1 recurring; reset_type
 * 0 interaction, 1 email, 2 meeting (v2's `event`); status 0 completed, 1 active, 2 overdue.
 */

/** A person, organization or opportunity as v1 embeds it: its id and what describes it. */
interface V1Reference {
	id: number;
	[key: string]: unknown;
}

export interface V1Reminder {
	id: number;
	type: number;
	created_at: string;
	completed_at: string | null;
	content: string | null;
	due_date: string;
	reset_type: number | null;
	reminder_days: number | null;
	status: number;
	creator: V1Reference | null;
	owner: V1Reference | null;
	completer: V1Reference | null;
	person: V1Reference | null;
	organization: V1Reference | null;
	opportunity: V1Reference | null;
}

export const V1_REMINDER_TYPES = { 'one-time': 0, recurring: 1 } as const;
/** v2's reset triggers by v1 code: v1 calls a calendar event a meeting. */
export const V1_RESET_TYPES = { interaction: 0, email: 1, event: 2 } as const;
const STATUSES = ['completed', 'active', 'overdue'] as const;

const reference = (value: V1Reference | null | undefined) =>
	value && typeof value.id === 'number' ? { id: value.id } : null;

/** v1 writes its times with a Pacific offset: v2's form is UTC. */
const utc = v1Time;

export function reminderFromV1(reminder: V1Reminder): IDataObject {
	const recurring = reminder.type === V1_REMINDER_TYPES.recurring;
	const resetTrigger = Object.entries(V1_RESET_TYPES).find(
		([, code]) => code === reminder.reset_type,
	)?.[0];
	return {
		id: reminder.id,
		type: recurring ? 'recurring' : 'one-time',
		content: reminder.content ?? null,
		dueDate: utc(reminder.due_date),
		creator: reference(reminder.creator),
		owner: reference(reminder.owner),
		completer: reference(reminder.completer),
		company: reference(reminder.organization),
		person: reference(reminder.person),
		opportunity: reference(reminder.opportunity),
		createdAt: utc(reminder.created_at),
		completedAt: recurring ? null : utc(reminder.completed_at),
		recurrence: recurring
			? { periodDays: reminder.reminder_days, resetTrigger: resetTrigger ?? null }
			: null,
		status: STATUSES[reminder.status] ?? null,
	};
}
