/**
 * Bad ids, for every id parameter of every operation and of the trigger: by ID, by
 * URL, and from item data through an expression. 0, -1, 1.5, 12abc, nothing, one past the
 * kind's maximum (users, notes, transcripts int32; the rest int64 as the API bounds it) are
 * refused with an error naming the parameter, and the emulator's request log shows no request
 * for that item (a person or company value to write: only the field metadata read that names
 * its field); with Continue On Fail the other items run as they would alone. No key
 * appears in any output, error or log line (LeakWatch, after each test).
 */
import { LeakWatch } from './secrets';

import type { IDataObject } from 'n8n-workflow';

import type { RequestLogEntry } from '../../emulator';
import { SEEDED_USERS } from '../../emulator/seed';
import { ID_RANGES, type IdKind } from '../../nodes/AffinityV2/transport';
import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode, type NodeRun } from '../../testkit/engine';
import { savedJson, setParameters, triggerHarness } from '../trigger/helpers';
import {
	TARGET_ACCOUNTS,
	byId,
	byUrl,
	nodeParameters,
	prepare,
	seeded,
	type Seeded,
} from './operations';

const fixture = new EmulatorFixture();
const leaks = new LeakWatch();
let s: Seeded;

beforeAll(async () => {
	leaks.install();
	await fixture.start();
	s = await seeded(fixture);
});
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());
afterEach(async () => leaks.check(await fixture.requests()));

interface IdParameter {
	operation: string;
	parameter: string;
	/** What the error must name: the parameter's label, or (URL mode) its display name. */
	names: RegExp;
	kind: IdKind;
	/** locator: a resource locator; plain: a text parameter; value: a person or company value to write. */
	shape: 'locator' | 'plain' | 'value';
	/** Affinity web URL path, where the parameter takes a URL. */
	urlPath?: string;
	/** An id that works, for the other items. */
	good: string;
	/** Parameters this case needs besides the operation's valid ones. */
	extra?: (s: Seeded) => IDataObject;
	/** Where the id goes inside the parameter (a person of a multi-person value). */
	wrap?: (locatorValue: unknown) => unknown;
}

/**
 * How an error names a parameter: the node's own check ("Invalid Company ID: got …"), n8n's
 * extraction of an id from a URL ("Company parameter's value is invalid"), or n8n's check of
 * the workflow before it runs, from the mode's validation ("A company ID is a whole number",
 * "Not an Affinity company URL") or the parameter being required.
 */
const naming = (label: string, displayName: string, what: string) =>
	new RegExp(
		`Invalid ${label}: got|${displayName} parameter's value is invalid|A ${what} ID is a whole number|Not an Affinity ${what} URL|Parameter "${displayName}" is required`,
	);

const locator = (
	operation: string,
	parameter: string,
	label: string,
	displayName: string,
	kind: IdKind,
	good: string,
	urlPath?: string,
): IdParameter => ({
	operation,
	parameter,
	names: naming(label, displayName, displayName.replace(/^(Primary|Duplicate) /, '').toLowerCase()),
	kind,
	shape: 'locator',
	urlPath,
	good,
});

const company = (operation: string) =>
	locator(operation, 'companyId', 'Company ID', 'Company', 'int64', '3000002', 'companies');
const person = (operation: string) =>
	locator(operation, 'personId', 'Person ID', 'Person', 'int64', '5000008', 'persons');
const list = (operation: string, extra?: IdParameter['extra']) => ({
	...locator(operation, 'listId', 'List ID', 'List', 'int64', String(TARGET_ACCOUNTS), 'lists'),
	extra,
});
const entry = (operation: string) =>
	locator(operation, 'listEntryId', 'List Entry ID', 'List Entry', 'int64', '2147483541');
const note = (operation: string) =>
	locator(operation, 'noteId', 'Note ID', 'Note', 'int32', '400001');
const transcript = (operation: string) =>
	locator(operation, 'transcriptId', 'Transcript ID', 'Transcript', 'int32', '802');

/** A person or company given as the value of a field write: checked by the value's codec. */
const valueRef = (
	operation: string,
	parameter: 'personValue' | 'companyValue',
	field: string,
	good: string,
): IdParameter => ({
	operation,
	parameter,
	names: new RegExp(
		`Field: "[^"]+" \\(field-\\d+\\): Invalid ${parameter === 'personValue' ? 'person' : 'company'} ID: got|A ${parameter === 'personValue' ? 'person' : 'company'} ID is a whole number|Not an Affinity ${parameter === 'personValue' ? 'person' : 'company'} URL`,
	),
	kind: 'int64',
	shape: 'value',
	urlPath: parameter === 'personValue' ? 'persons' : 'companies',
	good,
	extra: () => ({ fieldId: field }),
});

