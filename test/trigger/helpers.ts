import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { FieldDef } from '../../emulator/model';
import type { Random } from '../../emulator/random';
import { pacificMidnight } from '../../emulator/seed';
import { simplifyValue } from '../../nodes/AffinityV2/helpers/simplifyValue';
import type { ApiListEntry } from '../../nodes/AffinityV2/helpers/types';
import { AffinityV2Trigger } from '../../nodes/AffinityV2Trigger/AffinityV2Trigger.node.ts';
import { canonicalJson } from '../../nodes/AffinityV2Trigger/helpers/fingerprint';
import { pollHarness, type PollHarness } from '../../testkit/engine';
import type { EmulatorFixture } from '../harness/emulator';

export { byId, DEAL_PIPELINE, INVESTORS, TARGET_ACCOUNTS } from '../harness/ids';

export function triggerHarness(fixture: EmulatorFixture, parameters: IDataObject): PollHarness {
	return pollHarness(
		new AffinityV2Trigger(),
		{ watch: 'list', event: 'anyChange', watchedFieldIds: [], options: {}, ...parameters },
		fixture.credentials(),
	);
}

/** Replaces the trigger's parameters, as a user editing the node of an active workflow. */
export function setParameters(harness: PollHarness, parameters: IDataObject): void {
	const node = harness.workflow.getNode('Trigger');
	if (!node) throw new Error('no trigger node');
	node.parameters = {
		watch: 'list',
		event: 'anyChange',
		watchedFieldIds: [],
		options: {},
		...parameters,
	} as typeof node.parameters;
}

export function events(result: INodeExecutionData[][] | null): IDataObject[] {
	return result ? result[0].map((item) => item.json) : [];
}

/** The trigger's saved state as n8n would store it. */
export function savedJson(harness: PollHarness): string {
	return JSON.stringify(harness.staticData());
}

export function viewId(fixture: EmulatorFixture, name: string): number {
	const view = [...fixture.emulator.store.savedViews.values()].find((v) => v.name === name);
	if (!view) throw new Error(`no saved view ${name}`);
	return view.id;
}

export function listFields(fixture: EmulatorFixture, listId: number): FieldDef[] {
	return fixture.emulator.store.lists.get(listId)?.fields ?? [];
}

export function fieldNamed(fixture: EmulatorFixture, listId: number, name: string): FieldDef {
	const field = listFields(fixture, listId).find((f) => f.name === name);
	if (!field) throw new Error(`no field ${name}`);
	return field;
}

export function optionId(field: FieldDef, text: string): number {
	const option = field.dropdownOptions?.find((o) => o.text === text);
	if (!option) throw new Error(`no option ${text} on ${field.name}`);
	return option.id;
}

export async function setValue(
	fixture: EmulatorFixture,
	listEntryId: number,
	fieldId: string,
	value: { type: string; data: unknown } | null,
): Promise<void> {
	await fixture.control('POST', '/values', { listEntryId, fieldId, value });
}

export async function addEntry(
	fixture: EmulatorFixture,
	listId: number,
	entityId?: number,
	name?: string,
): Promise<{ id: number; entityId: number }> {
	return fixture.control('POST', '/list-entries', {
		listId,
		...(entityId === undefined ? {} : { entityId }),
		...(name ? { name } : {}),
	});
}

export async function removeEntry(fixture: EmulatorFixture, listEntryId: number): Promise<void> {
	await fixture.control('DELETE', `/list-entries/${listEntryId}`);
}

/** Every entry of a list or saved view, read as a plain API client (not through the node). */
export async function fetchAll(
	fixture: EmulatorFixture,
	listId: number,
	savedViewId?: number,
): Promise<ApiListEntry[]> {
	const out: ApiListEntry[] = [];
	let path: string | null =
		savedViewId === undefined
			? `/v2/lists/${listId}/list-entries?limit=100&fieldTypes=list`
			: `/v2/lists/${listId}/saved-views/${savedViewId}/list-entries?limit=100`;
	while (path) {
		const res: {
			status: number;
			body: { data: ApiListEntry[]; pagination: { nextUrl: string | null } };
		} = await fixture.api(path);
		if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
		out.push(...res.body.data);
		const next: string | null = res.body.pagination.nextUrl;
		path = next ? next.slice(fixture.baseUrl.length) : null;
	}
	return out;
}

