/*
 * The pack in n8n's real editor, driven with Debian's Chromium (playwright-core): sign in, open
 * a workflow with our nodes, find them in the node panel with their icons, open the action node,
 * pick a resource and an operation, and open the list picker, which must show the emulator's
 * lists fetched through the real credential. Screenshots go to test-results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { type BrowserContext, chromium, type Locator, type Page, selectors } from 'playwright-core';

import { CHROMIUM_PATH, NODE_TYPES, OWNER } from '../../scripts/n8n';
import { CREDENTIALS, N8nFixture, RESULTS_DIR } from './fixture';
import { buildWorkflow } from './workflows';

const WORKFLOW_ID = 'e2eBrowser';
const ACTION_NODE = 'Affinity v2';
const ICON_PATH = '/icons/n8n-nodes-affinity-v2/dist/icons/affinity.svg';

/** The pack's nodes as the node panel shows them. */
const PACK_NODES = [
	{
		displayName: 'Affinity v2',
		actions: ['Get a company', 'Get many lists', 'Get many list entries'],
		// n8n shows the trigger under the same app item, its events as trigger actions.
		triggers: ['On any change', 'On entry added', 'On entry removed', 'On field value changed'],
	},
	// TODO(lead): the workflow below could start with the trigger, as `trigger: { name: 'Affinity v2 Trigger', parameters: {...} }`.
];

const fixture = new N8nFixture('browser');
const screenshots = path.join(RESULTS_DIR, 'browser');
let context: BrowserContext;
let page: Page;
let profile: string;

beforeAll(async () => {
	await fixture.start();
	const workflow = buildWorkflow({
		id: WORKFLOW_ID,
		name: 'e2e: the pack in the editor',
		// Resource and operation start elsewhere than the test will pick.
		steps: [{ name: ACTION_NODE, resource: 'company', operation: 'get' }],
	});
	await fixture.importWorkflows([workflow]);
	await fixture.startServer();
	fs.rmSync(screenshots, { recursive: true, force: true });
	fs.mkdirSync(screenshots, { recursive: true });
	profile = fs.mkdtempSync(path.join(os.tmpdir(), 'affinity-v2-chromium-'));
	selectors.setTestIdAttribute('data-test-id');
	context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM_PATH,
		headless: true,
		viewport: { width: 1440, height: 900 },
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	context.setDefaultTimeout(30_000);
	page = context.pages()[0] ?? (await context.newPage());
}, 300_000);

afterAll(async () => {
	await context?.close().catch(() => undefined);
	if (profile) fs.rmSync(profile, { recursive: true, force: true });
	await fixture.stop();
});

async function shot(name: string): Promise<void> {
	await page.screenshot({ path: path.join(screenshots, `${name}.png`) });
}

/** A test step that leaves a screenshot of the page behind when it fails. */
function step(title: string, body: () => Promise<void>): void {
	it(title, async () => {
		try {
			await body();
		} catch (error) {
			await shot(`failed-${title.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`).catch(
				() => undefined,
			);
			throw error;
		}
	});
}

/** Retries an assertion until it holds (the editor renders asynchronously). */
async function eventually(
	assertion: () => Promise<void> | void,
	timeoutMs = 30_000,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			await assertion();
			return;
		} catch (error) {
			if (Date.now() > deadline) throw error;
			await new Promise((r) => setTimeout(r, 250));
		}
	}
}

