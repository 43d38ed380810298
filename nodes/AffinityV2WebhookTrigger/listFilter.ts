import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { validateId } from '../AffinityV2/transport';

/**
 * The List filter's list ID, or undefined without one: the list picker's value (from the list, by
 * ID or by URL), or the plain number that workflows saved before the picker hold (0: none). A
 * value that is no list ID is refused naming the filter; activation checks it, so a delivery
 * never fails on it.
 */
export function listFilterId(this: IHookFunctions | IWebhookFunctions): number | undefined {
	const raw = (this as IWebhookFunctions).getNodeParameter('filters.listId', 0, {
		extractValue: true,
	}) as unknown;
	if (raw === undefined || raw === null || raw === '' || raw === 0) return undefined;
	return validateId(this.getNode(), raw, 'List (filter)', 'int64');
}
