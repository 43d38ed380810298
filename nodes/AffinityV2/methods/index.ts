import type { ILoadOptionsFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { listSearch as pickers } from './listSearch';
import { loadOptions as optionLists } from './loadOptions';
import { resourceMapping as columnSources } from './resourceMapping';

/**
 * An error of a picker or option list as the editor can show it: the editor passes an API error
 * (NodeApiError) on as a plain object that it shows as "[object Object]", and shows the message
 * of any other error. So an API error goes on as a NodeOperationError with the same texts.
 */
function readableError(node: INode, error: unknown): unknown {
	if (!(error instanceof NodeApiError)) return error;
	return new NodeOperationError(node, error.message, {
		description: typeof error.description === 'string' ? error.description : undefined,
	});
}

type EditorMethod = (this: ILoadOptionsFunctions, ...args: never[]) => Promise<unknown>;

function withReadableErrors<T extends Record<string, EditorMethod>>(methods: T): T {
	const wrapped: Record<string, EditorMethod> = {};
	for (const [name, method] of Object.entries(methods)) {
		wrapped[name] = async function (this: ILoadOptionsFunctions, ...args: never[]) {
			try {
				return await method.apply(this, args);
			} catch (error) {
				throw readableError(this.getNode(), error);
			}
		};
	}
	return wrapped as T;
}

export const listSearch = withReadableErrors(pickers);
export const loadOptions = withReadableErrors(optionLists);
export const resourceMapping = withReadableErrors(columnSources);
