import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { simplifyFields } from '../../helpers/simplify';
import type { ApiField } from '../../helpers/types';
import { toStringList } from '../../helpers/stringList';
import { fieldSelection } from '../common/fields';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { listEntryLocator, listLocator } from '../common/locators';
import { simplifyParameter } from '../common/simplify';

export const description: INodeProperties[] = forOperation('listEntry', 'getFieldValues', [
	listLocator(),
	listEntryLocator(),
	...fieldSelection('getListFields', true, ['listId.value']).map((p) => ({
		...p,
		description:
			p.name === 'fieldIds'
				? 'Only these fields. Leave both this and Field Types empty for every field. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.'
				: 'Only fields of these types (in addition to the fields chosen above)',
	})),
	{
		...simplifyParameter,
		description:
			'Whether to return one item with the values by field name, unwrapped (dropdowns as text, people and companies as ID and name, dates with their calendar date), instead of one item per field in the raw API shape',
	},
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const listEntryId = idParameter.call(this, 'listEntryId', 'List Entry ID', 'int64', itemIndex);
	// This endpoint names its field selection `ids` and `types`.
	const qs: IDataObject = {};
	const ids = toStringList(this.getNodeParameter('fieldIds', itemIndex, []));
	const types = toStringList(this.getNodeParameter('fieldTypes', itemIndex, []));
	if (ids.length) qs.ids = ids;
	if (types.length) qs.types = types;
	const { items } = await affinityPaginate.call(this, {
		method: 'GET',
		path: `/v2/lists/${listId}/list-entries/${listEntryId}/fields`,
		qs,
		subject: `list entry with ID ${listEntryId} on list ${listId}`,
		parameterNames: { ids: 'Field Names or IDs', types: 'Field Types' },
		itemIndex,
	});
	if (!(this.getNodeParameter('simplify', itemIndex, true) as boolean)) return items;
	return [{ listId, listEntryId, ...simplifyFields(items as unknown as ApiField[]) }];
}