/** One of several persons or companies of a -multi field value (a collection item). */
const multiRef = (
	operation: string,
	parameter: 'personValues' | 'companyValues',
	field: string,
	good: string,
): IdParameter => {
	const key = parameter === 'personValues' ? 'person' : 'company';
	return {
		...valueRef(
			operation,
			parameter === 'personValues' ? 'personValue' : 'companyValue',
			field,
			good,
		),
		parameter,
		wrap: (value) => ({
			[key]: [{ [key]: byId(key === 'person' ? '5000003' : '3000007') }, { [key]: value }],
		}),
	};
};

const ID_PARAMETERS: IdParameter[] = [
	company('company.get'),
	company('company.getLists'),
	company('company.getListEntries'),
	person('person.get'),
	person('person.getListEntries'),
	person('person.updateFieldValue'),
	valueRef('person.updateFieldValue', 'personValue', 'field-1021|person', '5000009'),
	locator(
		'opportunity.get',
		'opportunityId',
		'Opportunity ID',
		'Opportunity',
		'int64',
		'7000002',
		'opportunities',
	),
	list('list.getFields'),
	list('list.getSavedViews'),
	list('field.getAll'),
	list('listEntry.get'),
	entry('listEntry.get'),
	list('listEntry.getAll'),
	list('listEntry.getAllInSavedView'),
	locator('listEntry.getAllInSavedView', 'viewId', 'Saved View ID', 'Saved View', 'int64', '504'),
	list('listEntry.getFieldValues'),
	entry('listEntry.getFieldValues'),
	list('listEntry.getFieldValue'),
	entry('listEntry.getFieldValue'),
	list('listEntry.updateFieldValue'),
	entry('listEntry.updateFieldValue'),
	valueRef('listEntry.updateFieldValue', 'personValue', 'field-1037|person', '5000002'),
	valueRef('listEntry.updateFieldValue', 'companyValue', 'field-1047|company', '3000005'),
	multiRef('listEntry.updateFieldValue', 'personValues', 'field-1043|person-multi', '5000004'),
	multiRef('listEntry.updateFieldValue', 'companyValues', 'field-1042|company-multi', '3000006'),
	list('listEntry.updateFieldValues'),
	entry('listEntry.updateFieldValues'),
	note('note.get'),
	note('note.getReplies'),
	note('note.getAttachedCompanies'),
	note('note.getAttachedOpportunities'),
	note('note.getAttachedPersons'),
	transcript('transcript.get'),
	transcript('transcript.getFragments'),
	{
		operation: 'user.get',
		parameter: 'userId',
		names: /Invalid User ID: got|Parameter "User ID" is required/,
		kind: 'int32',
		shape: 'plain',
		good: String(SEEDED_USERS.member),
	},
	{
		operation: 'merge.get',
		parameter: 'mergeId',
		names: /Invalid Merge ID: got|Parameter "Merge ID" is required/,
		kind: 'int64',
		shape: 'plain',
		good: '1',
	},
	locator(
		'merge.start',
		'primaryCompanyId',
		'Primary Company ID',
		'Primary Company',
		'int64',
		'3000032',
		'companies',
	),
	locator(
		'merge.start',
		'duplicateCompanyId',
		'Duplicate Company ID',
		'Duplicate Company',
		'int64',
		'3000033',
		'companies',
	),
	{
		...locator(
			'merge.start',
			'primaryPersonId',
			'Primary Person ID',
			'Primary Person',
			'int64',
			'5000020',
			'persons',
		),
		extra: () => ({ entityType: 'person', duplicatePersonId: byId('5000021') }),
	},
	{
		...locator(
			'merge.start',
			'duplicatePersonId',
			'Duplicate Person ID',
			'Duplicate Person',
			'int64',
			'5000022',
			'persons',
		),
		extra: () => ({ entityType: 'person', primaryPersonId: byId('5000023') }),
	},
];

/** One past the largest id of the kind, as the API bounds it (int64: 2^53 - 1, the largest id the API's JSON numbers carry exactly). */
const onePast = (kind: IdKind) => String(ID_RANGES[kind] + 1);

/** The bad ids as text (typed in By ID, or at the end of a URL). */
function badTexts(kind: IdKind): string[] {
	return [
		'0',
		'-1',
		'1.5',
		'12abc',
		'',
		onePast(kind),
		...(kind === 'int64' ? ['9223372036854775808'] : []),
	];
}

