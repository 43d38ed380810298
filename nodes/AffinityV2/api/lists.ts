import { affinityPaginate, type AffinityContext } from '../transport';
import { cachedPerRun } from './cache';

export interface ListSummary {
	id: number;
	name: string;
	type: string;
}

/** Every list the key may see (GET /v2/lists, ListWithType), read once per run. */
export async function allLists(ctx: AffinityContext): Promise<ListSummary[]> {
	return cachedPerRun(ctx, 'lists', async () => {
		const { items } = await affinityPaginate.call(ctx, { method: 'GET', path: '/v2/lists' });
		return (items as Array<{ id: number; name: string; type?: string }>).map((l) => ({
			id: l.id,
			name: l.name,
			type: String(l.type ?? ''),
		}));
	});
}
