import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { forgetFields } from '../../api/fields';
import { listSummary } from '../../api/lists';
import {
	fieldFromV1,
	V1_FIELD_ENTITY_TYPES,
	V1_VALUE_TYPES,
	type V1Field,
	type V1ValueTypeName,
} from '../../helpers/v1/fields';
import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listLocator } from '../../pickers/locators';
import { v1SimplifyParameter } from '../inputs/simplifyParameters';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}' },
	{ api: 'v1', method: 'POST', path: '/fields' },
];

type EntityType = keyof typeof V1_FIELD_ENTITY_TYPES;
const ENTITY_LABELS: Record<EntityType, string> = {
	company: 'Company',
	opportunity: 'Opportunity',
	person: 'Person',
};

export const description: INodeProperties[] = forOperation('field', 'create', [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Deal Size',
	},
	{
		displayName: 'Entity Type',
		name: 'entityType',
		type: 'options',
		options: [
			{ name: 'Company', value: 'company' },
			{ name: 'Opportunity', value: 'opportunity', description: 'Only on an opportunity list' },
			{ name: 'Person', value: 'person' },
		],
		default: 'company',
		description: 'What the field describes; a field on a list describes what the list holds',
	},
	{
		displayName: 'Where',
		name: 'scope',
		type: 'options',
		options: [
			{
				name: 'Global',
				value: 'global',
				description: 'Shown on every list of its entity type and on each record',
			},
			{ name: 'On One List', value: 'list', description: 'A column of one list only' },
		],
		default: 'list',
	},
	{
		...listLocator('The list the field belongs to'),
		displayOptions: { show: { scope: ['list'] } },
	},
	{
		displayName: 'Value Type',
		name: 'valueType',
		type: 'options',
		options: (Object.keys(V1_VALUE_TYPES) as V1ValueTypeName[]).map((value) => ({
			name: V1_VALUE_TYPES[value].label,
			value,
		})),
		default: 'text',
		description: 'What the field holds',
	},
	{
		displayName: 'Allows Multiple Values',
		name: 'allowsMultiple',
		type: 'boolean',
		default: false,
		description:
			'Whether one record may hold several values (people, companies, dropdown options, numbers or locations)',
	},
	v1SimplifyParameter,
]);

/**
 * POST /fields (API v1: v2 cannot create fields) with name, entity_type, value_type, list_id,
 * is_list_specific and allows_multiple. A list field's list is read first (GET
 * /v2/lists/{listId}) so that an entity type that does not match the list is refused before
 * anything is written. The run's cached field lists are dropped after. Sent once.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const node = this.getNode();
	const fail = (message: string, description: string): never => {
		throw new NodeOperationError(node, message, { itemIndex, description });
	};
	const name = String(this.getNodeParameter('name', itemIndex, '') ?? '').trim();
	if (!name) fail('Name: required', 'Give the field a name.');
	const entityType = this.getNodeParameter('entityType', itemIndex, 'company') as EntityType;
	if (!(entityType in V1_FIELD_ENTITY_TYPES))
		fail(
			`Entity Type: "${String(entityType)}" is not one`,
			'Choose Company, Opportunity or Person.',
		);
	const valueType = this.getNodeParameter('valueType', itemIndex, 'text') as V1ValueTypeName;
	const type = V1_VALUE_TYPES[valueType];
	if (!type)
		fail(`Value Type: "${String(valueType)}" is not one`, 'Choose a value type from the list.');
	const allowsMultiple = this.getNodeParameter('allowsMultiple', itemIndex, false) === true;
	// v2's value types (FieldMetadata.valueType) have no multi-value dates, texts or ranked dropdowns.
	if (allowsMultiple && !type.multiple)
		fail(
			`Allows Multiple Values: a ${type.label} field holds one value per record`,
			'Turn Allows Multiple Values off, or choose a value type that takes several (Person, Company, Dropdown, Number, Location).',
		);
	const scope = this.getNodeParameter('scope', itemIndex, 'list') as string;
	const body: IDataObject = {
		name,
		entity_type: V1_FIELD_ENTITY_TYPES[entityType],
		value_type: type.code,
		allows_multiple: allowsMultiple,
		is_list_specific: scope === 'list',
	};
	if (scope === 'list') {
		const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
		const list = await listSummary.call(this, listId, itemIndex);
		if (list.type !== entityType)
			fail(
				`Entity Type: "${list.name}" (ID ${listId}) is a ${list.type} list, so its fields describe ${list.type === 'person' ? 'people' : `${list.type === 'company' ? 'companie' : 'opportunitie'}s`}`,
				`Set Entity Type to ${ENTITY_LABELS[list.type as EntityType] ?? list.type}, or pick another list.`,
			);
		body.list_id = listId;
	} else if (entityType === 'opportunity')
		fail(
			'Where: opportunities have no global fields',
			'An opportunity field belongs to one opportunity list: choose On One List and pick the list.',
		);
	const { body: created } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'POST',
		path: '/fields',
		body,
		subject: body.list_id ? `list with ID ${body.list_id}` : undefined,
		itemIndex,
		parameterNames: {
			name: 'Name',
			entity_type: 'Entity Type',
			value_type: 'Value Type',
			list_id: 'List',
			allows_multiple: 'Allows Multiple Values',
		},
		checkWith: `Check with Field → Get Many (${body.list_id ? `list ${body.list_id}` : `${entityType} fields`}) whether a field named "${name}" was created`,
		expect: 'record',
	});
	forgetFields.call(this);
	if (!this.getNodeParameter('simplify', itemIndex, true)) return created as IDataObject;
	return fieldFromV1(created as V1Field);
}
