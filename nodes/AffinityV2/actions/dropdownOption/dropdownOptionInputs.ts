import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { validateId } from '../../transport';
import { idParameter } from '../inputs/ids';
import { listLocator } from '../../pickers/locators';

/**
 * What the dropdown-option operations share: the list field and option pickers, the option's
 * properties (schemas dropdownOptions.*ToBeCreated / *ToBeUpdated) and their local checks.
 */

export const COLORS = ['white', 'gray', 'blue', 'green', 'purple', 'orange', 'red'];
export const STATUS_CATEGORIES = ['open', 'won', 'lost', 'on-hold'];

export function listFieldParameters(withOption: boolean): INodeProperties[] {
	return [
		listLocator(),
		{
			displayName: 'Field Name or ID',
			name: 'fieldId',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: 'getDropdownFields',
				loadOptionsDependsOn: ['listId.value'],
			},
			required: true,
			default: '',
			description:
				'A dropdown, ranked dropdown or status field of the list. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		...(withOption
			? [
					{
						displayName: 'Option Name or ID',
						name: 'dropdownOptionId',
						type: 'options',
						typeOptions: {
							loadOptionsMethod: 'getFieldDropdownOptions',
							loadOptionsDependsOn: ['fieldId', 'listId.value'],
						},
						required: true,
						default: '',
						description:
							'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					} as INodeProperties,
				]
			: []),
	];
}

/** The chosen field's id (a picker value is "id|…"), checked before any request. */
export function chosenFieldId(this: IExecuteFunctions, itemIndex: number): string {
	const fieldId = String(this.getNodeParameter('fieldId', itemIndex, '') ?? '')
		.split('|')[0]
		.trim();
	if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(fieldId)) {
		throw new NodeOperationError(
			this.getNode(),
			`Field: ${fieldId ? `"${fieldId}" is not a field ID` : 'required'}`,
			{ itemIndex },
		);
	}
	return fieldId;
}

/** The list, field and (for one option) option ids of the path, checked before any request. */
export function optionPath(
	this: IExecuteFunctions,
	itemIndex: number,
	withOption: boolean,
): { listId: number; fieldId: string; dropdownOptionId?: number; path: string } {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const fieldId = chosenFieldId.call(this, itemIndex);
	const base = `/v2/lists/${listId}/fields/${encodeURIComponent(fieldId)}/dropdown-options`;
	if (!withOption) return { listId, fieldId, path: base };
	const dropdownOptionId = validateId(
		this.getNode(),
		this.getNodeParameter('dropdownOptionId', itemIndex, ''),
		'Option',
		'int64',
		itemIndex,
	);
	return { listId, fieldId, dropdownOptionId, path: `${base}/${dropdownOptionId}` };
}

const show = (types: string[]) => ({ show: { optionType: types } });

const colorOptions = COLORS.map((c) => ({ name: c[0].toUpperCase() + c.slice(1), value: c }));
const categoryOptions = [
	{ name: 'Lost', value: 'lost' },
	{ name: 'On Hold', value: 'on-hold' },
	{ name: 'Open', value: 'open' },
	{ name: 'Won', value: 'won' },
];
const ranked = show(['ranked-dropdown', 'status-dropdown']);
const status = show(['status-dropdown']);

