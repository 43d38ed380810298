import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../common/forOperation';
import { sendFieldWrite, skipUnchangedParameter } from '../common/unchangedWrites';
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
	skipUnchangedParameter(false),
]);

/** POST /v2/persons/{personId}/fields/{fieldId}: 204, so the output is what was written. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const personId = idParameter.call(this, 'personId', 'Person ID', 'int64', itemIndex);
	const read = (name: string, fallback: unknown) =>
		this.getNodeParameter(name, itemIndex, fallback);
	const write = await resolveFieldWrite.call(this, { kind: 'person' }, read, itemIndex);
	const outcome = await sendFieldWrite.call(
		this,
		{
			path: `/v2/persons/${personId}/fields`,
			subject: `person with ID ${personId}`,
			writeSubject: `person with ID ${personId} or field ${write.fieldId}`,
			checkWith: `Check the current value with Person → Get (person ${personId}, field ${write.fieldId})`,
		},
		write,
		itemIndex,
	);
	return {
		success: true,
		personId,
		fieldId: write.fieldId,
		fieldName: write.fieldName,
		value: write.value as unknown as IDataObject,
		...(write.dropdownText !== undefined ? { dropdownText: write.dropdownText } : {}),
		...outcome,
	};
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/persons/{personId}/fields/{fieldId}' },
	{ api: 'v2', method: 'GET', path: '/v2/persons/{personId}/fields/{fieldId}', beta: true },
];
