import { affinityPaginate, affinityRequest, type AffinityContext } from '../transport';
import { cachedPerRun, METADATA_PAGING } from './cache';

export interface ListSummary {
	id: number;
	name: string;
	/** The list's entity type: company, person or opportunity. */
	type: string;
}

/** Every list the key may see (GET /v2/lists, ListWithType), read once per run. */
export async function allLists(this: AffinityContext): Promise<ListSummary[]> {
	return cachedPerRun(this, 'lists', async () => {
		const { items } = await affinityPaginate.call(
			this,
			{ method: 'GET', path: '/v2/lists' },
			METADATA_PAGING,
		);
		return (items as Array<{ id: number; name: string; type?: string }>).map((l) => ({
			id: l.id,
			name: l.name,
			type: String(l.type ?? ''),
		}));
	});
}

/** One list's name and entity type (GET /v2/lists/{listId}), read once per run. */
export async function listSummary(
	this: AffinityContext,
	listId: number,
	itemIndex?: number,
): Promise<ListSummary> {
	return cachedPerRun(this, `list ${listId}`, async () => {
		const { body } = await affinityRequest.call(this, {
			method: 'GET',
			path: `/v2/lists/${listId}`,
			subject: `list with ID ${listId}`,
			itemIndex,
		});
		const list = body as { name?: unknown; type?: unknown };
		return { id: listId, name: String(list.name ?? ''), type: String(list.type ?? '') };
	});
}
