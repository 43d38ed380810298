/*
 * Real answers are messier than the description: nulls where arrays are described, objects
 * (LinkedIn entries {link, text}) and numbers where strings are, values that break their
 * formats, required properties missing, multi-values cut at 100 with a larger totalCount,
 * hidden field values in both shapes. A property-style test: for each schema a reader takes,
 * valid instances are generated from the OpenAPI description (2026-07-15) with a seeded PRNG,
 * mutated that way, and fed to every reader of that schema. Every reader must take them without
 * a throw, without "[object Object]", with JSON-serialisable output, and where a multi-value
 * says it holds more than it shows, readers that show values must say so.
 */
import { loadDescription } from '../../testkit/descriptions/openapi';
import { compactForAgent } from '../../nodes/AffinityV2/helpers/agentOutput';
import { entityDisplayName } from '../../nodes/AffinityV2/helpers/entities';
import { displayText } from '../../nodes/AffinityV2/helpers/text';
import {
	simplifyEntity,
	simplifyEntryOfEntity,
	simplifyField,
	simplifyFields,
	simplifyListEntry,
} from '../../nodes/AffinityV2/helpers/simplify';
import { simplifyValue } from '../../nodes/AffinityV2/helpers/simplifyValue';
import type { ApiEntity, ApiField, ApiListEntry } from '../../nodes/AffinityV2/helpers/types';
import { companyFromV1 } from '../../nodes/AffinityV2/helpers/v1/companies';
import { fieldFromV1 } from '../../nodes/AffinityV2/helpers/v1/fields';
import { entityFileFromV1 } from '../../nodes/AffinityV2/helpers/v1/files';
import { interactionFromV1 } from '../../nodes/AffinityV2/helpers/v1/interactions';
import { listEntryFromV1 } from '../../nodes/AffinityV2/helpers/v1/listEntries';
import { opportunityFromV1 } from '../../nodes/AffinityV2/helpers/v1/opportunities';
import { personFromV1 } from '../../nodes/AffinityV2/helpers/v1/persons';
import { reminderFromV1 } from '../../nodes/AffinityV2/helpers/v1/reminders';
import {
	companyItem,
	dropdownOptionItem,
	fieldDescriptor,
	fieldOption,
	listEntryItem,
	listItem,
	noteItem,
	opportunityItem,
	personItem,
	reminderItem,
	savedViewItem,
	transcriptItem,
} from '../../nodes/AffinityV2/methods/pickerItems';
import {
	changeEvent,
	type ApiFieldChange,
} from '../../nodes/AffinityV2Trigger/changeLog/fieldValueChanges';
import { Differ } from '../../nodes/AffinityV2Trigger/state/diff';
import { entryEvent } from '../../nodes/AffinityV2Trigger/helpers/events';
import { SnapshotBuilder, decodeState } from '../../nodes/AffinityV2Trigger/state';
import {
	exactKey,
	fingerprint,
	memberKey,
} from '../../nodes/AffinityV2Trigger/helpers/fingerprint';
import { typeCode } from '../../nodes/AffinityV2Trigger/helpers/typeCodes';
import { eventItem, parseDelivery } from '../../nodes/AffinityV2WebhookTrigger/delivery';

type Json = Record<string, unknown>;
type Path = Array<string | number>;

/** Cases per schema: enough to hit every site of every schema several times, in a few seconds. */
const CASES = 200;
const SEED = 0x5eed2026;
/** What a truncated multi-value holds in these tests: 100 shown of 250. */
const TOTAL = 250;
const SHOWN = 100;

function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const description = loadDescription('2026-07-15') as { components: { schemas: Json } };
const SCHEMAS = description.components.schemas;

/** A schema with its $ref followed and its allOf merged. */
function resolve(schema: Json): Json {
	let s = schema;
	while (typeof s.$ref === 'string') s = SCHEMAS[s.$ref.split('/').pop() as string] as Json;
	if (Array.isArray(s.allOf)) {
		const merged: Json = { ...s, properties: { ...((s.properties as Json) ?? {}) } };
		const required = new Set<string>((s.required as string[]) ?? []);
		delete merged.allOf;
		for (const part of s.allOf as Json[]) {
			const r = resolve(part);
			Object.assign(merged.properties as Json, r.properties ?? {});
			for (const k of (r.required as string[]) ?? []) required.add(k);
			merged.type ??= r.type;
		}
		merged.required = [...required];
		return merged;
	}
	return s;
}

type SiteKind = 'array' | 'string' | 'format' | 'required' | 'multi' | 'fieldValue';
interface Site {
	kind: SiteKind;
	path: Path;
	schema: Json;
}

/** Valid instances of a schema, recording where mutations can land. */
class Generator {
	readonly sites: Site[] = [];
	constructor(
		private readonly rand: () => number,
		private readonly record = true,
	) {}

	private pick<T>(items: T[]): T {
		return items[Math.floor(this.rand() * items.length)];
	}

	private site(kind: SiteKind, path: Path, schema: Json) {
		if (this.record) this.sites.push({ kind, path, schema });
	}

