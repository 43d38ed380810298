import type { INodeProperties } from 'n8n-workflow';

import { quotaGuardOptions } from '../AffinityV2/api/quotaGuard';
import { listLocator } from '../AffinityV2/pickers/locators';
import { WEBHOOK_EVENT_OPTIONS } from '../AffinityV2/api/webhooks';

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

/**
 * The List filter: a list picker. Saved workflows from before hold a plain number under the
 * same name (`filters.listId`), which is still read as the list's ID.
 */
const listFilter: INodeProperties = {
	...listLocator(
		'Only events of this list: its entries added and removed, and values of its list fields',
	),
	required: false,
};

export const properties: INodeProperties[] = [
	{
		displayName:
			'To test, click Execute step, and while n8n shows "Listening for test event", make the change in Affinity: it sends the event to the Test URL; once the workflow is published (active), to the Production URL. Affinity sends from the internet, so it cannot reach a URL on localhost, 127.0.0.1, a private address (10.x, 172.16-31.x, 192.168.x) or a .local name (the node says so before asking Affinity): set n8n\'s WEBHOOK_URL to a public https address of n8n, for example through a tunnel (ngrok, Cloudflare Tunnel).',
		name: 'notice',
		type: 'notice',
		default: '',
	},
	{
		displayName:
			'Affinity webhooks are in beta, and an organization may have only a few (3 by default). Events cost no API calls, except 1 an event with Include Current Entry, and 2 at most every 10 minutes with a List filter on field value events.',
		name: 'costNotice',
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
		options: WEBHOOK_EVENT_OPTIONS,
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
			listFilter,
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
					'Whether to add the list entry as it is now, with the values of its list\'s fields (read from Affinity, one request per event), as "entry"',
			},
			...webhookQuotaGuardOptions,
		],
	},
];
