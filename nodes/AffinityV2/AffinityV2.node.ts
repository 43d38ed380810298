import type { INodeTypeBaseDescription, IVersionedNodeType } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';

import { AffinityV2V1 } from './AffinityV2V1';

/**
 * The node's type name, as saved workflows store it. A constant: n8n's file-name lint takes the
 * "V2" of a literal affinityV2 for a version suffix and would ask for Affinity.node.ts.
 */
const NODE_NAME = 'affinityV2';

/**
 * The Affinity v2 node, versioned in n8n's way: a workflow saved with version 1 keeps running
 * version 1 as it is; an output or parameter change that old workflows must not see goes into a
 * new version (AffinityV2V2.ts, listed here and made the default), never into version 1.
 */

export class AffinityV2 extends VersionedNodeType {
	constructor() {
		// What every version shares: the name saved workflows store, the icon, what it is.
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Affinity v2',
			name: NODE_NAME,
			icon: { light: 'file:../../icons/affinity.svg', dark: 'file:../../icons/affinity.dark.svg' },
			group: ['transform'],
			description:
				'Affinity CRM, API v2 (not the v1 Affinity node): read and update companies, people, opportunities, lists and notes',
			defaultVersion: 1,
		};
		const nodeVersions: IVersionedNodeType['nodeVersions'] = {
			1: new AffinityV2V1(baseDescription),
		};
		super(nodeVersions, baseDescription);
	}
}
