import type { INodeProperties } from 'n8n-workflow';

import { quotaGuardOptions } from '../AffinityV2/api/quotaGuard';
import { WEBHOOK_EVENT_TYPES } from '../AffinityV2/api/webhooks';

/**
 * The triggers' quota options (same names, read by readQuotaGuard). A delivery is never failed
 * for the quota: Affinity stops retrying long before the month resets, so the event would be lost.
 */
const webhookQuotaGuardOptions: INodeProperties[] = quotaGuardOptions.map((option) =>
	option.name === 'stopBeforeQuota'
		? {
				...option,
				description:
					'Whether to skip the reads an event may cost (Include Current Entry, the list\'s field names for the List ID filter) when the account\'s monthly API calls (plans with a monthly cap) are down to the reserve. The event is still emitted; "quotaNote" says what was skipped.',
			}
		: option,
);

/** Affinity's subscription type as a menu label: "list_entry.created" → "List Entry Created". */
function label(type: string): string {
	return type
		.split(/[._]/)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');
}

export const properties: INodeProperties[] = [
	{
		displayName:
			"Affinity sends events to this workflow's production URL once the workflow is active; n8n must be reachable from the internet at that URL. Affinity webhooks are in beta and an organization may have only a few (3 by default). Cost: no API call per event, except 1 per event with Include Current Entry, and, with a List filter on field value events, a read of the list's fields at most every 10 minutes.",
		name: 'notice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: [],
		description:
			'The Affinity events that start the workflow (Affinity webhook subscription types); choose at least one',
		options: WEBHOOK_EVENT_TYPES.map((type) => ({ name: label(type), value: type })),
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Entity Type',
				name: 'entityType',
				type: 'options',
				default: 'company',
				description: 'Only list entry events for entries of this kind',
				options: [
					{ name: 'Company', value: 'company' },
					{ name: 'Opportunity', value: 'opportunity' },
					{ name: 'Person', value: 'person' },
				],
			},
			{
				displayName: 'Field IDs',
				name: 'fieldIds',
				type: 'string',
				default: '',
				placeholder: 'field-123, field-456',
				description: 'Only field value events of these fields (comma-separated)',
			},
			{
				displayName: 'List ID',
				name: 'listId',
				type: 'number',
				default: 0,
				description:
					'Only events of this list: its entries added and removed, and values of its list fields',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include Current Entry',
				name: 'includeEntry',
				type: 'boolean',
				default: false,
				description:
					'Whether to add the list entry as it is now (read from Affinity, one request per event) as "entry"',
			},
			...webhookQuotaGuardOptions,
		],
	},
];
