import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityRequest, validateId } from '../../transport';
import { toStringList } from '../../helpers/stringList';
import { idParameter } from '../inputs/ids';
import { companyLocator } from '../../pickers/locators';

/**
 * Keyword search of notes or files (POST /v2/notes/search, /v2/files/search;
 * notes.KeywordSearchCriteria, files.KeywordSearchCriteria): a prompt, searched in the whole
 * account, in given notes or files, or in those of one company. One item per match, most
 * relevant first, each with one matching passage.
 */

const KINDS = {
	note: {
		path: '/v2/notes/search',
		idsName: 'noteIds',
		label: 'Note IDs',
		many: 'notes',
		idKind: 'int32',
	},
	file: {
		path: '/v2/files/search',
		idsName: 'fileIds',
		label: 'File IDs',
		many: 'files',
		idKind: 'int32',
	},
} as const;

const MAX_RESULTS = 100;

export function keywordSearchParameters(kind: keyof typeof KINDS): INodeProperties[] {
	const { idsName, label, many } = KINDS[kind];
	return [
		{
			displayName: 'Prompt',
			name: 'prompt',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. pricing discussion',
			description:
				'What to look for: 3 to 500 characters. Weak matches may still be returned, least relevant last.',
		},
		{
			displayName: 'Search In',
			name: 'scope',
			type: 'options',
			options: [
				{ name: 'All', value: 'all', description: `Every ${kind} in the account you may see` },
				{
					name: `Chosen ${kind === 'note' ? 'Notes' : 'Files'}`,
					value: 'ids',
					description: `Only the ${many} with the IDs given`,
				},
				{ name: 'One Company', value: 'company', description: `Only the ${many} of one company` },
			],
			default: 'all',
		},
		{
			displayName: label,
			name: idsName,
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 101, 102',
			description: 'Up to 100 IDs, separated by commas',
			displayOptions: { show: { scope: ['ids'] } },
		},
		{ ...companyLocator(), displayOptions: { show: { scope: ['company'] } } },
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_RESULTS },
			default: 50,
			description: 'Max number of results to return',
		},
	];
}

export async function keywordSearch(
	this: IExecuteFunctions,
	itemIndex: number,
	kind: keyof typeof KINDS,
): Promise<IDataObject[]> {
	const { path, idsName, label, idKind } = KINDS[kind];
	const prompt = String(this.getNodeParameter('prompt', itemIndex, '') ?? '');
	if (prompt.trim().length < 3 || prompt.length > 500) {
		throw new NodeOperationError(this.getNode(), 'The prompt must be 3 to 500 characters', {
			itemIndex,
		});
	}
	const limit = Number(this.getNodeParameter('limit', itemIndex, 50));
	if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RESULTS) {
		throw new NodeOperationError(this.getNode(), `Invalid Limit: got "${String(limit)}"`, {
			itemIndex,
			description: `Limit must be a whole number from 1 to ${MAX_RESULTS}.`,
		});
	}
	const body: IDataObject = { prompt, limit };
	const scope = this.getNodeParameter('scope', itemIndex, 'all') as string;
	if (scope === 'ids') {
		const ids = toStringList(this.getNodeParameter(idsName, itemIndex, '')).map((id) =>
			validateId(this.getNode(), id, label, idKind, itemIndex),
		);
		if (!ids.length || ids.length > 100) {
			throw new NodeOperationError(this.getNode(), `${label}: give 1 to 100 IDs`, { itemIndex });
		}
		body[idsName] = ids;
	} else if (scope === 'company') {
		body.companyId = idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	}
	const { body: answer } = await affinityRequest.call(this, {
		method: 'POST',
		path,
		body,
		idempotent: true,
		itemIndex,
	});
	return ((answer as { data?: IDataObject[] })?.data ?? []) as IDataObject[];
}
