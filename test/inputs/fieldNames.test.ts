/**
 * Field names are user data and become object keys in simplified records: every name, those of
 * Object.prototype's members included, is an own key holding its own value, and no name can set
 * the prototype of the object it lands in.
 */
import { LeakWatch } from './secrets';

import type { IDataObject } from 'n8n-workflow';

import {
	simplifyEntity,
	simplifyEntryOfEntity,
	simplifyFields,
	simplifyListEntry,
} from '../../nodes/AffinityV2/helpers/simplify';
import type { ApiField } from '../../nodes/AffinityV2/helpers/types';
import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { ENTRY, TARGET_ACCOUNTS, byId } from './operations';

const RESERVED = [
	'__proto__',
	'constructor',
	'hasOwnProperty',
	'toString',
	'valueOf',
	'__defineGetter__',
	'prototype',
];

const location = {
	streetAddress: '1 Main St',
	city: 'Lagos',
	state: null,
	country: 'Nigeria',
	continent: 'Africa',
};
const field = (id: string, name: string, value: ApiField['value']): ApiField =>
	({ id, name, type: 'list', enrichmentSource: null, value }) as ApiField;

/** Own enumerable keys, and the value under each, read without going through the prototype. */
function own(object: unknown): Record<string, unknown> {
	return Object.fromEntries(
		Object.keys(object as object).map((k) => [
			k,
			Object.getOwnPropertyDescriptor(object, k)?.value,
		]),
	);
}

/** Names that reach a prototype when an item is copied: keyed "name (id)" instead. */
const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
const keyOf = (name: string, id: string) => (PROTOTYPE_NAMES.has(name) ? `${name} (${id})` : name);

describe('simplifyFields', () => {
	it.each(RESERVED)('a text field named %j is an own key with its value', (name) => {
		const { fields } = simplifyFields([field('field-1', name, { type: 'text', data: 'hello' })]);
		const key = keyOf(name, 'field-1');
		expect(Object.keys(fields)).toEqual([key]);
		expect(own(fields)[key]).toBe('hello');
		expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
		expect(JSON.parse(JSON.stringify(fields))).toEqual(
			JSON.parse(`{${JSON.stringify(key)}:"hello"}`),
		);
		// A Code node copying the item: the copy's prototype is untouched.
		const copy = Object.assign({}, fields);
		expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
		expect({ ...fields }[key]).toBe('hello');
	});

	it('a location field named __proto__ does not become the prototype of fields', () => {
		const { fields } = simplifyFields([
			field('field-1', '__proto__', { type: 'location', data: location }),
			field('field-2', 'Stage', { type: 'text', data: 'IC' }),
		]);
		expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
		expect((fields as Record<string, unknown>).city).toBeUndefined();
		expect('line' in fields).toBe(false);
		expect(own(fields)).toEqual(
			Object.fromEntries([
				[
					'__proto__ (field-1)',
					expect.objectContaining({ city: 'Lagos', line: '1 Main St, Lagos, Nigeria' }),
				],
				['Stage', 'IC'],
			]),
		);
		expect(JSON.stringify(fields)).toContain(
			'"__proto__ (field-1)":{"line":"1 Main St, Lagos, Nigeria"',
		);
		expect(Object.getPrototypeOf(Object.assign({}, fields))).toBe(Object.prototype);
	});

	it('calendar dates and the truncated list key by the same names', () => {
		const people = Array.from({ length: 100 }, (_, i) => ({
			id: i + 1,
			firstName: 'P',
			lastName: String(i),
			primaryEmailAddress: null,
		}));
		const result = simplifyFields([
			field('field-1', '__proto__', { type: 'datetime', data: '2025-07-04T07:00:00.000Z' }),
			field('field-2', 'constructor', { type: 'person-multi', data: people } as ApiField['value']),
		]);
		expect(own(result.calendarDates)).toEqual({ '__proto__ (field-1)': '2025-07-04' });
		expect(Object.getPrototypeOf(result.calendarDates)).toBe(Object.prototype);
		expect(result.possiblyTruncated).toEqual(['constructor (field-2)']);
		expect(Array.isArray(own(result.fields)['constructor (field-2)'])).toBe(true);
	});

	it('two fields named __proto__ are both kept, as "name (id)"', () => {
		const { fields } = simplifyFields([
			field('field-1', '__proto__', { type: 'text', data: 'a' }),
			field('field-2', '__proto__', { type: 'text', data: 'b' }),
		]);
		expect(own(fields)).toEqual({ '__proto__ (field-1)': 'a', '__proto__ (field-2)': 'b' });
	});

	it('simplified entities and entries carry the own keys', () => {
		const fields = [
			field('field-1', '__proto__', { type: 'location', data: location }),
			field('field-2', 'hasOwnProperty', { type: 'number', data: 3 }),
		];
		const entity = JSON.parse(JSON.stringify({ id: 7, name: 'Acme', fields }));
		for (const simplified of [
			simplifyEntity(entity),
			simplifyListEntry({
				id: 1,
				listId: 2,
				type: 'company',
				createdAt: '',
				creatorId: 1,
				entity,
			} as never),
			simplifyEntryOfEntity({ id: 1, listId: 2, fields: entity.fields }),
		]) {
			const out = own(simplified.fields);
			expect(Object.keys(out)).toEqual(['__proto__ (field-1)', 'hasOwnProperty']);
			expect(out.hasOwnProperty).toBe(3);
			expect(Object.getPrototypeOf(simplified.fields)).toBe(Object.prototype);
		}
	});
});

