/**
 * The operation tables of the docs, made from what n8n loads: the action node's description
 * (the Resource picker, each resource's Operation picker: names and descriptions) and the
 * `endpoint` each operation module exports (the API version, method and path it calls).
 * Pure: `gulp docs` feeds it the real node, the tests a small fake one.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** What an operation file exports beside `description` and `execute` (see actions/types.ts). */
export interface DeclaredEndpoint {
	api: 'v1' | 'v2';
	method: string;
	path: string;
	beta?: boolean;
	/** Called only on this edition of API v2 and later ones. */
	since?: string;
	/** Called only on editions older than this one. */
	before?: string;
}

export interface OperationRow {
	resource: string;
	resourceName: string;
	operation: string;
	name: string;
	description: string;
	endpoints: DeclaredEndpoint[];
}

export interface ResourceRows {
	resource: string;
	name: string;
	operations: OperationRow[];
}

/** The operation modules by resource and operation value, as actions/resources.ts holds them. */
export type EndpointsByOperation = Record<
	string,
	{ operations: Record<string, { endpoint?: DeclaredEndpoint[] }> }
>;

const BETA_WORD = /\bBETA\b/;

function pickerOptions(property: INodeProperties): INodePropertyOptions[] {
	return (property.options ?? []) as INodePropertyOptions[];
}

/**
 * Every resource and operation, in the pickers' order, with the endpoints each declares.
 * Returns the problems that make the docs wrong (an operation that declares no endpoint, a BETA
 * mark in the description that its endpoints do not have, or the reverse) beside the rows.
 */
export function collectOperations(
	properties: INodeProperties[],
	modules: EndpointsByOperation,
): { resources: ResourceRows[]; problems: string[] } {
	const problems: string[] = [];
	const resourcePicker = properties.find((p) => p.name === 'resource');
	if (!resourcePicker) return { resources: [], problems: ['the node has no Resource parameter'] };
	const resources = pickerOptions(resourcePicker).map((option) => {
		const resource = String(option.value);
		const picker = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
		);
		if (!picker) problems.push(`resource ${resource} has no Operation parameter`);
		const operations = (picker ? pickerOptions(picker) : []).map((op) => {
			const operation = String(op.value);
			const module = modules[resource]?.operations[operation];
			const description = String(op.description ?? '');
			const endpoints = module?.endpoint ?? [];
			if (!module) problems.push(`${resource}.${operation} is in the picker but has no module`);
			else if (endpoints.length === 0)
				problems.push(
					`${resource}.${operation} exports no endpoint: add \`export const endpoint: OperationEndpoint[]\` to its operation file`,
				);
			const beta = endpoints.some((e) => e.beta);
			if (module && endpoints.length > 0 && beta !== BETA_WORD.test(description))
				problems.push(
					beta
						? `${resource}.${operation} calls a BETA endpoint but its description does not say BETA`
						: `${resource}.${operation} says BETA but declares no BETA endpoint`,
				);
			return {
				resource,
				resourceName: option.name,
				operation,
				name: op.name,
				description,
				endpoints,
			};
		});
		for (const operation of Object.keys(modules[resource]?.operations ?? {}))
			if (!operations.some((o) => o.operation === operation))
				problems.push(`${resource}.${operation} has a module but is not in the Operation picker`);
		return { resource, name: option.name, operations };
	});
	return { resources, problems };
}

