import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { resolveFieldWrite } from '../common/fieldWrites';
import { forOperation } from '../common/forOperation';
import { sendFieldWrite, skipUnchangedParameter } from '../common/unchangedWrites';
import { idParameter } from '../common/ids';
import { companyLocator } from '../common/locators';
import { fieldValueProperties } from '../common/values';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('company', 'updateFieldValue', [
	companyLocator(),
	...fieldValueProperties({
		fieldLoadMethod: 'getWritableCompanyFields',
		dependsOn: [],
		inCollection: false,
	}),
	skipUnchangedParameter(false),
]);

/** POST /v2/companies/{companyId}/fields/{fieldId}: 204, so the output is what was written. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const companyId = idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	const read = (name: string, fallback: unknown) =>
		this.getNodeParameter(name, itemIndex, fallback);
	const write = await resolveFieldWrite.call(this, { kind: 'company' }, read, itemIndex);
	const outcome = await sendFieldWrite.call(
		this,
		{
			path: `/v2/companies/${companyId}/fields`,
			subject: `company with ID ${companyId}`,
			writeSubject: `company with ID ${companyId} or field ${write.fieldId}`,
			checkWith: `Check the current value with Company → Get Field Value (company ${companyId}, field ${write.fieldId})`,
		},
		write,
		itemIndex,
	);
	return {
		success: true,
		companyId,
		fieldId: write.fieldId,
		fieldName: write.fieldName,
		value: write.value as unknown as IDataObject,
		...(write.dropdownText !== undefined ? { dropdownText: write.dropdownText } : {}),
		...outcome,
	};
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/companies/{companyId}/fields/{fieldId}', beta: true },
	{ api: 'v2', method: 'GET', path: '/v2/companies/{companyId}/fields/{fieldId}', beta: true },
];
