import type { INodeProperties } from 'n8n-workflow';

import { AffinityV2 } from '../nodes/AffinityV2/AffinityV2.node.ts';

/**
 * Every operation of the action node as `resource.operation`, read from its built description
 * (each resource's Operation picker), so that a check built on it covers a new operation, or
 * says it does not, as soon as the operation is registered.
 */
export function nodeOperations(): string[] {
	const properties = new AffinityV2().getNodeType().description.properties as INodeProperties[];
	return properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) =>
			(p.displayOptions?.show?.resource ?? []).flatMap((resource) =>
				(p.options as Array<{ value: string }>).map((o) => `${String(resource)}.${o.value}`),
			),
		);
}