/**
 * What a simplified value means, for comparing: references by id, multi values as sets. Names
 * may differ (a renamed company is not a change of the entries that reference it).
 */
export function semantic(value: unknown): string {
	if (value === null || value === undefined) return 'null';
	if (Array.isArray(value)) return `[${value.map(semantic).sort().join(',')}]`;
	if (typeof value === 'object' && 'id' in (value as object))
		return `#${String((value as { id: unknown }).id)}`;
	return canonicalJson(value);
}

export interface SnapshotEntry {
	entityId: number;
	values: Map<string, string>;
}

/** A list (or view) as entry id → entity and semantic field values. */
export function snapshotOf(entries: ApiListEntry[]): Map<number, SnapshotEntry> {
	const map = new Map<number, SnapshotEntry>();
	for (const e of entries) {
		const values = new Map<string, string>();
		for (const f of e.entity.fields ?? []) values.set(f.id, semantic(simplifyValue(f.value)));
		map.set(e.id, { entityId: e.entity.id, values });
	}
	return map;
}

const CITIES = [
	{ streetAddress: null, city: 'Berlin', state: null, country: 'Germany', continent: 'Europe' },
	{
		streetAddress: '1 Market St',
		city: 'San Francisco',
		state: 'California',
		country: 'United States',
		continent: 'North America',
	},
	{ streetAddress: null, city: 'Lagos', state: 'Lagos', country: 'Nigeria', continent: 'Africa' },
	{
		streetAddress: '8 Marina Blvd',
		city: 'Singapore',
		state: null,
		country: 'Singapore',
		continent: 'Asia',
	},
];

/** A random value for a field, in the control API's {type, data} form (sometimes null: cleared). */
export function randomValue(
	rng: Random,
	field: FieldDef,
	pools: { persons: number[]; companies: number[] },
	clearRate = 0.1,
): { type: string; data: unknown } | null {
	if (rng.chance(clearRate)) return null;
	const type = field.valueType;
	const options = field.dropdownOptions ?? [];
	const refs = (ids: number[], min: number, max: number) =>
		rng.sample(ids, rng.int(min, max)).map((id) => ({ id }));
	switch (type) {
		case 'text':
			return {
				type,
				data: rng.pick([
					'Intro call booked',
					'Sent the deck',
					'Waiting on legal',
					'Ünïcödé "quoted" \\ text',
					`Note ${rng.int(1, 1e6)}`,
				]),
			};
		case 'number':
			return { type, data: rng.chance(0.3) ? rng.int(1, 9999) + 0.5 : rng.int(1, 9999) };
		case 'datetime':
			return {
				type,
				data: pacificMidnight(`202${rng.int(0, 6)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`),
			};
		case 'location':
			return { type, data: rng.pick(CITIES) };
		case 'location-multi':
			return { type, data: rng.sample(CITIES, rng.int(1, 3)) };
		case 'dropdown':
		case 'ranked-dropdown':
			return { type, data: { dropdownOptionId: rng.pick(options).id } };
		case 'dropdown-multi':
			return {
				type,
				data: rng.sample(options, rng.int(1, 3)).map((o) => ({ dropdownOptionId: o.id })),
			};
		case 'person':
			return { type, data: { id: rng.pick(pools.persons) } };
		case 'person-multi':
			return { type, data: refs(pools.persons, 1, 4) };
		case 'company':
			return { type, data: { id: rng.pick(pools.companies) } };
		case 'company-multi':
			return { type, data: refs(pools.companies, 1, 4) };
		case 'number-multi':
			return { type, data: Array.from({ length: rng.int(1, 4) }, () => rng.int(0, 500)) };
		default:
			throw new Error(`no generator for ${type}`);
	}
}
