import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { personLocator } from '../common/locators';
import { fieldValueProperties } from '../common/values';
import { resolveFieldWrite } from '../common/fieldWrites';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('person', 'updateFieldValue', [
	personLocator(),
	...fieldValueProperties({
		fieldLoadMethod: 'getWritablePersonFields',
		dependsOn: [],
		inCollection: false,
	}),
]);

/** POST /v2/persons/{personId}/fields/{fieldId}: 204, so the output is what was written. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const personId = idParameter.call(this, 'personId', 'Person ID', 'int64', itemIndex);
	const read = (name: string, fallback: unknown) =>
		this.getNodeParameter(name, itemIndex, fallback);
	const write = await resolveFieldWrite.call(this, { kind: 'person' }, read, itemIndex);
	await affinityRequest.call(this, {
		method: 'POST',
		path: `/v2/persons/${personId}/fields/${encodeURIComponent(write.fieldId)}`,
		body: { value: write.value } as IDataObject,
		subject: `person with ID ${personId} or field ${write.fieldId}`,
		itemIndex,
		checkWith: `Check the current value with Person → Get (person ${personId}, field ${write.fieldId})`,
	});
	return {
		success: true,
		personId,
		fieldId: write.fieldId,
		fieldName: write.fieldName,
		value: write.value as unknown as IDataObject,
		...(write.dropdownText !== undefined ? { dropdownText: write.dropdownText } : {}),
	};
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/persons/{personId}/fields/{fieldId}' },
];