	value(schema: Json, path: Path = [], depth = 0): unknown {
		if (typeof schema.$ref === 'string' && schema.$ref.endsWith('/FieldValue'))
			this.site('fieldValue', path, schema);
		const s = resolve(schema);
		const branches = (s.oneOf ?? s.anyOf) as Json[] | undefined;
		if (branches) return this.value(this.pick(branches), path, depth);
		if ('const' in s) return s.const;
		if (Array.isArray(s.enum)) {
			const options = s.enum.filter((v) => v !== null);
			return options.length && this.rand() > 0.1 ? this.pick(options) : (s.enum[0] ?? null);
		}
		let type = s.type as string | string[] | undefined;
		if (Array.isArray(type)) {
			const concrete = type.filter((t) => t !== 'null');
			type = concrete.length && this.rand() > 0.15 ? this.pick(concrete) : 'null';
		}
		type ??= s.properties ? 'object' : s.items ? 'array' : 'string';
		switch (type) {
			case 'null':
				return null;
			case 'boolean':
				return this.rand() > 0.5;
			case 'integer':
				return ((s.minimum as number) ?? 1) + Math.floor(this.rand() * 1000);
			case 'number':
				return Math.round(this.rand() * 100000) / 100;
			case 'string': {
				this.site('string', path, s);
				if (s.format) this.site('format', path, s);
				return this.text(s.format as string | undefined);
			}
			case 'array': {
				this.site('array', path, s);
				const count = depth > 6 ? 0 : Math.floor(this.rand() * 4);
				const items = (s.items as Json) ?? {};
				return Array.from({ length: count }, (_, i) => this.value(items, [...path, i], depth + 1));
			}
			default: {
				const props = (s.properties as Json) ?? {};
				const required = new Set<string>((s.required as string[]) ?? []);
				const out: Json = {};
				for (const [key, prop] of Object.entries(props)) {
					if (!required.has(key) && (depth > 6 || this.rand() < 0.3)) continue;
					out[key] = this.value(prop as Json, [...path, key], depth + 1);
					if (required.has(key)) this.site('required', [...path, key], prop as Json);
				}
				const data = props.data ? resolve(props.data as Json) : undefined;
				const dataType = data?.type;
				if (
					props.totalCount &&
					(dataType === 'array' || (Array.isArray(dataType) && dataType.includes('array')))
				)
					this.site('multi', path, s);
				return out;
			}
		}
	}

	private text(format?: string): string {
		const n = Math.floor(this.rand() * 1000);
		switch (format) {
			case 'date-time':
				return new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString();
			case 'date':
				return '2024-03-10';
			case 'email':
				return `person${n}@example.com`;
			case 'hostname':
				return `company${n}.example.com`;
			case 'uri':
			case 'url':
				return `https://example.com/${n}`;
			default:
				return `text ${n}`;
		}
	}
}

const MALFORMED: Record<string, string[]> = {
	email: ['not an email', 'a@@b', 'jane.smith@', '<jane@example.com>'],
	hostname: ['not a host name', 'exa mple..com', 'https://example.com/', '-bad-.com'],
	uri: ['not a uri', '//', 'ht!tp://x'],
	'date-time': ['2020-04-27T15:35:43.383953-07:00', 'yesterday', '2024-13-45T99:00:00Z', ''],
	date: ['2024-02-30', 'someday'],
};

function parentOf(root: unknown, path: Path): [Json | unknown[], string | number] | undefined {
	let node = root as Json;
	for (const key of path.slice(0, -1)) {
		if (!node || typeof node !== 'object') return undefined;
		node = (node as Json)[key as string] as Json;
	}
	if (!node || typeof node !== 'object') return undefined;
	return [node, path[path.length - 1]];
}

/** Applies one mutation; returns a label, or undefined when its site is no longer there. */
function mutate(root: Json, site: Site, rand: () => number): string | undefined {
	if (site.path.length === 0) return undefined;
	const at = parentOf(root, site.path);
	if (!at) return undefined;
	const [parent, key] = at;
	const set = (value: unknown) => ((parent as Json)[key as string] = value);
	const label = `${site.kind} at ${site.path.join('.')}`;
	switch (site.kind) {
		case 'array':
			set(null);
			return label;
		case 'string': {
			const choice = Math.floor(rand() * 3);
			set(
				choice === 0
					? { link: 'https://www.linkedin.com/in/jane', text: 'Jane on LinkedIn' }
					: choice === 1
						? 4217
						: null,
			);
			return label;
		}
		case 'format': {
			const options = MALFORMED[site.schema.format as string] ?? ['malformed'];
			set(options[Math.floor(rand() * options.length)]);
			return label;
		}
		case 'required':
			if (Array.isArray(parent)) return undefined;
			delete (parent as Json)[key as string];
			return label;
		case 'fieldValue': {
			// Both shapes of a hidden value: {type: "hidden", data: null}, or the value's own type
			// with data null (the field's type then says "hidden").
			const current = (parent as Json)[key as string] as Json | undefined;
			set(rand() < 0.5 ? { type: 'hidden', data: null } : { type: current?.type, data: null });
			if (!Array.isArray(parent) && 'enrichmentSource' in parent) parent.type = 'hidden';
			return label;
		}
		case 'multi': {
			const value = (parent as Json)[key as string] as Json | undefined;
			if (!value || typeof value !== 'object') return undefined;
			const data = resolve((resolve(site.schema).properties as Json).data as Json);
			const items = (data.items as Json) ?? { type: 'string' };
			const gen = new Generator(rand, false);
			value.data = Array.from({ length: SHOWN }, (_, i) => gen.value(items, [i], 3));
			value.totalCount = TOTAL;
			return `multi at ${site.path.join('.') || '(root)'}`;
		}
	}
}

