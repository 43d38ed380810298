import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { actionSubtitle } from '../AffinityV2/helpers/subtitle';
import { properties } from './description';
import { methods } from './methods';
import { pollTrigger } from './pollTrigger';

export class AffinityV2Trigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Affinity v2 Trigger',
		name: 'affinityV2Trigger',
		icon: { light: 'file:../../icons/affinity.svg', dark: 'file:../../icons/affinity.dark.svg' },
		group: ['trigger'],
		version: 1,
		// The title does not say the event or the list: "On any change · Deal Pipeline".
		subtitle: actionSubtitle(properties, ['event'], [{ parameter: 'listId', what: 'list' }]),
		// n8n's node panel shows the trigger and the action node as one app item, with this text.
		description:
			'Affinity CRM, API v2 (not the v1 Affinity node): read and update records, and start workflows when list entries are added, removed or changed',
		defaults: { name: 'Affinity v2 Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'affinityV2Api', required: true }],
		properties,
	};

	methods = methods;

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return pollTrigger.call(this);
	}
}
