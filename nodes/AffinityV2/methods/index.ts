import type { ILoadOptionsFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { listSearch as pickers } from './listSearch';
import { loadOptions as optionLists } from './loadOptions';

/**
 * An error of a picker or option list as the editor can show it: the editor shows only the
 * message of a failed option list, and passes an API error on as a plain object that it shows as
 * "[object Object]". So the message carries the description, on an error that is not an API error.
 */
function readableError(node: INode, error: unknown): unknown {
	if (!(error instanceof NodeApiError || error instanceof NodeOperationError)) return error;
	const description = typeof error.description === 'string' && error.description ? ` ${error.description}` : '';
	const message = /[.!?]$/.test(error.message) || !description ? error.message : `${error.message}.`;
	return new NodeOperationError(node, `${message}${description}`);
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