interface Case {
	instance: Json;
	labels: string[];
	/** A multi-value of the instance says it holds more than it shows. */
	truncated: boolean;
}

/** The cases of a schema: each a fresh valid instance with one to three mutations. */
function cases(name: string, schema: Json = { $ref: `#/components/schemas/${name}` }): Case[] {
	const out: Case[] = [];
	for (let i = 0; i < CASES; i++) {
		const rand = prng(SEED ^ (i * 7919) ^ hashName(name));
		const gen = new Generator(rand);
		const instance = gen.value(schema) as Json;
		const labels: string[] = [];
		let truncated = false;
		if (gen.sites.length) {
			// Every fourth case cuts a multi-value (when the schema has one) and nothing else.
			const multis = gen.sites.filter((s) => s.kind === 'multi');
			if (i % 4 === 0 && multis.length) {
				const label = mutate(instance, multis[i % multis.length], rand);
				if (label) {
					labels.push(label);
					truncated = true;
				}
			} else {
				const count = 1 + Math.floor(rand() * 3);
				for (let m = 0; m < count; m++) {
					const site = gen.sites[Math.floor(rand() * gen.sites.length)];
					if (site.kind === 'multi') continue;
					const label = mutate(instance, site, rand);
					if (label) labels.push(label);
				}
			}
		}
		out.push({ instance, labels, truncated });
	}
	return out;
}

function hashName(name: string): number {
	let h = 0;
	for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
	return h >>> 0;
}

/** Every string of an output, at any depth (object keys included). */
function strings(value: unknown, out: string[] = []): string[] {
	if (typeof value === 'string') out.push(value);
	else if (Array.isArray(value)) for (const v of value) strings(v, out);
	else if (value && typeof value === 'object')
		for (const [k, v] of Object.entries(value)) {
			out.push(k);
			strings(v, out);
		}
	return out;
}

/** How a reader must present a truncated multi-value: not at all (raw), by a count, or in words. */
type Shows = 'raw' | 'count' | 'words';

interface Reader {
	name: string;
	read: (instance: Json) => unknown;
	shows: Shows;
}

/** "and N more" with N at least the values the API left out. */
const saysMore = (json: string) =>
	[...json.matchAll(/and (\d+) more/g)].some((m) => Number(m[1]) >= TOTAL - SHOWN);

/** Runs each reader on each case and collects what breaks, with the case that broke it. */
function failures(schemaCases: Case[], readers: Reader[]): string[] {
	const found: string[] = [];
	for (const c of schemaCases) {
		for (const reader of readers) {
			const input = structuredClone(c.instance);
			const where = `${reader.name} [${c.labels.join('; ') || 'valid'}]`;
			let output: unknown;
			try {
				output = reader.read(input);
			} catch (error) {
				found.push(`${where}: threw ${(error as Error).message}`);
				continue;
			}
			let json: string;
			try {
				json = JSON.stringify(output) ?? 'undefined';
			} catch (error) {
				found.push(`${where}: not JSON-serialisable: ${(error as Error).message}`);
				continue;
			}
			if (strings(output).some((s) => s.includes('[object Object]')))
				found.push(`${where}: "[object Object]" in ${json.slice(0, 300)}`);
			if (c.truncated && reader.shows === 'count' && !/"moreValues"/.test(json))
				found.push(`${where}: a truncated multi-value without moreValues: ${json.slice(0, 300)}`);
			if (c.truncated && reader.shows === 'words' && !saysMore(json))
				found.push(
					`${where}: a truncated multi-value without "and N more": ${json.slice(0, 300)}…${json.slice(json.indexOf('moreValues') - 100, json.indexOf('moreValues') + 100)}`,
				);
		}
	}
	return found;
}

const agent = (record: unknown, allValues = false) =>
	compactForAgent([record as Json] as never, undefined, { allValues });

const fieldsOfEntry = (entry: Json): ApiField[] => {
	const entity = entry.entity as Json | null | undefined;
	const fields = entity && typeof entity === 'object' ? entity.fields : undefined;
	return Array.isArray(fields) ? (fields as ApiField[]) : [];
};

const ctx = { listId: 1, includeEntry: true };

