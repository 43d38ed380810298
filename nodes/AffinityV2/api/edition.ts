import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityRequest, apiVersionOf } from '../transport';
import type { ApiEdition } from '../helpers/types';

/**
 * The edition of API v2 a run uses, and what depends on it. The credential's API Version is
 * sent as X-Affinity-Api-Version; with the key's default chosen none is sent, and the edition is
 * the one Affinity names in the same header of its answers (every v2 answer does).
 */

/** The current edition: what a key created today defaults to; everything new is added to it. */
export const CURRENT_EDITION: ApiEdition = '2026-09-17';

const EDITION_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `edition` is `since` or a later one (editions are dates, so they sort as text). */
export function editionAtLeast(edition: string, since: ApiEdition): boolean {
	return EDITION_SHAPE.test(edition) && edition >= since;
}

export interface RunEdition {
	/** The edition the run's v2 requests get. */
	edition: string;
	/** Whether the credential names it (false: the key's default, as Affinity answered it). */
	chosen: boolean;
}

/**
 * The edition this run's v2 requests get: the credential's API Version, else the one the run's
 * last v2 answer named, else learned from one `GET /v2/auth/whoami` (the key's default).
 */
export async function runEdition(this: IExecuteFunctions, itemIndex: number): Promise<RunEdition> {
	const known = await knownEdition.call(this, itemIndex);
	if (known) return known;
	await affinityRequest.call(this, { method: 'GET', path: '/v2/auth/whoami', itemIndex });
	const answered = (await apiVersionOf.call(this, itemIndex)).answered;
	if (!answered) {
		throw new NodeOperationError(
			this.getNode(),
			"Affinity did not say which API version the key's default is",
			{
				itemIndex,
				description:
					'Its answers carry no X-Affinity-Api-Version header. Choose an API Version in the "Affinity V2 API" credential instead of the key’s default.',
			},
		);
	}
	return { edition: answered, chosen: false };
}

/** The edition as far as known without a request: chosen, or named by an answer of the run. */
async function knownEdition(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<RunEdition | undefined> {
	const known = await apiVersionOf.call(this, itemIndex);
	if (known.chosen) return { edition: known.chosen, chosen: true };
	return known.answered ? { edition: known.answered, chosen: false } : undefined;
}

/**
 * Whether this run may use an endpoint of `since`: asked by the operations that use a v2
 * endpoint where there is one and API v1 before. Never sends a request: with the key's default
 * chosen and no v2 answer yet in the run, the edition is unknown and the answer is no (API v1
 * answers the same on every version).
 */
export async function editionAllows(
	this: IExecuteFunctions,
	since: ApiEdition,
	itemIndex: number,
): Promise<boolean> {
	const known = await knownEdition.call(this, itemIndex);
	return known !== undefined && editionAtLeast(known.edition, since);
}

/** The error of an operation that needs `since` on a run of an older `edition`. */
export function editionTooOldMessage(
	what: string,
	since: ApiEdition,
	{ edition, chosen }: RunEdition,
): { message: string; description: string } {
	const version = chosen
		? `the credential's API Version is ${edition}`
		: `the credential's API Version is the key's default, which Affinity answers as ${edition}`;
	return {
		message: `${what} needs Affinity API version ${since} or later; ${version}`,
		description: chosen
			? `Set API Version to ${since} in the "Affinity V2 API" credential (the other operations work on it too). Nothing was sent to Affinity.`
			: `Set API Version to ${since} in the "Affinity V2 API" credential, or change the key's Default API Version in Affinity.`,
	};
}

/**
 * Fails, before the operation sends anything, when this run's edition is older than `since`
 * (with the key's default chosen, one whoami is read to learn it). `what` names the operation:
 * "Team → Get".
 */
export async function requireEdition(
	this: IExecuteFunctions,
	since: ApiEdition,
	what: string,
	itemIndex: number,
): Promise<void> {
	const run = await runEdition.call(this, itemIndex);
	if (editionAtLeast(run.edition, since)) return;
	const { message, description } = editionTooOldMessage(what, since, run);
	throw new NodeOperationError(this.getNode(), message, { itemIndex, description });
}