/** The option's properties; on update each is optional and only given ones change. */
export function optionProperties(update: boolean): INodeProperties[] {
	const kind: INodeProperties = {
		displayName: 'Field Kind',
		name: 'optionType',
		type: 'options',
		options: [
			{
				name: 'Dropdown',
				value: 'dropdown',
				description: 'Dropdown and multi-select dropdown fields: text only',
			},
			{
				name: 'Ranked Dropdown',
				value: 'ranked-dropdown',
				description: 'Ordered options with a colour',
			},
			{
				name: 'Status',
				value: 'status-dropdown',
				description: 'Ranked options with a status category and, for open ones, a win rate',
			},
		],
		default: 'dropdown',
		description: 'The kind of the chosen field, which sets what an option has',
	};
	const winRate: INodeProperties = {
		displayName: 'Win Rate (%)',
		name: 'winRate',
		type: 'number',
		default: -1,
		displayOptions: status,
		description:
			'For open statuses only: the chance, 0 to 100, that an entry in this status is won; -1 leaves it unset',
	};
	if (update) {
		return [
			kind,
			{
				displayName: 'New Text',
				name: 'text',
				type: 'string',
				default: '',
				description: 'Leave empty to keep it',
			},
			{
				displayName: 'Rank',
				name: 'rank',
				type: 'number',
				typeOptions: { minValue: -1 },
				default: -1,
				displayOptions: ranked,
				description: 'The new position (0 is first); -1 keeps it',
			},
			{
				displayName: 'Colour',
				name: 'color',
				type: 'options',
				options: [{ name: 'Keep', value: '' }, ...colorOptions],
				default: '',
				displayOptions: ranked,
			},
			{
				displayName: 'Status Category',
				name: 'statusCategory',
				type: 'options',
				options: [{ name: 'Keep', value: '' }, ...categoryOptions],
				default: '',
				displayOptions: status,
			},
			winRate,
		];
	}
	return [
		kind,
		{
			displayName: 'Text',
			name: 'text',
			type: 'string',
			required: true,
			default: '',
			description: 'At most 255 characters',
		},
		{
			displayName: 'Rank',
			name: 'rank',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			displayOptions: ranked,
			description: 'The position (0 is first); later options move down',
		},
		{
			displayName: 'Colour',
			name: 'color',
			type: 'options',
			options: colorOptions,
			default: 'gray',
			displayOptions: ranked,
		},
		{
			displayName: 'Status Category',
			name: 'statusCategory',
			type: 'options',
			options: categoryOptions,
			default: 'open',
			displayOptions: status,
		},
		winRate,
	];
}

/**
 * The request body of a create or update, checked: text length, rank, and a win rate of 0..100
 * on an open status only. `currentCategory` is the option's category when the update does not set one.
 */
export function optionBody(
	this: IExecuteFunctions,
	itemIndex: number,
	update: boolean,
	currentCategory?: string,
): IDataObject {
	const node = this.getNode();
	const kind = this.getNodeParameter('optionType', itemIndex, 'dropdown') as string;
	const body: IDataObject = update ? {} : { type: kind };
	const text = String(this.getNodeParameter('text', itemIndex, '') ?? '').trim();
	if (text.length > 255)
		throw new NodeOperationError(node, `Text: at most 255 characters; got ${text.length}`, {
			itemIndex,
		});
	if (text) body.text = text;
	else if (!update) throw new NodeOperationError(node, 'Text: required', { itemIndex });
	if (kind === 'dropdown') return body;
	const rank = Number(this.getNodeParameter('rank', itemIndex, update ? -1 : 0));
	if (!Number.isInteger(rank) || rank < (update ? -1 : 0))
		throw new NodeOperationError(node, `Rank: a whole number of 0 or more; got ${String(rank)}`, {
			itemIndex,
		});
	if (rank >= 0) body.rank = rank;
	const color = this.getNodeParameter('color', itemIndex, update ? '' : 'gray') as string;
	if (color) body.color = color;
	if (kind !== 'status-dropdown') return body;
	const category = this.getNodeParameter(
		'statusCategory',
		itemIndex,
		update ? '' : 'open',
	) as string;
	if (category) body.statusCategory = category;
	const winRate = Number(this.getNodeParameter('winRate', itemIndex, -1));
	if (winRate !== -1) {
		if (!Number.isInteger(winRate) || winRate < 0 || winRate > 100) {
			throw new NodeOperationError(
				node,
				`Win Rate (%): a whole number from 0 to 100; got ${String(winRate)}`,
				{ itemIndex },
			);
		}
		const resulting = category || currentCategory || 'open';
		if (resulting !== 'open') {
			throw new NodeOperationError(
				node,
				`Win Rate (%): only open statuses have a win rate; this one is ${resulting}`,
				{
					itemIndex,
					description: 'Leave the win rate at -1, or set Status Category to Open.',
				},
			);
		}
		body.winRate = winRate;
	}
	return body;
}