const entityReaders = (picker: (raw: unknown) => unknown): Reader[] => [
	{ name: 'simplifyEntity', read: (x) => simplifyEntity(x as ApiEntity), shows: 'count' },
	{
		name: 'agent output (simplified)',
		read: (x) => agent(simplifyEntity(x as ApiEntity)),
		shows: 'words',
	},
	{
		name: 'agent output (simplified, allValues)',
		read: (x) => agent(simplifyEntity(x as ApiEntity), true),
		shows: 'words',
	},
	{ name: 'agent output (raw)', read: (x) => agent(x), shows: 'words' },
	{ name: 'entityDisplayName', read: (x) => entityDisplayName(x), shows: 'raw' },
	{ name: 'picker', read: picker, shows: 'raw' },
];

const listEntryReaders: Reader[] = [
	{ name: 'simplifyListEntry', read: (x) => simplifyListEntry(x as never), shows: 'count' },
	{
		name: 'agent output',
		read: (x) => agent(simplifyListEntry(x as never)),
		shows: 'words',
	},
	{
		name: 'trigger entryEvent (added)',
		read: (x) => entryEvent('listEntryAdded', x as never, fieldsOfEntry(x), ctx),
		shows: 'count',
	},
	{
		name: 'trigger entryEvent (changed)',
		read: (x) =>
			entryEvent('fieldValueChanged', x as never, fieldsOfEntry(x), ctx, {
				changed: fieldsOfEntry(x).map((f) => f?.id),
				previous: () => ({ known: true, value: ['before'] }),
			}),
		shows: 'count',
	},
	{
		name: 'trigger events in agent output',
		read: (x) => agent(entryEvent('listEntryAdded', x as never, fieldsOfEntry(x), ctx)),
		shows: 'words',
	},
	{
		name: 'trigger fingerprints',
		read: (x) => fieldsOfEntry(x).map((f) => fingerprint((f as ApiField | null)?.value)),
		shows: 'raw',
	},
	{ name: 'list entry picker', read: listEntryItem, shows: 'raw' },
	{
		name: 'trigger snapshot state (kept values, encoded, decoded, diffed)',
		read: (x) => {
			const fields = fieldsOfEntry(x).filter((f) => f && typeof f.id === 'string');
			const tracked = [...new Set(fields.map((f) => f.id))];
			const byId = new Map(fields.map((f) => [f.id, { value: f.value }]));
			const row = tracked.map((id) => byId.get(id));
			const entity = x.entity as Json | null | undefined;
			const entityId = typeof entity?.id === 'number' ? entity.id : 0;
			const entryId = typeof x.id === 'number' ? x.id : 1;
			const poll = (previous?: ReturnType<SnapshotBuilder['encode']>) => {
				const builder = new SnapshotBuilder(tracked.map((id) => ({ id, keepValues: true })));
				const differ = new Differ(previous ? decodeState(previous) : undefined, tracked);
				const comparison = differ.compare(entryId, builder.add(entryId, entityId, row));
				return { state: builder.encode('k', '2026-01-01T00:00:00.000Z'), comparison, differ };
			};
			const first = poll();
			const second = poll(first.state);
			expect(second.comparison.kind).toBe('unchanged');
			return tracked.map((id) => second.differ.previousValue(0, id));
		},
		shows: 'raw',
	},
];

const fieldValueReaders: Reader[] = [
	{ name: 'simplifyValue', read: (x) => simplifyValue(x as never) ?? null, shows: 'raw' },
	{ name: 'fingerprint', read: (x) => fingerprint(x as never), shows: 'raw' },
	{
		name: 'exact keys',
		read: (x) => {
			const code = typeCode(x.type);
			const keys = [exactKey(code, x.data)];
			if (Array.isArray(x.data)) for (const item of x.data) keys.push(memberKey(code, item));
			return keys.map((k) => (Number.isNaN(k) ? null : k));
		},
		shows: 'raw',
	},
	{ name: 'agent output (raw value)', read: (x) => agent(x), shows: 'words' },
];

const fieldReaders: Reader[] = [
	{ name: 'simplifyField', read: (x) => simplifyField(x as never), shows: 'count' },
	{ name: 'simplifyFields', read: (x) => simplifyFields([x as never]), shows: 'count' },
	{ name: 'agent output', read: (x) => agent(simplifyField(x as never)), shows: 'words' },
	{ name: 'fingerprint', read: (x) => fingerprint((x as Json).value as never), shows: 'raw' },
];

const plain = (name: string, read: (x: Json) => unknown): Reader => ({ name, read, shows: 'raw' });

