/*
 * The workflows `npm run bench:n8n` compares: each job done with the pack, and as an n8n user
 * would build it without the pack (HTTP Request with its pagination option, Split Out, Set,
 * Code, Compare Datasets). Built as `n8n import:workflow` takes them, with fixed ids.
 */
import { NODE_TYPES } from '../../scripts/n8n';

export interface NodeRef {
	id: string;
	name: string;
}

export interface BenchWorkflow {
	id: string;
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<
		string,
		{ main: Array<Array<{ node: string; type: 'main'; index: number }>> }
	>;
	settings: { executionOrder: 'v1' };
	staticData?: Record<string, unknown>;
	pinData: Record<string, never>;
	active: false;
}

interface Step {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
	credentials?: Record<string, NodeRef>;
}

/** Steps in a chain; `extra` adds connections beyond the chain (e.g. a second input). */
export function workflow(
	id: string,
	name: string,
	steps: Step[],
	extra: Array<{ from: string; to: string; input: number }> = [],
): BenchWorkflow {
	const connections: BenchWorkflow['connections'] = {};
	const connect = (from: string, to: string, input: number) => {
		connections[from] ??= { main: [[]] };
		connections[from].main[0].push({ node: to, type: 'main', index: input });
	};
	for (let i = 0; i < steps.length - 1; i++) connect(steps[i].name, steps[i + 1].name, 0);
	for (const link of extra) connect(link.from, link.to, link.input);
	return {
		id,
		name,
		nodes: steps.map((step, i) => ({
			id: `${id}-${i + 1}`,
			position: [i * 240, 0],
			...step,
		})),
		connections,
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

/** A resource locator value "By ID", as the editor stores it. */
const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

export const START = 'Start';

export const manualStart = (): Step => ({
	name: START,
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	parameters: {},
});

export const everyMinute = (name: string): Step => ({
	name,
	type: 'n8n-nodes-base.scheduleTrigger',
	typeVersion: 1.2,
	parameters: { rule: { interval: [{ field: 'minutes', minutesInterval: 1 }] } },
});

export function affinity(
	name: string,
	credential: NodeRef,
	resource: string,
	operation: string,
	parameters: Record<string, unknown>,
): Step {
	return {
		name,
		type: NODE_TYPES.action,
		typeVersion: 1,
		parameters: { resource, operation, ...parameters },
		credentials: { affinityV2Api: credential },
	};
}

export function affinityTrigger(
	name: string,
	credential: NodeRef,
	listId: number,
	parameters: Record<string, unknown>,
): Step {
	return {
		name,
		type: NODE_TYPES.trigger,
		typeVersion: 1,
		parameters: {
			listId: byId(listId),
			watch: 'list',
			event: 'anyChange',
			watchedFieldIds: [],
			options: {},
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			...parameters,
		},
		credentials: { affinityV2Api: credential },
	};
}

/** Get Many of a whole list with the pack: every page, the list's own fields. */
export const packGetMany = (credential: NodeRef, listId: number, simplify: boolean): Step =>
	affinity('Get many list entries', credential, 'listEntry', 'getAll', {
		listId: byId(listId),
		returnAll: true,
		fieldTypes: ['list'],
		simplify,
	});

/**
 * HTTP Request reading every page: Header Auth (`Authorization: Bearer <key>`), pagination
 * "Response Contains Next URL" from `pagination.nextUrl`, complete when that is empty.
 */
export function httpAllPages(name: string, credential: NodeRef, url: string): Step {
	return {
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			url,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			options: {
				pagination: {
					pagination: {
						paginationMode: 'responseContainsNextURL',
						nextURL: '={{ $response.body.pagination.nextUrl }}',
						paginationCompleteWhen: 'other',
						completeExpression: '={{ !$response.body.pagination.nextUrl }}',
					},
				},
			},
		},
		credentials: { httpHeaderAuth: credential },
	};
}

/** HTTP Request sending one POST per input item: one field value each. */
export function httpPostEach(name: string, credential: NodeRef, url: string): Step {
	return {
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			sendBody: true,
			specifyBody: 'json',
			jsonBody: '={ "value": { "type": "text", "data": {{ JSON.stringify($json.text) }} } }',
			options: {},
		},
		credentials: { httpHeaderAuth: credential },
	};
}

