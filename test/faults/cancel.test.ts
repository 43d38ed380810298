/**
 * An execution canceled while a request is in flight (the user stops it, n8n's timeout): the
 * transport neither retries nor waits, says the request was canceled (so n8n records the
 * execution as canceled, not failed), warns that a canceled write may have been applied, and
 * carries nothing of the request (its headers hold the key).
 */
import { LeakWatch } from '../inputs/secrets';

import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	NodeConnectionTypes,
	Workflow,
	type IDataObject,
	type INode,
	type IRun,
} from 'n8n-workflow';

import { EmulatorFixture } from '../harness/emulator';
import { CREDENTIAL_ID, TestCredentialsHelper } from '../../testkit/credentials';
import { NodeTypes, additionalData } from '../../testkit/engine';
import { ENTRY, TARGET_ACCOUNTS, byId, seeded } from '../inputs/operations';

const fixture = new EmulatorFixture();
const leaks = new LeakWatch();

beforeAll(async () => {
	leaks.install();
	await fixture.start();
});
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());
afterEach(async () => leaks.check(await fixture.requests()));

/** Items → Affinity through WorkflowExecute, canceled as soon as the emulator has the request. */
async function runAndCancel(parameters: IDataObject, path: string): Promise<IRun> {
	const nodes: INode[] = [
		{
			id: '1',
			name: 'Items',
			type: 'test.itemsSource',
			typeVersion: 1,
			position: [0, 0],
			parameters: { items: '[{}]' },
		},
		{
			id: '2',
			name: 'Affinity',
			type: 'test.affinityV2',
			typeVersion: 1,
			position: [200, 0],
			parameters: parameters as INode['parameters'],
			credentials: { affinityV2Api: { id: CREDENTIAL_ID, name: 'Affinity' } },
		},
	];
	const workflow = new Workflow({
		id: 'cancel-workflow',
		nodes,
		connections: {
			Items: { main: [[{ node: 'Affinity', type: NodeConnectionTypes.Main, index: 0 }]] },
		},
		active: false,
		nodeTypes: new NodeTypes(),
		staticData: {},
		settings: { executionOrder: 'v1' },
	});
	const data = additionalData(new TestCredentialsHelper(fixture.credentials()));
	data.hooks = new ExecutionLifecycleHooks('manual', 'cancel-execution', {
		id: workflow.id,
		name: 'cancel',
		nodes,
		connections: {},
		active: false,
	} as never);
	const execution = new WorkflowExecute(data, 'manual').run({
		workflow,
		startNode: workflow.getNode('Items') as INode,
	});
	// The request is held by the emulator (a delay fault): cancel once it has arrived.
	for (;;) {
		if ((await fixture.requests()).some((r) => r.path === path)) break;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	execution.cancel();
	return leaks.watch('the run', await execution);
}

function nodeError(run: IRun): { message?: string; description?: string } | undefined {
	return (run.data.resultData.runData.Affinity?.[0]?.error ?? run.data.resultData.error) as
		| { message?: string; description?: string }
		| undefined;
}

it('a read: not retried, reported as canceled, the execution canceled', async () => {
	const path = '/v2/companies/3000001';
	await fixture.fault({ kind: 'delay', delayMs: 3000, path: `^${path}$` });
	const run = await runAndCancel(
		{ resource: 'company', operation: 'get', companyId: byId('3000001') },
		path,
	);
	expect(nodeError(run)?.message).toBe(`The request to Affinity was canceled (GET ${path})`);
	expect(nodeError(run)?.description).toBe('The execution was canceled.');
	expect(run.status).toBe('canceled');
	expect((await fixture.requests()).map((r) => r.path)).toEqual([path]);
});

it('a write: not sent again, and said to be of unknown outcome', async () => {
	const { notesField } = await seeded(fixture);
	const path = `/v2/lists/${TARGET_ACCOUNTS}/list-entries/${ENTRY}/fields/${notesField}`;
	await fixture.fault({ kind: 'delay', delayMs: 3000, method: 'POST', path: `^${path}$` });
	const run = await runAndCancel(
		{
			resource: 'listEntry',
			operation: 'updateFieldValue',
			listId: byId(String(TARGET_ACCOUNTS)),
			listEntryId: byId(String(ENTRY)),
			fieldId: `${notesField}|text`,
			textValue: 'canceled',
		},
		path,
	);
	expect(nodeError(run)?.message).toBe(`The request to Affinity was canceled (POST ${path})`);
	expect(nodeError(run)?.description).toMatch(
		/The execution was canceled\. The write may or may not have been applied: it was not sent again/,
	);
	expect(run.status).toBe('canceled');
	expect((await fixture.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
});
