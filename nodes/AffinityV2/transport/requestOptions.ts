import type { INodeProperties } from 'n8n-workflow';

/**
 * Request options of every operation (one collection at the bottom of the node). The transport
 * reads them, so no operation has to pass them along. The trigger shows the same collection.
 */
export const requestOptionsParameter: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 60,
			description:
				'How long to wait for each answer from Affinity. A read that times out is retried (3 times); a write is not sent again, since it may have been applied.',
		},
	],
};
