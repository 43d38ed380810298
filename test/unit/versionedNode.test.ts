import { NodeHelpers } from 'n8n-workflow';

import { AffinityV2 } from '../../nodes/AffinityV2/AffinityV2.node';

/**
 * The action node is versioned in n8n's way: n8n finds it by the name saved workflows store,
 * runs version 1 for a workflow saved with typeVersion 1, and gives version 1 to a new node
 * until a version 2 is added and made the default.
 */
describe('the Affinity v2 node', () => {
	const node = new AffinityV2();

	it('is found by its saved name, with version 1 as its default and only version', () => {
		expect(node.description.name).toBe('affinityV2');
		expect(node.description.defaultVersion).toBe(1);
		expect(Object.keys(node.nodeVersions)).toEqual(['1']);
		expect(node.getNodeType()).toBe(node.nodeVersions[1]);
	});

	it('version 1 is what a workflow saved with typeVersion 1 runs, as an action node and as an agent tool', () => {
		const v1 = NodeHelpers.getVersionedNodeType(node, 1);
		expect(v1.description).toMatchObject({
			name: 'affinityV2',
			displayName: 'Affinity v2',
			version: 1,
			usableAsTool: true,
			credentials: [{ name: 'affinityV2Api', required: true }],
		});
		expect(typeof v1.execute).toBe('function');
		expect(Object.keys(v1.methods ?? {}).sort()).toEqual([
			'listSearch',
			'loadOptions',
			'resourceMapping',
		]);
		expect(v1.description.properties.map((p) => p.name)).toContain('resource');
	});
});
