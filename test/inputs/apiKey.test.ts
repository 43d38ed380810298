/**
 * A key the HTTP client cannot send as it is (a line break, a control character, a character
 * outside Latin-1) is refused with a message that says what is wrong: by the action node and
 * the trigger before any request, by the credential as the key is pasted (a notice under the
 * field) and by the credential test, in the same words.
 */
import { LeakWatch } from './secrets';

import { Expression, NodeHelpers } from 'n8n-workflow';

import { AffinityV2Api } from '../../credentials/AffinityV2Api.credentials';
import { apiKeyProblem } from '../../nodes/AffinityV2/transport';
import { ADMIN_KEY, EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId as triggerById, triggerHarness } from '../trigger/helpers';
import { TARGET_ACCOUNTS } from './operations';

const half = Math.floor(ADMIN_KEY.length / 2);
const inside = (text: string) => ADMIN_KEY.slice(0, half) + text + ADMIN_KEY.slice(half);

/** [name, key, what the message must say] */
const badKeys: Array<[string, string, RegExp]> = [
	[
		'a trailing line break',
		`${ADMIN_KEY}\n`,
		/contains a line break: paste it again without spaces or new lines/,
	],
	['a trailing CR LF', `${ADMIN_KEY}\r\n`, /contains a line break/],
	['a line break inside', inside('\n'), /contains a line break/],
	['a carriage return inside', inside('\r'), /contains a line break/],
	['a tab inside', inside('\t'), /contains a control character/],
	['a NUL inside', inside('\u0000'), /contains a control character/],
	['typographic quotes around it', `“${ADMIN_KEY}”`, /character that cannot be sent in a header/],
	['a zero-width space inside', inside('\u200b'), /character that cannot be sent in a header/],
	['an emoji inside', inside('🔑'), /character that cannot be sent in a header/],
	[
		'a line separator (U+2028) inside',
		inside('\u2028'),
		/character that cannot be sent in a header/,
	],
];

describe('apiKeyProblem', () => {
	it.each(badKeys)('%s', (_name, key, says) => {
		expect(apiKeyProblem(key)).toMatch(says);
	});

	it.each([ADMIN_KEY, 'abc-DEF_123.456~', 'clé-latin-1-é'])('accepts %j', (key) => {
		expect(apiKeyProblem(key)).toBeUndefined();
	});
});

describe('the credential', () => {
	const credential = new AffinityV2Api();
	const notices = credential.properties.filter((p) => p.type === 'notice' && p.displayOptions);
	const shown = (apiKey: string) =>
		notices
			.filter((p) => NodeHelpers.displayParameter({ apiKey }, p, null, null))
			.map((p) => p.displayName);
	const testHost = (apiKey: string) =>
		Expression.resolveWithoutWorkflow(String(credential.test.request.baseURL).slice(1), {
			$credentials: { apiKey, baseUrl: 'https://api.affinity.co' },
		});

	it.each(badKeys)(
		'%s: a notice under the field says what is wrong, the credential test says the same',
		(_name, key, says) => {
			const notice = shown(key);
			expect(notice).toEqual([
				expect.stringMatching(says.source.includes('control') ? /control character/ : says),
			]);
			// The test's URL expression throws an ExpressionError, whose message n8n shows (the e2e
			// credential test checks that in real n8n); run here as the plain JavaScript it is.
			const body = String(credential.test.request.baseURL).replace(/^=\{\{|\}\}$/g, '');
			const baseUrlFor = new Function('$credentials', `return ${body}`) as (c: object) => string;
			let refusal: unknown;
			try {
				baseUrlFor({ apiKey: key, baseUrl: 'https://api.affinity.co' });
			} catch (error) {
				refusal = error;
			}
			expect(refusal).toMatchObject({ name: 'ExpressionError', message: notice[0] });
		},
	);

	it('a good key shows no notice and is tested against the Base URL', () => {
		expect(shown(ADMIN_KEY)).toEqual([]);
		expect(testHost(ADMIN_KEY)).toBe('https://api.affinity.co');
	});
});

describe('the nodes refuse it before any request', () => {
	const fixture = new EmulatorFixture();
	const leaks = new LeakWatch();
	beforeAll(async () => {
		leaks.install();
		await fixture.start();
	});
	afterAll(() => fixture.stop());
	beforeEach(() => fixture.reset());
	afterEach(async () => leaks.check(await fixture.requests()));

	it.each(badKeys)('the action node: %s', async (_name, key, says) => {
		const run = leaks.watch(
			'the run',
			await runAffinityNode({
				credentials: fixture.credentials(key),
				parameters: {
					resource: 'company',
					operation: 'get',
					companyId: { __rl: true, mode: 'id', value: '3000001' },
				},
			}),
		);
		expect(run.items).toEqual([]);
		expect(run.error?.message).toMatch(says);
		expect(run.error?.description).toMatch(/nothing was sent to Affinity/);
		expect(await fixture.requests()).toEqual([]);
	});

	it.each(badKeys)('the trigger: %s', async (_name, key, says) => {
		const h = triggerHarness(fixture, { listId: triggerById(TARGET_ACCOUNTS) });
		h.helper.setData(fixture.credentials(key));
		const error = leaks.watch(
			'the poll error',
			await h.poll().then(
				() => undefined,
				(e: Error) => e,
			),
		);
		expect(String(error?.message)).toMatch(says);
		expect(await fixture.requests()).toEqual([]);
	});
});