/** The bad ids as item data gives them to an expression: numbers, text, nothing. */
function badData(kind: IdKind): unknown[] {
	return [0, -1, 1.5, '12abc', '', Number(onePast(kind)), null, ' 7 8 '];
}

function shaped(p: IdParameter, value: unknown): unknown {
	if (p.shape === 'plain') return value;
	return p.wrap ? p.wrap(byId(value)) : byId(value);
}

async function parametersFor(p: IdParameter, value: unknown): Promise<IDataObject> {
	const base = await prepare(fixture, s, p.operation);
	return nodeParameters(p.operation, {
		...base,
		...(p.extra?.(s) ?? {}),
		[p.parameter]: value as IDataObject,
	});
}

const what = (run: { error?: { message: string; description?: string | null } }) =>
	`${run.error?.message} ${run.error?.description ?? ''}`;
const signature = (log: RequestLogEntry[]) =>
	log.map((r) => `${r.method} ${r.path}${r.query} ${r.body ?? ''}`);

/**
 * What a refused id sent: nothing. A person or company given as a field's value is refused by
 * the value's codec before any write; naming that field in the error costs its metadata read
 * (GET …/fields, cached per run, the read the write makes anyway), so that read alone is let
 * through for value parameters, and nothing else.
 */
const sentForRefused = (p: IdParameter, log: RequestLogEntry[]) =>
	signature(log).filter(
		(line) =>
			!(
				p.shape === 'value' &&
				/^GET \/v2\/(persons|companies|lists\/\d+)\/fields(\?\S*)? $/.test(line)
			),
	);

const beforeAny = (p: IdParameter) => (p.shape === 'value' ? 'write' : 'request');

/**
 * Runs the node; a workflow n8n refuses to start (WorkflowHasIssuesError: a parameter fails its
 * mode's validation) counts as the run's error, as it does for a user.
 */
async function run(
	parameters: IDataObject,
	options: { items?: IDataObject[]; continueOnFail?: boolean } = {},
): Promise<Pick<NodeRun, 'items' | 'paired' | 'error'>> {
	const result = await runAffinityNode({
		credentials: fixture.credentials(),
		parameters,
		...options,
	}).catch((error: Error & { description?: string }) => {
		if (error.name !== 'WorkflowHasIssuesError') throw error;
		return {
			items: [],
			paired: [],
			error: { message: error.message, description: error.description },
		};
	});
	return leaks.watch('the run', result);
}

describe.each(ID_PARAMETERS.map((p) => [`${p.operation} ${p.parameter}`, p] as const))(
	'%s',
	(_name, p) => {
		it(`by ID: refuses ${badTexts(p.kind)
			.map((v) => JSON.stringify(v))
			.join(', ')} before any ${beforeAny(p)}, naming the parameter`, async () => {
			for (const bad of badTexts(p.kind)) {
				const parameters = await parametersFor(p, shaped(p, bad));
				await fixture.clearRequests();
				const result = await run(parameters);
				expect({ bad, error: what(result) }).toEqual({
					bad,
					error: expect.stringMatching(p.names),
				});
				expect({ bad, requests: sentForRefused(p, await fixture.requests()) }).toEqual({
					bad,
					requests: [],
				});
			}
		});

		if (p.urlPath) {
			it(`by URL: refuses a URL whose id is bad, before any ${beforeAny(p)}, naming the parameter`, async () => {
				for (const bad of badTexts(p.kind)) {
					const url = byUrl(`https://emulated-ventures.affinity.co/${p.urlPath}/${bad}`);
					const parameters = await parametersFor(p, p.wrap ? p.wrap(url) : url);
					await fixture.clearRequests();
					const result = await run(parameters);
					expect({ bad, error: what(result) }).toEqual({
						bad,
						error: expect.stringMatching(p.names),
					});
					expect({ bad, requests: sentForRefused(p, await fixture.requests()) }).toEqual({
						bad,
						requests: [],
					});
				}
			});
		}

		it('from item data: each bad item is an error item naming the parameter, sends nothing, and the other items run', async () => {
			const expression = shaped(p, '={{ $json.id }}');
			const good = { id: p.good };
			// What the good items alone send.
			const alone = await run(await parametersFor(p, expression), {
				items: [good, good],
				continueOnFail: true,
			});
			expect(alone.items.some((i) => 'error' in i)).toBe(false);
			const expected = signature(await fixture.requests());
			expect(expected.length).toBeGreaterThan(0);

			await fixture.reset();
			const bad = badData(p.kind);
			const items = [good, ...bad.map((id) => ({ id }) as IDataObject), good];
			const result = await run(await parametersFor(p, expression), { items, continueOnFail: true });
			expect(result.error).toBeUndefined();
			const last = items.length - 1;
			for (let i = 0; i < items.length; i++) {
				const out = result.items.filter((_item, k) => result.paired[k] === i);
				if (i === 0 || i === last) {
					expect(out.length).toBeGreaterThan(0);
					expect(out.some((item) => 'error' in item)).toBe(false);
				} else {
					expect({ id: items[i].id, out }).toEqual({
						id: items[i].id,
						out: [{ error: expect.any(String), description: expect.any(String) }],
					});
					expect({ id: items[i].id, error: `${out[0].error} ${out[0].description}` }).toEqual({
						id: items[i].id,
						error: expect.stringMatching(p.names),
					});
				}
			}
			expect(signature(await fixture.requests())).toEqual(expected);
		});
	},
);