/** Our icon, loaded: an <img> with the pack's SVG that the browser decoded (not a letter placeholder). */
async function expectOurIcon(scope: Locator): Promise<void> {
	const img = scope.locator(`img[src$="${ICON_PATH}"]`).first();
	await img.waitFor();
	await eventually(async () => {
		expect(
			await img.evaluate(
				(el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth,
			),
		).toBeGreaterThan(0);
	});
}

step('signs in as the owner', async () => {
	await page.goto(`${fixture.server!.url}/signin`);
	await page.getByTestId('emailOrLdapLoginId').locator('input').fill(OWNER.email);
	await page.getByTestId('password').locator('input').fill(OWNER.password);
	await page.getByTestId('form-submit-button').click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
	await shot('01-signed-in');
});

step('opens the workflow: our node is on the canvas with its icon', async () => {
	await page.goto(`${fixture.server!.url}/workflow/${WORKFLOW_ID}`);
	const node = page.locator(`[data-test-id=canvas-node][data-node-type="${NODE_TYPES.action}"]`);
	await node.waitFor();
	expect(await node.count()).toBe(1);
	expect(await node.getAttribute('data-node-name')).toBe(ACTION_NODE);
	await expectOurIcon(node);
	await shot('02-workflow');
});

for (const packNode of PACK_NODES) {
	const slug = packNode.displayName.replace(/\W+/g, '-');
	step(`the node panel lists ${packNode.displayName} with its icon, and its actions`, async () => {
		await page.getByTestId('node-creator-plus-button').click();
		await page.getByTestId('node-creator-search-bar').fill(packNode.displayName);
		const name = page
			.getByTestId('node-creator-item-name')
			.filter({ hasText: new RegExp(`^${packNode.displayName}$`) });
		await name.waitFor();
		expect(await name.count()).toBe(1);
		const item = page
			.getByTestId('node-creator')
			.locator('[data-test-id^="node-creator-"][data-test-id$="-item"]')
			.filter({ has: name });
		await expectOurIcon(item);
		await shot(`03-node-panel-${slug}`);
		// Its actions, with the texts the operations declare.
		await name.click();
		for (const action of packNode.actions) {
			await page.getByTestId('node-creator').getByText(action, { exact: true }).first().waitFor();
		}
		await shot(`04-node-actions-${slug}`);
		const triggers = page
			.getByTestId('node-creator')
			.getByText(/^Triggers \(\d+\)$/)
			.first();
		for (const trigger of packNode.triggers) {
			const item = page.getByTestId('node-creator').getByText(trigger, { exact: true }).first();
			// The triggers section may start folded when the workflow already has a trigger.
			if (!(await item.isVisible()) && (await triggers.isVisible())) await triggers.click();
			await item.waitFor();
		}
		await shot(`04-node-triggers-${slug}`);
		// Each Escape goes back one view (details, results, search); the panel closes at the end.
		const creator = page.getByTestId('node-creator');
		for (let i = 0; i < 5 && (await creator.count()) > 0; i++) {
			await page.keyboard.press('Escape');
			await creator.waitFor({ state: 'detached', timeout: 1000 }).catch(() => undefined);
		}
		await creator.waitFor({ state: 'detached' });
	});
}

/** Picks an option of an n8n select parameter by its visible text. */
async function pick(parameter: string, option: string): Promise<void> {
	await page.getByTestId(`parameter-input-${parameter}`).click();
	// An option shows its name and, for operations, a description under it.
	await page
		.locator('.el-select-dropdown__item:visible')
		.filter({ has: page.getByText(option, { exact: true }) })
		.first()
		.click();
	await eventually(async () => {
		expect(
			await page.getByTestId(`parameter-input-${parameter}`).locator('input').first().inputValue(),
		).toBe(option);
	});
}

step(
	'opens the action node with the credential, and picks a resource and an operation',
	async () => {
		await page.locator(`[data-test-id=canvas-node][data-node-name="${ACTION_NODE}"]`).dblclick();
		const ndv = page.getByTestId('ndv');
		await ndv.waitFor();
		await eventually(async () => {
			expect(
				await ndv.getByTestId('node-credentials-select').locator('input').first().inputValue(),
			).toBe(CREDENTIALS.admin.name);
		});
		await pick('resource', 'List Entry');
		await pick('operation', 'Get Many');
		await ndv.getByTestId('resource-locator-listId').waitFor();
		await shot('05-resource-and-operation');
	},
);

step("opens the list picker: the emulator's lists, fetched with the real credential", async () => {
	await fixture.emulator.control('DELETE', '/requests');
	const locator = page.getByTestId('resource-locator-listId');
	await locator.getByTestId('rlc-input').click();
	const items = page.getByTestId('rlc-item').filter({ visible: true });
	// The lists the admin key can see, as the emulator itself answers.
	const seeded = (
		await fixture.api<{ data: Array<{ name: string }> }>('/v2/lists?limit=100')
	).data.map((l) => l.name);
	expect(seeded).toEqual(
		expect.arrayContaining(['Deal Pipeline', 'Target Accounts', 'Investors', 'Board Confidential']),
	);
	await items.filter({ hasText: seeded[seeded.length - 1] }).waitFor();
	// Each list shows as "Name (type)".
	const shown = (await items.allInnerTexts()).map((t) =>
		t.trim().replace(/ \((company|person|opportunity)\)$/, ''),
	);
	expect(shown).toEqual(seeded);
	await shot('06-list-picker');
	// The picker's request reached the emulator with the admin key of the imported credential.
	const requests = await fixture.requests();
	expect(
		requests.some((r) => r.path === '/v2/lists' && r.status === 200 && r.key === 'admin'),
	).toBe(true);
	// Picking one fills the parameter.
	await items.filter({ hasText: 'Target Accounts' }).first().click();
	await eventually(async () => {
		const input = locator
			.locator('input[data-test-id=rlc-input], [data-test-id=rlc-input] input')
			.first();
		expect(await input.inputValue()).toBe('Target Accounts (company)');
	});
	await shot('07-list-picked');
});
