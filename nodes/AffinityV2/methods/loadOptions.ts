import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityPaginate, validateId } from '../transport';
import type { FieldMetadata } from '../helpers/types';
import { readLoadOptions } from './readOptions';
import { writeLoadOptions } from '../actions/writeValue';

async function fieldOptions(ctx: ILoadOptionsFunctions, path: string): Promise<INodePropertyOptions[]> {
	const { items } = await affinityPaginate.call(ctx, { method: 'GET', path });
	return (items as unknown as FieldMetadata[])
		.map((f) => ({
			name: f.name,
			value: f.id,
			description: `${f.valueType} · ${f.type}${f.enrichmentSource ? ` · ${f.enrichmentSource}` : ''} · ${f.id}`,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

function chosenListId(ctx: ILoadOptionsFunctions): number {
	const raw = ctx.getCurrentNodeParameter('listId', { extractValue: true });
	if (raw === undefined || raw === '') {
		throw new NodeOperationError(ctx.getNode(), 'Choose a List first', {
			description: "The fields are loaded from the chosen list's columns.",
		});
	}
	return validateId(ctx.getNode(), raw, 'List ID', 'int64');
}

export const loadOptions = {
	async getCompanyFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return fieldOptions(this, '/v2/companies/fields');
	},
	async getPersonFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return fieldOptions(this, '/v2/persons/fields');
	},
	async getListFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return fieldOptions(this, `/v2/lists/${chosenListId(this)}/fields`);
	},

	...readLoadOptions,
	...writeLoadOptions,
};