describe('in the engine, with fields so named in the emulator', () => {
	const fixture = new EmulatorFixture();
	const leaks = new LeakWatch();
	beforeAll(async () => {
		leaks.install();
		await fixture.start();
	});
	afterAll(() => fixture.stop());
	beforeEach(() => fixture.reset());
	afterEach(async () => leaks.check(await fixture.requests()));

	async function nameFields(): Promise<void> {
		const values: Array<[string, string, IDataObject]> = [
			['__proto__', 'location', { type: 'location', data: location }],
			['constructor', 'text', { type: 'text', data: 'built' }],
			['hasOwnProperty', 'number', { type: 'number', data: 42 }],
		];
		for (const [name, valueType, value] of values) {
			const { id } = await fixture.control<{ id: string }>('POST', '/fields', {
				listId: TARGET_ACCOUNTS,
				name,
				valueType,
			});
			await fixture.control('POST', '/values', { listEntryId: ENTRY, fieldId: id, value });
		}
	}

	it.each([
		[
			'List Entry → Get',
			{
				resource: 'listEntry',
				operation: 'get',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(ENTRY),
				fieldTypes: ['list'],
			},
		],
		[
			'List Entry → Get Many',
			{
				resource: 'listEntry',
				operation: 'getAll',
				listId: byId(TARGET_ACCOUNTS),
				returnAll: false,
				limit: 1,
				fieldTypes: ['list'],
			},
		],
	])(
		'%s: __proto__ and constructor are keyed "name (id)", hasOwnProperty is an own key',
		async (_name, parameters) => {
			await nameFields();
			const run = leaks.watch(
				'the run',
				await runAffinityNode({ credentials: fixture.credentials(), parameters }),
			);
			expect(run.error).toBeUndefined();
			const entry = run.items.find((item) => item.id === ENTRY) as IDataObject;
			const fields = own(entry.fields);
			const keyed = (name: string) =>
				fields[Object.keys(fields).find((k) => k.startsWith(`${name} (field-`))!];
			expect(keyed('__proto__')).toEqual(
				expect.objectContaining({ city: 'Lagos', country: 'Nigeria' }),
			);
			expect(keyed('constructor')).toBe('built');
			expect(fields.hasOwnProperty).toBe(42);
			expect(Object.keys(fields)).not.toContain('__proto__');
			expect(Object.getPrototypeOf(Object.assign({}, entry.fields))).toBe(Object.prototype);
			expect(Object.getPrototypeOf(entry.fields)).toBe(Object.prototype);
			expect((entry.fields as Record<string, unknown>).city).toBeUndefined();
		},
	);
});