/** v2 schemas and their readers. */
const V2: Array<[string, Reader[]]> = [
	['Company', entityReaders(companyItem)],
	['CompanyData', entityReaders(companyItem)],
	['Person', entityReaders(personItem)],
	['PersonData', entityReaders(personItem)],
	['Opportunity', entityReaders(opportunityItem)],
	['OpportunityWithFields', entityReaders(opportunityItem)],
	['ListEntryWithEntity', listEntryReaders],
	[
		'ListEntry',
		[
			{ name: 'simplifyEntryOfEntity', read: (x) => simplifyEntryOfEntity(x), shows: 'count' },
			{ name: 'agent output', read: (x) => agent(simplifyEntryOfEntity(x)), shows: 'words' },
		],
	],
	['Field', fieldReaders],
	['FieldValue', fieldValueReaders],
	[
		'fieldValueChanges.FieldValueChange',
		[
			plain('trigger changeEvent', (x) => changeEvent(1, x as unknown as ApiFieldChange)),
			plain('agent output', (x) => agent(changeEvent(1, x as unknown as ApiFieldChange))),
		],
	],
	[
		'FieldMetadata',
		[plain('field option', (x) => fieldOption(x)), plain('descriptor', fieldDescriptor)],
	],
	['SavedView', [plain('saved view picker', savedViewItem), plain('agent output', agent)]],
	['ListWithType', [plain('list picker', listItem), plain('agent output', agent)]],
	['notes.Note', [plain('note picker', noteItem), plain('agent output', agent)]],
	['reminders.Reminder', [plain('reminder picker', reminderItem), plain('agent output', agent)]],
	[
		'transcripts.Transcript',
		[plain('transcript picker', transcriptItem), plain('agent output', agent)],
	],
	['DropdownOption', [plain('dropdown option', dropdownOptionItem)]],
	['dropdownOptions.DropdownOption', [plain('dropdown option', dropdownOptionItem)]],
	['User', [plain('display name', entityDisplayName), plain('agent output', agent)]],
	['UserData', [plain('display name', entityDisplayName), plain('agent output', agent)]],
	['WhoAmI', [plain('agent output', agent)]],
	['webhooks.Webhook', [plain('agent output', agent)]],
	['interactions.Meeting', [plain('agent output', agent)]],
	['interactions.Email', [plain('agent output', agent)]],
];

/*
 * API v1 has no machine-readable description: its shapes (as affinity-v1-docs documents them and
 * test/emulator/v1Description.ts lists their keys) are written here as examples, each leaf typed
 * by its example value; keys that hold a time are `date-time`, with v1's Pacific offset and
 * microseconds. The generator and the mutations then treat them like the v2 schemas.
 */
const V1_TIME = '2020-04-27T15:35:43.383953-07:00';
const V1_TIME_KEY = /(?:^|_)(?:at|date)$/;

function schemaOf(example: unknown, key = ''): Json {
	if (example === null) return { type: ['string', 'null'], enum: [null] };
	if (Array.isArray(example))
		return {
			type: 'array',
			items: example.length ? schemaOf(example[0], key) : { type: 'string' },
		};
	if (typeof example === 'object') {
		const properties = Object.fromEntries(
			Object.entries(example as Json).map(([k, v]) => [k, schemaOf(v, k)]),
		);
		return { type: 'object', properties, required: Object.keys(properties) };
	}
	if (typeof example === 'string')
		return V1_TIME_KEY.test(key)
			? { type: 'string', format: 'date-time', enum: [example] }
			: { type: 'string', enum: [example] };
	return { type: typeof example === 'number' ? 'number' : 'boolean', enum: [example] };
}

const v1Person = {
	id: 38706,
	type: 0,
	first_name: 'Jane',
	last_name: 'Doe',
	primary_email: 'jane@example.com',
	emails: ['jane@example.com'],
	organization_ids: [64779194],
	opportunity_ids: [117],
	list_entries: [
		{ id: 389, list_id: 26, creator_id: 38603, entity_id: 38706, created_at: V1_TIME },
	],
};
const v1Organization = {
	id: 64779194,
	name: 'Affinity',
	domain: 'affinity.co',
	domains: ['affinity.co'],
	crunchbase_uuid: null,
	global: false,
	person_ids: [38706],
	opportunity_ids: [117],
};
const v1ListEntry = {
	id: 53,
	list_id: 26,
	creator_id: 38603,
	entity_id: 64779194,
	entity_type: 1,
	created_at: V1_TIME,
	entity: v1Organization,
};
const v1Opportunity = {
	id: 117,
	name: 'Affinity Opportunity',
	person_ids: [38706],
	organization_ids: [64779194],
	list_entries: [
		{
			id: 389,
			creator_id: 38603,
			list_id: 26,
			entity_id: 117,
			entity_type: 8,
			created_at: V1_TIME,
		},
	],
};
const v1Field = {
	id: 1234,
	name: 'Stage',
	list_id: 26,
	enrichment_source: 'none',
	value_type: 2,
	allows_multiple: false,
	track_changes: true,
	dropdown_options: [{ id: 5, text: 'Lead', rank: 0, color: 0 }],
};
const v1Ref = {
	id: 38603,
	first_name: 'Ann',
	last_name: 'Lee',
	primary_email: 'ann@example.com',
	type: 1,
};
const v1Reminder = {
	id: 15,
	type: 0,
	created_at: V1_TIME,
	completed_at: V1_TIME,
	content: 'Call back',
	due_date: V1_TIME,
	reset_type: null,
	reminder_days: null,
	status: 1,
	creator: v1Ref,
	owner: v1Ref,
	completer: v1Ref,
	person: v1Ref,
	organization: { id: 64779194, name: 'Affinity' },
	opportunity: { id: 117, name: 'Deal' },
};
const v1Interaction = {
	id: 3007,
	type: 0,
	date: V1_TIME,
	start_time: V1_TIME,
	end_time: V1_TIME,
	updated_at: V1_TIME,
	title: 'Intro',
	direction: 0,
	manual_creator_id: 38603,
	persons: [v1Ref],
	notes: [1],
};
const v1File = {
	id: 43212,
	name: 'deck.pdf',
	size: 993,
	person_id: null,
	organization_id: 64779194,
	opportunity_id: null,
	uploader_id: 38603,
	created_at: '2026-10-08T12:53:13.339Z',
};
const v1FieldValue = {
	id: 250616,
	field_id: 1234,
	list_entry_id: 53,
	entity_id: 64779194,
	value: { id: 5, text: 'Lead' },
	created_at: V1_TIME,
	updated_at: V1_TIME,
};

