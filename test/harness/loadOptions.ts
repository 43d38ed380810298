import { LoadOptionsContext } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeListSearchResult,
	type INodeParameters,
	type INodePropertyOptions,
	type ResourceMapperFields,
} from 'n8n-workflow';

import { AffinityV2 } from '../../nodes/AffinityV2/AffinityV2.node.ts';
import type { AffinityV2V1 } from '../../nodes/AffinityV2/AffinityV2V1.ts';
import { CREDENTIAL_ID, TestCredentialsHelper } from '../../testkit/credentials';
import { additionalData, NodeTypes } from '../../testkit/engine';

export interface LoadOptionsHarness {
	/** Calls a listSearch method (a resource locator's "From list") as the editor does. */
	listSearch(
		method: string,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult>;
	/** Calls a loadOptions method (an options list) as the editor does. */
	loadOptions(method: string): Promise<INodePropertyOptions[]>;
	/** Calls a resourceMapping method (the columns of a column mapping) as the editor does. */
	resourceMapping(method: string): Promise<ResourceMapperFields>;
}

/**
 * The editor's way of filling pickers and option lists: n8n-core's real LoadOptionsContext over a
 * workflow holding the node with the parameters the user has set so far (which is what n8n's
 * dynamic-node-parameters service builds), with the harness credentials.
 */
export function loadOptionsHarness(
	parameters: IDataObject,
	credentials: ICredentialDataDecryptedObject,
	parameterPath = 'parameters',
): LoadOptionsHarness {
	// The current version, with its methods typed.
	const nodeType = new AffinityV2().getNodeType() as AffinityV2V1;
	const node: INode = {
		id: 'lo',
		name: 'Affinity',
		type: 'test.affinityV2',
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters as INodeParameters,
		credentials: { affinityV2Api: { id: CREDENTIAL_ID, name: 'Affinity' } },
	};
	const workflow = new Workflow({
		id: 'load-options',
		name: 'load options',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new NodeTypes(),
		staticData: {},
		settings: { executionOrder: 'v1' },
	});
	const data = additionalData(new TestCredentialsHelper(credentials));
	data.currentNodeParameters = parameters as INodeParameters;
	const context = () =>
		new LoadOptionsContext(workflow, workflow.getNode('Affinity') as INode, data, parameterPath);
	return {
		async listSearch(method, filter, paginationToken) {
			const fn = nodeType.methods.listSearch[method as keyof typeof nodeType.methods.listSearch];
			if (!fn) throw new Error(`no listSearch method ${method}`);
			return fn.call(context(), filter, paginationToken);
		},
		async loadOptions(method) {
			const fn = nodeType.methods.loadOptions[method as keyof typeof nodeType.methods.loadOptions];
			if (!fn) throw new Error(`no loadOptions method ${method}`);
			return fn.call(context());
		},
		async resourceMapping(method) {
			const fn =
				nodeType.methods.resourceMapping[method as keyof typeof nodeType.methods.resourceMapping];
			if (!fn) throw new Error(`no resourceMapping method ${method}`);
			return fn.call(context());
		},
	};
}
