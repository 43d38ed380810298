import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { filterParameters, readFilter } from '../search/filters';
import { forOperation } from '../inputs/forOperation';
import { recordsOrCount, recordsOrTotal } from '../inputs/paging';
import { reminderFilter } from './reminderFilters';
import { withReminderNames } from './reminderNames';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('reminder', 'getAll', [
	...filterParameters(reminderFilter),
	...recordsOrCount('reminder', 'reminders'),
]);

/** GET /v2/reminders: soonest due first. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { filter, keep } = await readFilter.call(this, itemIndex, reminderFilter);
	// The count is read with the smallest page this endpoint takes (limit 1..100).
	const records = await recordsOrTotal.call(
		this,
		itemIndex,
		{ method: 'GET', path: '/v2/reminders', qs: filter ? { filter } : {}, itemIndex },
		1,
		undefined,
		keep,
	);
	// A count ({totalCount}) has no references to name.
	return withReminderNames.call(this, records, itemIndex);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/reminders', beta: true },
];
