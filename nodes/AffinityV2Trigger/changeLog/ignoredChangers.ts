import type { IDataObject, INode, INodeProperties, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { toStringList } from '../../AffinityV2/helpers/stringList';
import { affinityRequest } from '../../AffinityV2/transport';
import type { PollBudget } from '../poll/budget';

/**
 * Changes a workflow made itself are not reported back to it: in change-log detection, a field
 * change whose `changer` (fieldValueChanges.FieldValueChange) is the credential's own user or
 * one of the users given, and an entry added whose `creatorId` (ListEntry) is. What keeps a sync
 * between Affinity and another system from echoing its own writes. The log's filter takes
 * `changer.id=` only (no "not"), so these changes are read and passed over, never reported; a
 * change with no changer (Affinity's own, `changer: null`) is always reported. A user is a
 * person with the same id (GET /v2/auth/whoami names the key's user).
 */

export interface IgnoredChangers {
	/** The credential's own user (read with GET /v2/auth/whoami when a poll has changes). */
	own: boolean;
	userIds: number[];
}

const show = { show: { '/detection': ['changeLog'] } };

export const ignoredChangersOptions: INodeProperties[] = [
	{
		displayName: "Ignore Changes by the Credential's User",
		name: 'ignoreOwnChanges',
		type: 'boolean',
		default: false,
		displayOptions: show,
		description:
			"Whether changes made with this credential's API key (by its user: other workflows, a sync writing back) are passed over, not reported. Change-log detection only: a snapshot comparison cannot tell who changed a value. Costs one call (GET /v2/auth/whoami) in a poll that has changes.",
	},
	{
		displayName: 'Ignore Changes by Users',
		name: 'ignoredUserIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2001, 2002',
		displayOptions: show,
		description:
			"IDs of Affinity users (a user's person ID) whose changes are passed over, comma-separated: an integration's own user, say. Change-log detection only. Changes Affinity makes itself (no changer) are always reported.",
	},
];

/** The options as given, checked before any request (a bad ID names the option). */
export function readIgnoredChangers(node: INode, options: IDataObject): IgnoredChangers {
	const userIds = toStringList(options.ignoredUserIds ?? '').map((text) => {
		const id = Number(text);
		if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id < 1)
			throw new NodeOperationError(node, `Ignore Changes by Users: "${text}" is not a user ID`, {
				description:
					'Give user IDs (whole numbers, such as 2001) separated by commas; find them with User → Get Many.',
			});
		return id;
	});
	return { own: options.ignoreOwnChanges === true, userIds };
}

/** The id of the user of the credential's key (GET /v2/auth/whoami: `user.id`). */
async function ownUserId(this: IPollFunctions, budget?: PollBudget): Promise<number | undefined> {
	budget?.callStarting();
	const { body } = await affinityRequest.call(this, { method: 'GET', path: '/v2/auth/whoami' });
	budget?.callDone();
	const id = Number(((body as IDataObject | undefined)?.user as IDataObject | undefined)?.id);
	return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * The users whose changes this poll passes over: none unless asked; the credential's own only
 * read when `needed` (something this poll would report names a user).
 */
export async function ignoredUserIds(
	this: IPollFunctions,
	ignored: IgnoredChangers,
	needed: boolean,
	budget?: PollBudget,
): Promise<Set<number>> {
	const ids = new Set(ignored.userIds);
	if (ignored.own && needed) {
		const own = await ownUserId.call(this, budget);
		if (own !== undefined) ids.add(own);
	}
	return ids;
}

/** A user id as the API gives it (`creatorId`), if it is one. */
export function userId(value: unknown): number | undefined {
	const id = Number(value);
	return value !== null && value !== undefined && Number.isSafeInteger(id) ? id : undefined;
}

/** The id a change's `changer` names, if any (v2: `{id, firstName, …}`; null for Affinity's own). */
export function changerId(changer: unknown): number | undefined {
	return userId((changer as IDataObject | null | undefined)?.id);
}

/** Whether anything is to be passed over at all. */
export function ignoresAny(ignored: IgnoredChangers): boolean {
	return ignored.own || ignored.userIds.length > 0;
}
