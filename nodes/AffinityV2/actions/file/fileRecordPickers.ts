import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FileEntityType } from '../../helpers/v1/files';
import { idParameter } from '../inputs/ids';
import { companyLocator, opportunityLocator, personLocator } from '../../pickers/locators';

/**
 * The record whose files are meant (File → Upload, File → Get Many for a Record): its kind
 * (`entityType`) and, per kind, a picker of the record.
 */

const LOCATORS: Record<FileEntityType, { name: string; label: string }> = {
	company: { name: 'companyId', label: 'Company' },
	person: { name: 'personId', label: 'Person' },
	opportunity: { name: 'opportunityId', label: 'Opportunity' },
};

const on = (entityType: FileEntityType) => ({
	displayOptions: { show: { entityType: [entityType] } },
});

/** The kind picker (`entityType`) with the given label and description, then the record pickers. */
export function fileRecordParameters(displayName: string, description: string): INodeProperties[] {
	return [
		{
			displayName,
			name: 'entityType',
			type: 'options',
			options: [
				{ name: 'Company', value: 'company' },
				{ name: 'Opportunity', value: 'opportunity' },
				{ name: 'Person', value: 'person' },
			],
			default: 'company',
			description,
		},
		{ ...companyLocator(), ...on('company') },
		{ ...personLocator(), ...on('person') },
		{ ...opportunityLocator(), ...on('opportunity') },
	];
}

/** The record chosen: its kind, its id (checked) and its picker's label; refused before any request. */
export function fileRecordParameter(
	this: IExecuteFunctions,
	kindLabel: string,
	itemIndex: number,
): { entityType: FileEntityType; entityId: number; label: string } {
	const entityType = this.getNodeParameter('entityType', itemIndex) as FileEntityType;
	const locator = LOCATORS[entityType];
	if (!locator) {
		throw new NodeOperationError(
			this.getNode(),
			`${kindLabel}: "${String(entityType)}" is not a record kind`,
			{ itemIndex, description: 'Choose Company, Person or Opportunity.' },
		);
	}
	const entityId = idParameter.call(this, locator.name, locator.label, 'int64', itemIndex);
	return { entityType, entityId, label: locator.label };
}
