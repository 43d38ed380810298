import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { asNodeError } from '../../helpers/nodeErrors';
import { affinityRequest, notShownYetError, type AffinityRequest } from '../../transport';

/**
 * The record read back after a write Affinity answered 2xx (a v2 update that answers 204 with
 * no body). The read waits, boundedly, for API v2 to show the record (transport/recordLag.ts);
 * when it still does not, the item is what was written (`written`: from the write's answer and
 * the parameters) with `readBackLagged: true`, never an error: the write was applied. Any other
 * failure of the read keeps its error, which then says the write was applied
 * (`writeMayHaveApplied: true`).
 */
export async function readBack(
	this: IExecuteFunctions,
	read: AffinityRequest,
	written: IDataObject,
): Promise<IDataObject> {
	try {
		return (await affinityRequest.call(this, read)).body as IDataObject;
	} catch (error) {
		if (notShownYetError(error)) return { ...written, readBackLagged: true };
		if (error instanceof NodeApiError) {
			error.context.writeMayHaveApplied = true;
			error.description =
				`The write was applied: Affinity accepted it; reading the record back failed. ${error.description ?? ''}`.trim();
		}
		throw asNodeError(this.getNode(), error, read.itemIndex);
	}
}