const delivery = (type: string) => (body: Json) => {
	const parsed = parseDelivery({ type, body, sent_at: 1588026943 });
	return parsed
		? eventItem(parsed, { listId: 26, fieldName: 'Stage', entityType: 'company' })
		: null;
};

/** v1 shapes, their readers and whether the times come out in v2's form. */
const V1: Array<[string, Json, Reader[]]> = [
	[
		'v1 Person',
		v1Person,
		[plain('personFromV1 + simplify', (x) => simplifyEntity(personFromV1(x as never)))],
	],
	[
		'v1 Organization',
		v1Organization,
		[
			plain('companyFromV1 + simplify', (x) => simplifyEntity(companyFromV1(x as never))),
			plain('webhook organization.updated', delivery('organization.updated')),
		],
	],
	[
		'v1 List Entry',
		v1ListEntry,
		[
			plain('listEntryFromV1 + simplify', (x) =>
				simplifyListEntry(listEntryFromV1(x as never, 'company') as ApiListEntry),
			),
			plain('webhook list_entry.created', delivery('list_entry.created')),
			plain('webhook list_entry.deleted', delivery('list_entry.deleted')),
		],
	],
	[
		'v1 Opportunity',
		v1Opportunity,
		[plain('opportunityFromV1', (x) => opportunityFromV1(x as never))],
	],
	['v1 Field', v1Field, [plain('fieldFromV1', (x) => fieldFromV1(x as never))]],
	['v1 Reminder', v1Reminder, [plain('reminderFromV1', (x) => reminderFromV1(x as never))]],
	[
		'v1 Interaction',
		v1Interaction,
		[plain('interactionFromV1', (x) => interactionFromV1(x as never))],
	],
	['v1 Entity File', v1File, [plain('entityFileFromV1', (x) => entityFileFromV1(x as never))]],
	[
		'v1 Field Value',
		v1FieldValue,
		[
			plain('webhook field_value.updated', delivery('field_value.updated')),
			plain('webhook field_value.deleted', delivery('field_value.deleted')),
			plain('webhook reminder.created (other events)', delivery('reminder.created')),
		],
	],
];

/** A time-like output string that is not in v2's form (ISO UTC with milliseconds). */
function unnormalisedTimes(output: unknown): string[] {
	return strings(output).filter(
		(s) =>
			/^\d{4}-\d{2}-\d{2}T/.test(s) && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(s),
	);
}

describe('every reader takes messy answers (property test over the API description)', () => {
	const counts = { schemas: 0, cases: 0, mutations: 0, readers: 0 };

	describe.each(V2)('v2 %s', (name, readers) => {
		it(`${CASES} mutated instances, ${readers.length} readers`, () => {
			const schemaCases = cases(name);
			counts.schemas++;
			counts.cases += schemaCases.length;
			counts.mutations += schemaCases.reduce((n, c) => n + c.labels.length, 0);
			counts.readers += readers.length;
			expect(failures(schemaCases, readers).slice(0, 10)).toEqual([]);
		});
	});

	describe.each(V1)('%s', (name, example, readers) => {
		it(`${CASES} mutated instances, ${readers.length} readers, times in v2's form`, () => {
			const schemaCases = cases(name, schemaOf(example));
			counts.schemas++;
			counts.cases += schemaCases.length;
			counts.mutations += schemaCases.reduce((n, c) => n + c.labels.length, 0);
			counts.readers += readers.length;
			expect(failures(schemaCases, readers).slice(0, 10)).toEqual([]);
			const times: string[] = [];
			for (const c of schemaCases)
				for (const reader of readers) {
					const bad = unnormalisedTimes(reader.read(structuredClone(c.instance)));
					if (bad.length) times.push(`${reader.name} [${c.labels.join('; ')}]: ${bad.join(', ')}`);
				}
			expect(times.slice(0, 10)).toEqual([]);
		});
	});

	it('mutates every kind, and every schema has cases that are mutated', () => {
		// Runs after the others (jest runs a file's tests in order).
		expect(counts.schemas).toBe(V2.length + V1.length);
		expect(counts.cases).toBe(CASES * (V2.length + V1.length));
		expect(counts.mutations).toBeGreaterThan(counts.cases);
		// For the report: what the test ran.
		console.log(
			`messy answers: ${counts.schemas} schemas, ${counts.cases} cases, ${counts.mutations} mutations, ${counts.readers} readers`,
		);
	});
});

