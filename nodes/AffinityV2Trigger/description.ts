import type { INodeProperties } from 'n8n-workflow';

import { listLocator, savedViewLocator } from '../AffinityV2/pickers/locators';
import { requestOptionsParameter } from '../AffinityV2/transport/requestOptions';
import { quotaGuardOptions } from '../AffinityV2/api/quotaGuard';
import { ignoredChangersOptions } from './changeLog/ignoredChangers';

export const TRIGGER_EVENTS = [
	'listEntryAdded',
	'listEntryRemoved',
	'fieldValueChanged',
	'anyChange',
] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

export const DETECTIONS = ['snapshot', 'changeLog'] as const;
export type Detection = (typeof DETECTIONS)[number];

const savedView: INodeProperties = {
	...savedViewLocator(
		'savedViewId',
		'A sheet view of the list. Its filters decide which entries are watched; only its columns come back.',
	),
	displayOptions: { show: { watch: ['savedView'] } },
};

export const properties: INodeProperties[] = [
	{
		displayName:
			'Snapshot: each poll reads the whole list, about 1 API call per 100 entries (10 calls a poll for 1,000 entries), and compares it with the previous poll. The first poll only records what is there. Fetch Test Event shows the changes since the last poll; without them, the list\'s latest real changes from Affinity\'s change log, or its latest additions; only where there is nothing real to show (removals, fields without logged changes) is a sample: the latest entries as they are now. Each item says which in "testEvent": sinceLastPoll, latestChange, latestAddition or sample.',
		name: 'pollingNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { detection: ['snapshot'] } },
	},
	{
		displayName:
			'Change log: about 2 API calls a poll, whatever the list\'s size, plus 1 per 100 changes. Once a day (Reconciliation Interval in Options), and when an entry was removed, the poll reads the whole list: about 1 call per 100 entries. The first poll reads the whole list and only records it. Fetch Test Event shows the list\'s latest real changes from the change log (or its latest additions); only where there is nothing real to show (removals, fields without logged changes) is a sample: the latest entries as they are now. Each item says which in "testEvent": latestChange, latestAddition or sample.',
		name: 'changeLogNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { detection: ['changeLog'] } },
	},
	listLocator('The list whose entries to watch'),
	{
		displayName: 'Watch',
		name: 'watch',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'All Entries of the List', value: 'list' },
			{
				name: 'Entries in a Saved View',
				value: 'savedView',
				description:
					"Only entries matching the view's filters: an entry entering the view counts as added, one leaving it as removed",
			},
		],
		default: 'list',
	},
	savedView,
	{
		displayName: 'Detection',
		name: 'detection',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Snapshot (Compare Whole Lists)',
				value: 'snapshot',
				description: 'Exact for every field; costs 1 API call per 100 entries a poll',
			},
			{
				name: 'Change Log',
				value: 'changeLog',
				description:
					"Affinity's change log: costs grow with changes, not with the list. Fields without change tracking are caught by a periodic reconciliation.",
			},
		],
		default: 'snapshot',
		displayOptions: { show: { watch: ['list'] } },
	},
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Any Change',
				value: 'anyChange',
				action: 'On any change',
				description: 'An entry was added or removed, or a watched field changed',
			},
			{
				name: 'Entry Added',
				value: 'listEntryAdded',
				action: 'On entry added',
				description: 'An entry was added to the list (on a saved view: an entry entered the view)',
			},
			{
				name: 'Entry Removed',
				value: 'listEntryRemoved',
				action: 'On entry removed',
				description:
					'An entry was removed from the list (on a saved view: an entry left the view, or the list)',
			},
			{
				name: 'Field Value Changed',
				value: 'fieldValueChanged',
				action: 'On field value changed',
				description: 'A watched field of an entry changed value',
			},
		],
		default: 'anyChange',
	},
	{
		displayName: 'Watched Field Names or IDs',
		name: 'watchedFieldIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getListFields', loadOptionsDependsOn: ['listId.value'] },
		default: [],
		description:
			'Fields whose changes count, and which events show. Empty: all of the list\'s own fields (on a saved view: all its columns). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Complete Multi-Value Fields',
				name: 'completeMultiValues',
				type: 'boolean',
				default: false,
				description:
					'Whether a whole read of the list also reads every value of a multi-value field cut at 100 (its totalCount is larger), so that a change past the 100th value is seen: one more paged read per such field and entry, each poll. Needs API version 2026-09-17; number fields (number-multi) have no such read and stay cut.',
			},
			{
				displayName: 'Emit Current Entries on First Poll',
				name: 'emitCurrentEntries',
				type: 'boolean',
				default: false,
				description:
					'Whether the first poll (and the first after the list or saved view was changed) outputs every current entry as an Entry Added event, instead of only recording them',
			},
			...ignoredChangersOptions,
			{
				displayName: 'Include Whole Entry',
				name: 'includeEntry',
				type: 'boolean',
				default: false,
				description: 'Whether to add the whole current entry, simplified, to each event as "entry"',
			},
			{
				displayName: 'Keep Previous Values',
				name: 'keepPreviousValues',
				type: 'boolean',
				default: false,
				description:
					"Whether each change also shows the value before it. Snapshot detection remembers the watched fields' values between polls (long free-text fields make the trigger's saved data larger). Change-log detection reads the change before it from Affinity's change log, from the first change on: one more API call per changed value, unless that change came in the same poll.",
			},
			{
				displayName: 'Reconciliation Interval (Hours)',
				name: 'reconcileHours',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 24,
				displayOptions: { show: { '/detection': ['changeLog'] } },
				description:
					'How often a whole read of the list reports what the change log cannot see (fields without change tracking). 0: never.',
			},
			...quotaGuardOptions,
		],
	},
	// The same Request Options as the action node: the transport reads them in polls too.
	requestOptionsParameter,
];
