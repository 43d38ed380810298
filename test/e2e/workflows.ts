/* Builds the n8n workflows the e2e cases run: a start node, then Affinity v2 nodes in a chain. */
import { NODE_TYPES } from '../../scripts/n8n';
import { CREDENTIALS, type CredentialKey } from './fixture';

export interface AffinityStep {
	/** The node's name in the workflow (outputs are looked up by it). */
	name: string;
	resource: string;
	operation: string;
	parameters?: Record<string, unknown>;
	credential?: CredentialKey;
	/** n8n's node setting "On Error": continue with the error as an item. */
	continueOnFail?: boolean;
}

/** A node of n8n itself (Edit Fields, If…) in the chain, with its parameters as the editor saves them. */
export interface N8nNodeStep {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
}

export interface WorkflowSpec {
	id: string;
	name: string;
	/** Items the Affinity nodes receive (made by a Code node); default: the Manual Trigger's one empty item. */
	input?: Array<Record<string, unknown>>;
	/** Parameters of an Affinity v2 Trigger that starts the workflow, instead of a Manual Trigger. */
	trigger?: { name: string; parameters: Record<string, unknown>; credential?: CredentialKey };
	steps: Array<AffinityStep | N8nNodeStep>;
}

export const MANUAL_TRIGGER = 'Start';
const INPUT_NODE = 'Input items';

/** A resource locator value "By ID", as the editor stores it. */
export { byId } from '../harness/ids';

function credentialRef(key: CredentialKey = 'admin') {
	const { id, name } = CREDENTIALS[key];
	return { affinityV2Api: { id, name } };
}

/** The workflow JSON `n8n import:workflow` takes, with fixed node ids so reruns are identical. */
export function buildWorkflow(spec: WorkflowSpec) {
	const nodes: Array<Record<string, unknown>> = [];
	const chain: string[] = [];
	const add = (
		name: string,
		type: string,
		typeVersion: number,
		parameters: Record<string, unknown>,
		extra: Record<string, unknown> = {},
	) => {
		nodes.push({
			id: `${spec.id}-${nodes.length + 1}`,
			name,
			type,
			typeVersion,
			position: [nodes.length * 240, 0],
			parameters,
			...extra,
		});
		chain.push(name);
	};
	if (spec.trigger) {
		add(spec.trigger.name, NODE_TYPES.trigger, 1, spec.trigger.parameters, {
			credentials: credentialRef(spec.trigger.credential),
		});
	} else {
		add(MANUAL_TRIGGER, 'n8n-nodes-base.manualTrigger', 1, {});
	}
	if (spec.input) {
		add(INPUT_NODE, 'n8n-nodes-base.code', 2, {
			jsCode: `return ${JSON.stringify(spec.input.map((json) => ({ json })))};`,
		});
	}
	for (const step of spec.steps) {
		if ('type' in step) {
			add(step.name, step.type, step.typeVersion, step.parameters);
			continue;
		}
		add(
			step.name,
			NODE_TYPES.action,
			1,
			{ resource: step.resource, operation: step.operation, ...step.parameters },
			{
				credentials: credentialRef(step.credential),
				...(step.continueOnFail ? { onError: 'continueRegularOutput' } : {}),
			},
		);
	}
	const connections: Record<string, unknown> = {};
	for (let i = 0; i < chain.length - 1; i++) {
		connections[chain[i]] = { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] };
	}
	return {
		id: spec.id,
		name: spec.name,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}