/* The facts recorded from live records, one by one, with what each reader must make of them. */
describe('facts from live records', () => {
	const field = (value: unknown, extra: Json = {}) =>
		({
			id: 'field-1',
			name: 'Investors',
			type: 'list',
			enrichmentSource: null,
			value,
			...extra,
		}) as unknown as ApiField;
	const entry = (fields: ApiField[], extra: Json = {}) =>
		({
			id: 7,
			type: 'company',
			listId: 3,
			createdAt: '2025-01-01T00:00:00Z',
			creatorId: null,
			entity: { id: 9, name: 'Acme', domain: null, domains: null, isGlobal: false, fields },
			...extra,
		}) as unknown as ApiListEntry;
	const companies = (count: number) =>
		Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Co ${i + 1}`, domain: null }));

	it('an empty dropdown-multi reads back as data: null: empty, not an error', () => {
		const value = { type: 'dropdown-multi', data: null };
		expect(simplifyValue(value)).toBeNull();
		expect(fingerprint(value)).toBe(0);
		expect(simplifyField(field(value))).toMatchObject({ value: null, valueType: 'dropdown-multi' });
	});

	it('filterable-text-multi values may be LinkedIn entries {link, text}: shown as text', () => {
		const value = {
			type: 'filterable-text-multi',
			data: ['plain', { link: 'https://www.linkedin.com/in/jane', text: 'Jane Doe' }],
		};
		expect(simplifyValue(value)).toEqual(['plain', 'Jane Doe (https://www.linkedin.com/in/jane)']);
		const event = entryEvent('listEntryAdded', entry([field(value)]), [field(value)], ctx);
		expect((event.changes as Json[])[0].current).toEqual([
			'plain',
			'Jane Doe (https://www.linkedin.com/in/jane)',
		]);
	});

	it('emails and domains that break their formats are taken as they are', () => {
		const person = {
			id: 5,
			firstName: 'Jane',
			lastName: null,
			primaryEmailAddress: 'jane.smith@',
			emailAddresses: ['jane.smith@', 'not an email'],
			type: 'external',
		};
		expect(personItem(person)).toMatchObject({ name: 'Jane (jane.smith@)', value: '5' });
		expect(personItem(person).searchText).toContain('not an email');
		expect(companyItem({ id: 6, name: 'Acme', domain: 'exa mple..com' }).name).toBe(
			'Acme (exa mple..com)',
		);
	});

	it('null for emails, emailAddresses, domains, organizationIds, personIds, opportunityIds', () => {
		const person = {
			id: 5,
			firstName: 'Jane',
			lastName: 'Doe',
			primaryEmailAddress: null,
			emailAddresses: null,
			type: 'external',
		};
		expect(personItem(person)).toMatchObject({ name: 'Jane Doe', searchText: 'Jane Doe ' });
		expect(simplifyEntity(person as never)).toMatchObject({
			name: 'Jane Doe',
			emailAddresses: null,
		});
		expect(companyItem({ id: 6, name: 'Acme', domain: null, domains: null }).name).toBe('Acme');
		const v1 = companyFromV1({
			id: 6,
			name: 'Acme',
			domain: null,
			domains: null,
			person_ids: null,
			opportunity_ids: null,
		} as never);
		expect(simplifyEntity(v1)).toMatchObject({
			domains: null,
			personIds: null,
			opportunityIds: null,
		});
		expect(
			personFromV1({ id: 5, first_name: 'Jane', emails: null, organization_ids: null } as never),
		).toMatchObject({ emailAddresses: null, companyIds: null });
		expect(
			opportunityFromV1({ id: 1, name: 'Deal', person_ids: null, organization_ids: null } as never),
		).toMatchObject({ personIds: [], companyIds: [] });
	});

	it('creatorId null on a list entry stays null', () => {
		expect(simplifyListEntry(entry([]))).toMatchObject({ creatorId: null, entityName: 'Acme' });
		expect(listEntryItem(entry([])).label).toBe('company 9, entry 7');
	});

	it('a saved view without isDefault, a built-in field with createdAt null', () => {
		expect(savedViewItem({ id: 2, name: 'All', type: 'sheet', createdAt: null })).toMatchObject({
			name: 'All (sheet view)',
			value: '2',
		});
		expect(
			fieldOption({
				id: 'affinity-data-location',
				name: 'Location',
				type: 'enriched',
				valueType: 'location',
				enrichmentSource: 'affinity-data',
				createdAt: null,
			}),
		).toEqual({
			name: 'Location',
			value: 'affinity-data-location',
			description: 'Location · enriched field (affinity-data) · affinity-data-location',
		});
	});

	it.each([
		['the field says hidden', field({ type: 'number', data: null }, { type: 'hidden' })],
		['the value says hidden', field({ type: 'hidden', data: null })],
	])('a hidden field value (%s) reads as empty', (_shape, hidden) => {
		expect(simplifyField(hidden)).toMatchObject({ value: null, hidden: true });
		expect(simplifyFields([hidden])).toEqual({
			fields: { Investors: null },
			hiddenFields: ['Investors'],
		});
		expect(simplifyListEntry(entry([hidden])).hiddenFields).toEqual(['Investors']);
		expect(fingerprint(hidden.value)).toBe(0);
		const event = entryEvent('listEntryAdded', entry([hidden]), [hidden], ctx);
		expect((event.changes as Json[])[0]).toMatchObject({ current: null, previous: null });
	});

	describe('a multi-value of 250 that shows 100 (totalCount)', () => {
		const value = { type: 'company-multi', data: companies(100), totalCount: 250 };
		const texts = { type: 'filterable-text-multi', data: ['a', 'b', 'c'], totalCount: 4 };

		it('Simplify keeps the values shown and says how many more there are', () => {
			const simplified = simplifyListEntry(
				entry([field(value), field(texts, { id: 'field-2', name: 'Tags' })]),
			);
			expect((simplified.fields as Json).Investors).toHaveLength(100);
			expect(simplified.moreValues).toEqual({ Investors: 150, Tags: 1 });
			expect(simplified.possiblyTruncated).toEqual(['Investors', 'Tags']);
			expect(simplifyField(field(value))).toMatchObject({
				totalCount: 250,
				moreValues: 150,
				possiblyTruncated: true,
			});
		});

		it('an agent reads "and N more", with and without allValues, never a complete list', () => {
			const simplified = simplifyListEntry(
				entry([field(value), field(texts, { id: 'field-2', name: 'Tags' })]),
			);
			const [short] = compactForAgent([simplified]);
			const investors = (short.fields as Json).Investors as unknown[];
			expect(investors).toHaveLength(6);
			expect(investors[5]).toMatch(
				/^and 245 more \(call again with allValues: true to get 100 of them/,
			);
			expect((short.fields as Json).Tags).toEqual([
				'a',
				'b',
				'c',
				'and 1 more (Affinity returns at most 100 values of a field)',
			]);
			const [all] = compactForAgent([simplified], undefined, { allValues: true });
			const every = (all.fields as Json).Investors as unknown[];
			expect(every).toHaveLength(101);
			expect(every[100]).toBe('and 150 more (Affinity returns at most 100 values of a field)');
			// The raw value too: its data is cut, its totalCount counted.
			const [raw] = compactForAgent([value as never]);
			expect((raw.data as unknown[])[5]).toMatch(/^and 245 more/);
		});

		it('trigger events carry the count beside the values shown', () => {
			const event = entryEvent('listEntryAdded', entry([field(value)]), [field(value)], ctx);
			expect((event.changes as Json[])[0]).toMatchObject({
				possiblyTruncated: true,
				moreValues: 150,
			});
			expect(event.possiblyTruncated).toEqual(['Investors']);
			const [forAgent] = compactForAgent([event]);
			expect(((forAgent.changes as Json[])[0].current as unknown[])[5]).toMatch(/^and 245 more/);
		});
	});

	it("webhook deliveries: v1 times in v2's form, a sent_at no Date can hold is no delivery", () => {
		const item = eventItem(
			parseDelivery({
				type: 'list_entry.created',
				body: { ...v1ListEntry, created_at: '2020-04-27T15:35:43.383953-07:00' },
				sent_at: 1588026943,
			})!,
		);
		expect(item).toMatchObject({ createdAt: '2020-04-27T22:35:43.383Z', entityName: 'Affinity' });
		const other = eventItem(
			parseDelivery({ type: 'reminder.created', body: v1Reminder, sent_at: 1588026943 })!,
		);
		expect(other.body).toMatchObject({
			createdAt: '2020-04-27T22:35:43.383Z',
			dueDate: '2020-04-27T22:35:43.383Z',
			content: 'Call back',
		});
		expect(parseDelivery({ type: 'list_entry.created', body: {}, sent_at: 1e300 })).toBeUndefined();
	});

	it('displayText: one rule for any value', () => {
		expect(displayText({ link: 'https://l.in/x', text: 'X' })).toBe('X (https://l.in/x)');
		expect(displayText({ link: 'https://l.in/x', text: '' })).toBe('https://l.in/x');
		expect(displayText({ dropdownOptionId: 1, text: 'Lead' })).toBe('Lead');
		expect(displayText({ referenceType: 'deleted-entity', displayValue: 'Old Co' })).toBe('Old Co');
		expect(displayText({ firstName: 'Ada', lastName: null })).toBe('Ada');
		expect(displayText([1, null, 'b'])).toBe('1, b');
		expect(displayText({ a: 1 })).toBe('{"a":1}');
		expect(displayText(null)).toBe('');
	});
});
