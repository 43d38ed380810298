import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeBaseDescription,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resources } from './actions/resources';
import { router } from './actions/router';
import { requestOptionsParameter } from './transport/requestOptions';
import { ALL_VALUES_PARAMETER, AGENT_MAX_VALUES } from './helpers/agentOutput';
import { resourceSubtitle } from './helpers/subtitle';
import { listSearch, loadOptions, resourceMapping } from './methods';

/**
 * Shown only on the node's AI-tool variant: an agent gets the first values of long multi-value
 * fields and a count, unless this is on. Let the model define it, and it can ask for all.
 */
const allValues: INodeProperties = {
	displayName: 'All Values of Long Fields',
	name: ALL_VALUES_PARAMETER,
	type: 'boolean',
	default: false,
	displayOptions: { show: { '@tool': [true] } },
	description: `Whether the agent gets every value of long multi-value fields (such as 100 co-investors), instead of the first ${AGENT_MAX_VALUES} and a count. Let the model define it to let the agent ask for all.`,
};

const resource: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: Object.entries(resources)
		.map(([value, module]) => ({ name: module.displayName, value }))
		.sort((a, b) => a.name.localeCompare(b.name)),
	default: 'listEntry',
};

/** Version 1 of the Affinity v2 node (AffinityV2.node.ts lists the versions). */
export class AffinityV2V1 implements INodeType {
	description: INodeTypeDescription;

	constructor(base: INodeTypeBaseDescription) {
		this.description = {
			...base,
			version: 1,
			subtitle: resourceSubtitle(
				Object.entries(resources).map(([value, module]) => ({ value, name: module.displayName })),
			),
			defaults: { name: 'Affinity v2' },
			usableAsTool: true,
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'affinityV2Api', required: true }],
			properties: [
				resource,
				...Object.values(resources).flatMap((r) => r.description),
				allValues,
				requestOptionsParameter,
			],
		};
	}

	methods = { listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return router.call(this);
	}
}
