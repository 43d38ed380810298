import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireEdition } from '../../api/edition';
import {
	filterParameters,
	operatorsFor,
	readFilter,
	type FilterTarget,
	type FixedFilterProperty,
} from '../search/filters';
import { forOperation } from '../inputs/forOperation';
import { recordsOrCount, recordsOrTotal } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

const properties: Record<string, FixedFilterProperty> = {
	createdAt: {
		label: 'Uploaded At',
		operators: ['>', '<', '>=', '<='],
		valueType: 'datetime',
		collection: false,
		description: 'When the file was uploaded (ISO 8601)',
	},
	'creator.id': {
		label: 'Uploader (Person ID)',
		operators: ['='],
		valueType: 'int',
		collection: false,
		description: 'The person ID of the user who uploaded it',
	},
};

/** GET /v2/files: createdAt (>, <, >=, <=), creator.id (=). */
const fileFilter: FilterTarget = { properties, operators: operatorsFor(properties), what: 'files' };

export const description: INodeProperties[] = forOperation('file', 'getAll', [
	...filterParameters(fileFilter),
	...recordsOrCount('file', 'files'),
]);

/**
 * GET /v2/files (BETA, 2026-09-17): files.FileSummaryPaged, the files the key can see, most
 * recently uploaded first (no download link: File → Get gives one).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { filter, keep } = await readFilter.call(this, itemIndex, fileFilter);
	await requireEdition.call(this, '2026-09-17', 'File → Get Many', itemIndex);
	// limit is 1..100: a count reads a page of one.
	return recordsOrTotal.call(
		this,
		itemIndex,
		{ method: 'GET', path: '/v2/files', qs: filter ? { filter } : {}, itemIndex },
		1,
		undefined,
		keep,
	);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/files', beta: true, since: '2026-09-17' },
];
