import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resources } from './actions/resources';
import { router } from './actions/router';
import { requestOptionsParameter } from './actions/common/requestOptions';
import { resourceSubtitle } from './helpers/subtitle';
import { listSearch, loadOptions } from './methods';

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

export class AffinityV2V1 implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Affinity v2',
		name: 'affinityV2',
		icon: { light: 'file:../../icons/affinity.svg', dark: 'file:../../icons/affinity.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: resourceSubtitle(
			Object.entries(resources).map(([value, module]) => ({ value, name: module.displayName })),
		),
		description:
			'Affinity CRM, API v2 (not the v1 Affinity node): read and update companies, people, opportunities, lists and notes',
		defaults: { name: 'Affinity v2' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'affinityV2Api', required: true }],
		properties: [
			resource,
			...Object.values(resources).flatMap((r) => r.description),
			requestOptionsParameter,
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return router.call(this);
	}
}
