import { affinityRequest, type AffinityContext } from '../transport';
import { cachedPerRun } from './cache';

export interface ListSummary {
	name: string;
	/** The list's entity type: company, person or opportunity. */
	type: string;
}

/** A list's name and entity type (GET /v2/lists/{listId}), read once per run. */
export async function listSummary(ctx: AffinityContext, listId: number, itemIndex?: number): Promise<ListSummary> {
	return cachedPerRun(ctx, `list ${listId}`, async () => {
		const { body } = await affinityRequest.call(ctx, { method: 'GET', path: `/v2/lists/${listId}`, subject: `list with ID ${listId}`, itemIndex });
		const list = body as { name?: unknown; type?: unknown };
		return { name: String(list.name ?? ''), type: String(list.type ?? '') };
	});
}
