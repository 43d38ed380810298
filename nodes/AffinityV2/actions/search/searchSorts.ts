import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { SearchSort } from '../../helpers/searchCriteria';
import { parseSearchTargetKey } from '../../helpers/searchTargets';

/** The sorts of a search (SearchSort, at most 5): fields picked from those their sortability allows. */
export function searchSortParameter(spec: {
	fieldsMethod: string;
	what: string;
	dependsOn?: string[];
}): INodeProperties {
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Sort',
		default: {},
		description: 'Order of the results; the first sort decides first',
		options: [
			{
				displayName: 'Sort By',
				name: 'sorts',
				values: [
					{
						displayName: 'Field Name or ID',
						name: 'fieldId',
						type: 'options',
						typeOptions: {
							loadOptionsMethod: spec.fieldsMethod,
							loadOptionsDependsOn: spec.dependsOn ?? [],
						},
						default: '',
						description: `A ${spec.what} field Affinity can sort on. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
					},
					{
						displayName: 'Direction',
						name: 'direction',
						type: 'options',
						options: [
							{ name: 'Ascending', value: 'asc' },
							{ name: 'Descending', value: 'desc' },
						],
						default: 'asc',
					},
				],
			},
		],
	};
}

export function readSorts(this: IExecuteFunctions, itemIndex: number): SearchSort[] {
	const sorts =
		(this.getNodeParameter('sort.sorts', itemIndex, []) as Array<{
			fieldId?: string;
			direction?: string;
		}>) ?? [];
	return sorts.map((sort, index) => {
		const key = String(sort.fieldId ?? '').trim();
		if (!key) {
			throw new NodeOperationError(this.getNode(), `Sort ${index + 1}: no field chosen`, {
				itemIndex,
				description: 'Choose the field to sort by, or remove the sort.',
			});
		}
		if (sort.direction !== 'asc' && sort.direction !== 'desc') {
			throw new NodeOperationError(
				this.getNode(),
				`Sort ${index + 1}: direction must be asc or desc, got "${String(sort.direction)}"`,
				{
					itemIndex,
				},
			);
		}
		const { fieldId, attributeId } = parseSearchTargetKey(key);
		return { fieldId, direction: sort.direction, ...(attributeId ? { attributeId } : {}) };
	});
}
