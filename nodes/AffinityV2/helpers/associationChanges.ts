import { applySetChange } from './setChange';

/**
 * How a set of associated ids changes. API v1 updates (PUT /opportunities/{id},
 * /organizations/{id}, /persons/{id}) replace a whole set, so adding or removing means reading
 * the current set first and sending the result.
 */
export type AssociationChange = 'keep' | 'replace' | 'add' | 'remove' | 'clear';

/** Whether the change needs the current set (add, remove). */
export function needsCurrent(change: AssociationChange): boolean {
	return change === 'add' || change === 'remove';
}

/** The set to send, or undefined to leave it unchanged; order kept, no repeats. */
export function changedIds(
	change: AssociationChange,
	current: readonly number[],
	picked: readonly number[],
): number[] | undefined {
	if (change === 'keep') return undefined;
	if (change === 'clear') return [];
	return applySetChange(current, change, picked);
}
