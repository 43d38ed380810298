import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** Restricts a resource's operation parameters to that resource and operation. */
export function forOperation(
	resource: string,
	operation: string,
	properties: INodeProperties[],
): INodeProperties[] {
	const show: IDisplayOptions['show'] = { resource: [resource], operation: [operation] };
	return properties.map((p) => ({
		...p,
		displayOptions: {
			...p.displayOptions,
			show: { ...(p.displayOptions?.show ?? {}), ...show },
		},
	}));
}
