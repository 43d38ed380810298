import type { INodeProperties } from 'n8n-workflow';

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import {
	collectOperations,
	renderOperationsTables,
	renderReadmeList,
	replaceGenerated,
	type EndpointsByOperation,
} from '../../scripts/docs/operations';

/**
 * The generator of docs/operations.md's tables and the README's operation list (`gulp docs`):
 * on a small fake node, what it writes and what it refuses; on the real node, that the committed
 * files are what it writes (`gulp docs:check` in `npm run lint` checks the same).
 */

const picker = (resource: string, options: Array<[string, string, string]>): INodeProperties => ({
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	displayOptions: { show: { resource: [resource] } },
	options: options.map(([name, value, description]) => ({ name, value, description })),
	default: options[0][1],
});

const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		options: [
			{ name: 'List Entry', value: 'listEntry' },
			{ name: 'Rate Limit', value: 'rateLimit' },
		],
		default: 'listEntry',
	},
	picker('listEntry', [
		['Add', 'add', 'Add a company to a list (API v1)'],
		['Get', 'get', 'Get one row | of a list'],
	]),
	picker('rateLimit', [['Get', 'get', 'Get the usage (BETA endpoint)']]),
];

const modules = (): EndpointsByOperation => ({
	listEntry: {
		operations: {
			add: { endpoint: [{ api: 'v1', method: 'POST', path: '/lists/{list_id}/list-entries' }] },
			get: {
				endpoint: [{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}/list-entries/{id}' }],
			},
		},
	},
	rateLimit: {
		operations: {
			get: { endpoint: [{ api: 'v2', method: 'GET', path: '/v2/rate-limit', beta: true }] },
		},
	},
});

describe('docs generator', () => {
	it('lists every operation with its API version, endpoint and BETA mark', () => {
		const { resources, problems } = collectOperations(properties, modules());
		expect(problems).toEqual([]);
		const tables = renderOperationsTables(resources);
		expect(tables).toContain('2 resources, 3 operations, 1 of them on API v1.');
		expect(tables).toContain('## List Entry');
		expect(tables).toContain(
			'| Add | Add a company to a list (API v1) | v1 | `POST /lists/{list_id}/list-entries` |',
		);
		// A pipe in a description would end the table cell.
		expect(tables).toContain('| Get | Get one row \\| of a list | v2 |');
		expect(tables).toContain('`GET /v2/rate-limit` (BETA)');
	});

	it('writes the README list with links to the tables and a note on API v1', () => {
		const { resources } = collectOperations(properties, modules());
		const list = renderReadmeList(resources, 'docs/operations.md');
		expect(list.split('\n')).toEqual([
			'- [List Entry](docs/operations.md#list-entry): Add¹, Get',
			'- [Rate Limit](docs/operations.md#rate-limit): Get',
			'',
			expect.stringMatching(/^¹ Calls Affinity's API v1 with the same key/),
		]);
	});

	it('shows each endpoint’s API version where an operation switches, and marks operations that need one', () => {
		const switching = modules();
		switching.listEntry.operations.add.endpoint = [
			{
				api: 'v2',
				method: 'POST',
				path: '/v2/lists/{listId}/list-entries',
				beta: true,
				since: '2026-09-17',
			},
			{ api: 'v1', method: 'POST', path: '/lists/{list_id}/list-entries', before: '2026-09-17' },
		];
		switching.rateLimit.operations.get.endpoint = [
			{ api: 'v2', method: 'GET', path: '/v2/rate-limit', beta: true, since: '2026-09-17' },
		];
		const described = properties.map((p) =>
			p.name === 'operation' && p.displayOptions?.show?.resource?.includes('listEntry')
				? picker('listEntry', [
						['Add', 'add', 'Add a company (BETA endpoint on 2026-09-17; API v1 before)'],
						['Get', 'get', 'Get one row'],
					])
				: p,
		);
		const { resources, problems } = collectOperations(described, switching);
		expect(problems).toEqual([]);
		const tables = renderOperationsTables(resources);
		expect(tables).toContain(
			'1 of them on API v1 (1 only on API versions where v2 lacks the write).',
		);
		expect(tables).toContain(
			'`POST /v2/lists/{listId}/list-entries` (BETA, 2026-09-17 on)<br>`POST /lists/{list_id}/list-entries` (before 2026-09-17)',
		);
		expect(tables).toContain('`GET /v2/rate-limit` (BETA, 2026-09-17 on)');
		expect(tables).toMatch(/An endpoint marked with an API version is called only on that version/);
		const list = renderReadmeList(resources, 'docs/operations.md').split('\n');
		expect(list[0]).toBe('- [List Entry](docs/operations.md#list-entry): Add¹, Get');
		expect(list[1]).toBe('- [Rate Limit](docs/operations.md#rate-limit): Get†');
		expect(list).toContainEqual(
			expect.stringMatching(/^¹ .*on API version 2026-09-17, call its new v2 endpoint instead/),
		);
		expect(list).toContainEqual(expect.stringMatching(/^† Needs API version 2026-09-17 or later/));
	});

	it('has no API v1 note when no operation calls v1', () => {
		const only = modules();
		delete only.listEntry.operations.add;
		const trimmed = properties.map((p) =>
			p.name === 'operation' && p.displayOptions?.show?.resource?.includes('listEntry')
				? picker('listEntry', [['Get', 'get', 'Get one row']])
				: p,
		);
		const { resources, problems } = collectOperations(trimmed, only);
		expect(problems).toEqual([]);
		expect(renderReadmeList(resources, 'x.md')).not.toContain('¹');
	});

	it('refuses an operation without an endpoint, and BETA marks that disagree', () => {
		const broken = modules();
		delete broken.listEntry.operations.get.endpoint;
		broken.rateLimit.operations.get.endpoint = [
			{ api: 'v2', method: 'GET', path: '/v2/rate-limit' },
		];
		broken.listEntry.operations.remove = { endpoint: [] };
		expect(collectOperations(properties, broken).problems).toEqual([
			expect.stringMatching(/^listEntry\.get exports no endpoint/),
			'listEntry.remove has a module but is not in the Operation picker',
			'rateLimit.get says BETA but declares no BETA endpoint',
		]);
	});

	it('replaces only what lies between its markers, and refuses a file without them', () => {
		const text = 'top\n<!-- generated:x -->\nold\n<!-- /generated:x -->\nbottom\n';
		expect(replaceGenerated(text, 'x', 'new')).toBe(
			'top\n<!-- generated:x -->\n\nnew\n\n<!-- /generated:x -->\nbottom\n',
		);
		expect(() => replaceGenerated('no markers', 'x', 'new')).toThrow(/markers/);
	});

	// In a process of its own: the generator formats with Prettier, which jest's module loader cannot load.
	it('the committed README.md and docs/operations.md are what the generator writes', () => {
		const root = join(__dirname, '../..');
		const check = spawnSync(join(root, 'node_modules/.bin/gulp'), ['docs:check'], {
			cwd: root,
			encoding: 'utf8',
		});
		expect(check.status === 0 ? 'passed' : `${check.stdout}${check.stderr}`).toBe('passed');
	});
});
