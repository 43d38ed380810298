/* Canvas subtitles, evaluated by n8n-workflow's expression engine as the editor does. */
import { Workflow, type INode, type INodeParameters, type INodeType } from 'n8n-workflow';

import { AffinityV2 } from '../../nodes/AffinityV2/AffinityV2.node';
import { AffinityV2Trigger } from '../../nodes/AffinityV2Trigger/AffinityV2Trigger.node';
import { AffinityV2WebhookTrigger } from '../../nodes/AffinityV2WebhookTrigger/AffinityV2WebhookTrigger.node';
import { NodeTypes } from '../../testkit/engine';

function subtitle(nodeType: INodeType, parameters: INodeParameters): unknown {
	const node: INode = {
		id: 's',
		name: 'Node',
		type: 'test.node',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new NodeTypes({ 'test.node': nodeType }),
	});
	return workflow.expression.getSimpleParameterValue(
		node,
		nodeType.description.subtitle as string,
		'internal',
		{},
	);
}

const picked = (value: string, cachedResultName?: string) => ({
	__rl: true,
	mode: cachedResultName ? 'list' : 'id',
	value,
	...(cachedResultName ? { cachedResultName } : {}),
});

describe('action node subtitle', () => {
	const node = new AffinityV2().getNodeType();

	it('names the resource and the record picked, which the title does not say', () => {
		expect(
			subtitle(node, {
				resource: 'listEntry',
				operation: 'get',
				listId: picked('101', 'Deal Pipeline'),
				listEntryId: picked('5'),
			}),
		).toBe('list entry · Deal Pipeline');
		expect(
			subtitle(node, {
				resource: 'company',
				operation: 'getLists',
				companyId: picked('3000001', 'Acme'),
			}),
		).toBe('company · Acme');
		expect(subtitle(node, { resource: 'list', operation: 'get', listId: picked('101') })).toBe(
			'list · list 101',
		);
	});

	it('is empty when the title already says it all: no record chosen, or an expression', () => {
		expect(subtitle(node, { resource: 'user', operation: 'getAll' })).toBe('');
		expect(
			subtitle(node, {
				resource: 'listEntry',
				operation: 'getAll',
				listId: { __rl: true, mode: 'id', value: '={{ $json.list }}' },
			}),
		).toBe('');
		expect(
			subtitle(node, {
				resource: 'listEntry',
				operation: 'getAll',
				listId: { __rl: true, mode: 'list', value: '' },
			}),
		).toBe('');
	});
});

describe('trigger subtitles', () => {
	it('the polling trigger: the event and the list', () => {
		expect(
			subtitle(new AffinityV2Trigger(), {
				event: 'fieldValueChanged',
				listId: picked('101', 'Deal Pipeline'),
			}),
		).toBe('On field value changed · Deal Pipeline');
	});

	it("the webhook trigger: the events' names", () => {
		expect(
			subtitle(new AffinityV2WebhookTrigger(), {
				events: ['organization.created', 'list_entry.created'],
			}),
		).toBe('Company Created, List Entry Created');
	});
});