/** The heading anchor GitHub gives `## <name>`. */
export function anchorOf(name: string): string {
	return name
		.toLowerCase()
		.replace(/[^a-z0-9 -]/g, '')
		.replace(/ /g, '-');
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function apiOf(row: OperationRow): string {
	const apis = [...new Set(row.endpoints.map((e) => e.api))];
	return apis.join(', ') || '—';
}

/** The editions an endpoint is called on, when not all: "2026-09-17 on", "before 2026-09-17". */
function editionNote(e: DeclaredEndpoint): string | undefined {
	if (e.since && e.before) return `${e.since} on, before ${e.before}`;
	if (e.since) return `${e.since} on`;
	if (e.before) return `before ${e.before}`;
	return undefined;
}

function endpointCell(row: OperationRow): string {
	return row.endpoints
		.map((e) => {
			const notes = [e.beta ? 'BETA' : undefined, editionNote(e)].filter(Boolean);
			return `\`${e.method} ${e.path}\`${notes.length ? ` (${notes.join(', ')})` : ''}`;
		})
		.join('<br>');
}

const usesV1 = (row: OperationRow) => row.endpoints.some((e) => e.api === 'v1');
/** Calls API v1 only on editions older than some edition (v2 has the write from then on). */
const usesV1Before = (row: OperationRow) =>
	usesV1(row) && row.endpoints.filter((e) => e.api === 'v1').every((e) => e.before);
/** Needs an edition: every endpoint it calls is there from that edition on. */
const needsEdition = (row: OperationRow) =>
	row.endpoints.length > 0 && row.endpoints.every((e) => e.since)
		? row.endpoints[0].since
		: undefined;

/** docs/operations.md's tables: one per resource, an operation a row. */
export function renderOperationsTables(resources: ResourceRows[]): string {
	const count = resources.reduce((n, r) => n + r.operations.length, 0);
	const rows = resources.flatMap((r) => r.operations);
	const v1 = rows.filter(usesV1).length;
	const v1Before = rows.filter(usesV1Before).length;
	const editioned = rows.some((row) => row.endpoints.some((e) => e.since || e.before));
	const lines = [
		`${resources.length} resources, ${count} operations` +
			(v1
				? `, ${v1} of them on API v1${v1Before ? ` (${v1Before} only on API versions where v2 lacks the write)` : ''}.`
				: '.') +
			' "Endpoint" is the call the operation is built on, as Affinity documents it. Some operations' +
			' read more: writes read the field metadata and dropdown options to check a value before' +
			" sending it, and Merge → Start reads the merge's task while it waits." +
			(editioned
				? ' An endpoint marked with an API version is called only on that version of API v2' +
					' ("2026-09-17 on") or only on older ones ("before 2026-09-17"): the version is the' +
					" credential's API Version, or the key's default when that is chosen."
				: ''),
		'',
	];
	for (const resource of resources) {
		lines.push(`## ${resource.name}`, '');
		lines.push('| Operation | What it does | API | Endpoint |', '| --- | --- | --- | --- |');
		for (const row of resource.operations)
			lines.push(
				`| ${escapeCell(row.name)} | ${escapeCell(row.description)} | ${apiOf(row)} | ${endpointCell(row)} |`,
			);
		lines.push('');
	}
	return lines.join('\n');
}

/** The README's short list: a resource a line, its operations by name, linking to the full table. */
export function renderReadmeList(resources: ResourceRows[], tablePage: string): string {
	const lines = resources.map((resource) => {
		const names = resource.operations.map(
			(o) => `${o.name}${usesV1(o) ? '¹' : ''}${needsEdition(o) ? '†' : ''}`,
		);
		return `- [${resource.name}](${tablePage}#${anchorOf(resource.name)}): ${names.join(', ')}`;
	});
	const rows = resources.flatMap((r) => r.operations);
	const notes: string[] = [];
	if (rows.some(usesV1))
		notes.push(
			"¹ Calls Affinity's API v1 with the same key, because API v2 has no such endpoint" +
				(rows.some((row) => usesV1(row) && row.endpoints.some((e) => e.since))
					? ' (some, on API version 2026-09-17, call its new v2 endpoint instead)'
					: '') +
				'; the output has the v2 names and shapes.',
		);
	const needed = [...new Set(rows.map(needsEdition).filter(Boolean))];
	if (needed.length)
		notes.push(
			`† Needs API version ${needed.join(' or ')} or later (the credential's API Version); on an older one it stops before any request and says so.`,
		);
	for (const note of notes) lines.push('', note);
	return lines.join('\n');
}

/**
 * Replaces what lies between `<!-- generated:<name> -->` and `<!-- /generated:<name> -->`
 * (both kept) with `content`. Throws when the markers are missing: the generator must not guess
 * where a part goes.
 */
export function replaceGenerated(text: string, name: string, content: string): string {
	const start = `<!-- generated:${name} -->`;
	const end = `<!-- /generated:${name} -->`;
	const from = text.indexOf(start);
	const to = text.indexOf(end);
	if (from < 0 || to < from) throw new Error(`markers ${start} … ${end} not found`);
	return `${text.slice(0, from + start.length)}\n\n${content.trim()}\n\n${text.slice(to)}`;
}
