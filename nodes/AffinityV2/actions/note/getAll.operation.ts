import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { filterParameters, readFilter } from '../filter';
import { recordsOrCount, recordsOrTotal } from '../readParameters';
import { forOperation } from '../shared';
import { noteFilter } from './noteFilters';

export const description: INodeProperties[] = forOperation('note', 'getAll', [...filterParameters(noteFilter), ...recordsOrCount('note', 'notes')]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filter = await readFilter.call(this, itemIndex, noteFilter);
	return recordsOrTotal.call(this, itemIndex, { method: 'GET', path: '/v2/notes', qs: filter ? { filter } : {}, itemIndex });
}
