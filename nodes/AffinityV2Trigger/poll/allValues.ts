import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { editionAtLeast, editionTooOldMessage } from '../../AffinityV2/api/edition';
import { completable, valuesPath } from '../../AffinityV2/helpers/allValues';
import type { ApiField, ApiListEntry } from '../../AffinityV2/helpers/types';
import { affinityPaginate, apiVersionOf } from '../../AffinityV2/transport';

/**
 * Complete Multi-Value Fields in whole reads of the list: an entry's field cut at 100 values
 * (`totalCount` larger) is read whole from GET /v2/lists/{listId}/list-entries/{listEntryId}/
 * fields/{fieldId}/values (2026-09-17, BETA), so that a change past the 100th value is seen. One
 * paged read per such field and entry, each poll.
 */

const EDITION = '2026-09-17';

/** Fails when the run's API version is known to be older than 2026-09-17 (no request sent). */
export async function assertValuesPages(this: IPollFunctions): Promise<void> {
	const { chosen, answered } = await apiVersionOf.call(this);
	const edition = chosen ?? answered;
	if (edition === undefined || editionAtLeast(edition, EDITION)) return;
	const { message, description } = editionTooOldMessage('Complete Multi-Value Fields', EDITION, {
		edition,
		chosen: chosen !== undefined,
	});
	throw new NodeOperationError(this.getNode(), message, { description });
}

/** The entry with each cut field of its entity read whole (the entry itself is changed). */
export async function completeEntryValues(
	this: IPollFunctions,
	listId: number,
	entry: ApiListEntry,
): Promise<void> {
	const fields = entry.entity?.fields as ApiField[] | undefined;
	if (!Array.isArray(fields) || !fields.some((f) => completable(f?.value))) return;
	await assertValuesPages.call(this);
	const fieldsPath = `/v2/lists/${listId}/list-entries/${entry.id}/fields`;
	for (const [i, field] of fields.entries()) {
		if (!completable(field?.value)) continue;
		const { items } = await affinityPaginate.call(this, {
			method: 'GET',
			path: valuesPath(fieldsPath, field.id),
			subject: `field ${field.id} of list entry ${entry.id} on list ${listId}`,
		});
		fields[i] = { ...field, value: { ...field.value, data: items } };
	}
}