export const splitOut = (name: string, field: string): Step => ({
	name,
	type: 'n8n-nodes-base.splitOut',
	typeVersion: 1,
	parameters: { fieldToSplitOut: field, include: 'noOtherFields', options: {} },
});

export const code = (name: string, jsCode: string): Step => ({
	name,
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	parameters: { mode: 'runOnceForAllItems', jsCode },
});

export const compareById = (name: string): Step => ({
	name,
	type: 'n8n-nodes-base.compareDatasets',
	typeVersion: 2.3,
	parameters: {
		mergeByFields: { values: [{ field1: 'id', field2: 'id' }] },
		resolve: 'preferInput2',
		options: {},
	},
});

/*
 * What the pack's Simplify does to a list entry, as Set-node expressions: entry metadata, the
 * entity's id, name and other properties, its fields by name (dropdowns as their text,
 * references as id and name, locations as a line plus parts, formulas as their value) and the
 * calendar date (Pacific time) of date fields. Written without "}}" inside an expression.
 */
const SIMPLE_VALUE = `((v) => {
	const loc = (l) => l ? { line: [l.streetAddress, l.city, l.state, l.country].filter((p) => typeof p === 'string' && p.trim() !== '').join(', '), streetAddress: l.streetAddress ?? null, city: l.city ?? null, state: l.state ?? null, country: l.country ?? null, continent: l.continent ?? null } : null;
	const person = (p) => p ? { id: p.id, name: [p.firstName, p.lastName].filter((x) => typeof x === 'string' && x !== '').join(' '), email: p.primaryEmailAddress ?? null } : null;
	const company = (c) => c ? { id: c.id, name: c.name ?? '', domain: c.domain ?? null } : null;
	const text = (o) => o && typeof o.text === 'string' ? o.text : null;
	if (!v || v.data === null || v.data === undefined) return null;
	const d = v.data;
	switch (v.type) {
		case 'filterable-text-multi': case 'number-multi': return [...d];
		case 'location': return loc(d);
		case 'location-multi': return d.map(loc);
		case 'dropdown': case 'ranked-dropdown': return text(d);
		case 'dropdown-multi': return d.map(text);
		case 'person': return person(d);
		case 'person-multi': return d.map(person);
		case 'company': return company(d);
		case 'company-multi': return d.map(company);
		case 'formula-number': return d.calculatedValue ?? null;
		default: return d;
	}
})`;

const noDoubleBraces = (expression: string) =>
	expression.replace(/\}\}/g, '} }').replace(/\s+/g, ' ');

export function setSimplify(name: string): Step {
	const assign = (field: string, type: string, expression: string) => ({
		id: `${name}-${field}`,
		name: field,
		type,
		value: `={{ ${noDoubleBraces(expression)} }}`,
	});
	return {
		name,
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		parameters: {
			mode: 'manual',
			includeOtherFields: false,
			options: {},
			assignments: {
				assignments: [
					assign('id', 'number', '$json.id'),
					assign('listId', 'number', '$json.listId'),
					assign('type', 'string', '$json.type'),
					assign('createdAt', 'string', '$json.createdAt'),
					assign('creatorId', 'number', '$json.creatorId'),
					assign('entityId', 'number', '$json.entity.id'),
					assign(
						'entityName',
						'string',
						`$json.entity.name ?? [$json.entity.firstName, $json.entity.lastName].filter((x) => x).join(' ')`,
					),
					assign(
						'entity',
						'object',
						`Object.fromEntries(Object.entries($json.entity).filter(([key]) => key !== 'fields'))`,
					),
					assign(
						'fields',
						'object',
						`Object.fromEntries(($json.entity.fields ?? []).map((f) => [f.name, ${SIMPLE_VALUE}(f.value)]))`,
					),
					assign(
						'calendarDates',
						'object',
						`Object.fromEntries(($json.entity.fields ?? []).filter((f) => f.value?.type === 'datetime').map((f) => [f.name, f.value.data ? DateTime.fromISO(f.value.data).setZone('America/Los_Angeles').toISODate() : null]))`,
					),
				],
			},
		},
	};
}
