import type {
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { dropdownOptionsOf } from '../api/dropdownOptions';
import { fieldsInScope, type FieldScope } from '../api/fields';
import { chosenListId } from '../actions/inputs/ids';
import { mapperDisplayName, mapperFieldType } from '../helpers/columnValues';
import { fieldChoiceValue, isWritableField } from '../helpers/valueTypes';

/**
 * The columns of the resource mapper (actions/fieldValues/columnMapping.ts): the writable fields of a
 * list (its own and its entity's global fields), a company or a person, each typed for the
 * editor; a dropdown offers its options by name. Enriched, relationship-intelligence and
 * computed fields are left out: Affinity fills them.
 */
async function columnsOf(
	this: ILoadOptionsFunctions,
	scope: FieldScope,
): Promise<ResourceMapperFields> {
	const fields = (await fieldsInScope.call(this, scope)).filter(isWritableField);
	const columns: ResourceMapperField[] = [];
	for (const field of fields) {
		const type = mapperFieldType(field.valueType);
		const column: ResourceMapperField = {
			id: fieldChoiceValue(field.id, field.valueType),
			displayName: mapperDisplayName(field.name, field.valueType),
			required: false,
			defaultMatch: false,
			canBeUsedToMatch: false,
			display: true,
			type,
		};
		if (type === 'options') {
			try {
				column.options = (await dropdownOptionsOf.call(this, scope, field)).map((o) => ({
					name: o.text,
					value: o.text,
				}));
			} catch {
				// The dropdown-options endpoint is BETA: without it the option is typed by name or id.
				column.type = 'string';
			}
		}
		columns.push(column);
	}
	columns.sort((a, b) => a.displayName.localeCompare(b.displayName));
	// n8n's editor shows the notice whenever it shows no columns, Map Automatically included:
	// given only when there is nothing to map.
	return columns.length
		? { fields: columns }
		: { fields: columns, emptyFieldsNotice: 'Affinity has no writable fields here' };
}

export const resourceMapping = {
	/** The chosen list's writable fields (List Entry → Create or Update, Update Field Values). */
	async getListEntryColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
		const listId = chosenListId.call(this);
		if (listId === undefined)
			return { fields: [], emptyFieldsNotice: 'Choose a list first (from the list or by ID)' };
		return columnsOf.call(this, { kind: 'listEntry', listId });
	},
	/** The writable global fields of companies. */
	async getCompanyColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
		return columnsOf.call(this, { kind: 'company' });
	},
	/** The writable global fields of persons. */
	async getPersonColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
		return columnsOf.call(this, { kind: 'person' });
	},
};