describe('merge task ids (UUIDs)', () => {
	const BAD_TASK_IDS = [
		'0',
		'-1',
		'1.5',
		'12abc',
		'',
		'123e4567-e89b-12d3-a456-42661417400g',
		'123e4567-e89b-12d3-a456-4266141740000',
		'../company-merges',
		'https://x.example/v2/tasks/company-merges/../../persons',
	];

	it.each([
		['merge.getTask', 'taskId'],
		['merge.getAll', 'filters'],
	])(
		'%s: refuses each bad task id (typed, and from item data) before any request, naming Task ID',
		async (operation, parameter) => {
			const put = (value: string): IDataObject =>
				parameter === 'filters' ? { filters: { taskId: value } } : { taskId: value };
			for (const bad of BAD_TASK_IDS.filter((b) => parameter !== 'filters' || b !== '')) {
				await fixture.clearRequests();
				const result = await run(nodeParameters(operation, { entityType: 'company', ...put(bad) }));
				expect({ bad, error: what(result) }).toEqual({
					bad,
					error: expect.stringMatching(/Invalid Task ID: got|Parameter "Task ID" is required/),
				});
				expect({ bad, requests: signature(await fixture.requests()) }).toEqual({
					bad,
					requests: [],
				});
			}
			const result = await run(
				nodeParameters(operation, { entityType: 'company', ...put('={{ $json.t }}') }),
				{
					items: BAD_TASK_IDS.filter((b) => b !== '').map((t) => ({ t })),
					continueOnFail: true,
				},
			);
			expect(result.items.map((i) => String(i.error))).toEqual(
				// Several items: each error names its row first.
				BAD_TASK_IDS.filter((b) => b !== '').map((_b, k) =>
					expect.stringMatching(new RegExp(`^Row ${k + 1}: Invalid Task ID: got`)),
				),
			);
			expect(await fixture.requests()).toEqual([]);
		},
	);
});

describe('the trigger', () => {
	const cases: Array<[string, IDataObject, RegExp]> = [
		...badTexts('int64').map((bad): [string, IDataObject, RegExp] => [
			`List by ID ${JSON.stringify(bad)}`,
			{ listId: byId(bad) },
			/Invalid List ID: got/,
		]),
		...badTexts('int64').map((bad): [string, IDataObject, RegExp] => [
			`List by URL …/lists/${bad}`,
			{ listId: byUrl(`https://emulated-ventures.affinity.co/lists/${bad}`) },
			/Invalid List ID: got|List parameter's value is invalid/,
		]),
		...badData('int64').map((bad): [string, IDataObject, RegExp] => [
			`List from an expression giving ${JSON.stringify(bad)}`,
			{ listId: byId(`={{ ${JSON.stringify(bad)} }}`) },
			/Invalid List ID: got/,
		]),
		...badTexts('int64').map((bad): [string, IDataObject, RegExp] => [
			`Saved View by ID ${JSON.stringify(bad)}`,
			{ listId: byId(String(TARGET_ACCOUNTS)), watch: 'savedView', savedViewId: byId(bad) },
			/Invalid Saved View ID: got/,
		]),
	];

	it.each(cases)(
		'refuses %s before any request; the state stays as it was',
		async (_name, parameters, names) => {
			const h = triggerHarness(fixture, { listId: byId(String(TARGET_ACCOUNTS)) });
			expect(await h.poll()).toBeNull();
			const before = savedJson(h);
			await fixture.clearRequests();
			setParameters(h, parameters);
			const error = leaks.watch(
				'the poll error',
				await h.poll().then(
					() => undefined,
					(e: Error & { description?: string }) => e,
				),
			);
			expect(`${error?.message} ${error?.description ?? ''}`).toMatch(names);
			expect(savedJson(h)).toBe(before);
			expect(await fixture.requests()).toEqual([]);
		},
	);
});
