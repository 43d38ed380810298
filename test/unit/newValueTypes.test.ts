import type { IDataObject } from 'n8n-workflow';

import { compactForAgent } from '../../nodes/AffinityV2/helpers/agentOutput';
import { simplifyField, simplifyFields } from '../../nodes/AffinityV2/helpers/simplify';
import { simplifyValue } from '../../nodes/AffinityV2/helpers/simplifyValue';
import { displayText } from '../../nodes/AffinityV2/helpers/text';
import type { ApiField, ApiListEntry, FieldValue } from '../../nodes/AffinityV2/helpers/types';
import { entryEvent } from '../../nodes/AffinityV2Trigger/helpers/events';
import { EMPTY, fingerprint } from '../../nodes/AffinityV2Trigger/helpers/fingerprint';
import {
	SnapshotBuilder,
	decodeState,
	type TriggerState,
} from '../../nodes/AffinityV2Trigger/state';

/**
 * The value types of 2026-09-17 (NoteValue, ReminderValue, ListsValue) and the internalPerson of
 * an interaction value, in every reader: Simplify, agent answers, the trigger's events and its
 * fingerprints (what counts as a change).
 */

const creator = {
	id: 42,
	firstName: 'Jane',
	lastName: 'Smith',
	primaryEmailAddress: 'jane@example.com',
	type: 'internal',
};
const note = (
	html = '<p>Met the <strong>founders</strong> &amp; liked them.</p>',
	author = creator,
) =>
	({
		type: 'note',
		data: {
			id: 9001,
			content: { html },
			creator: author,
			mentions: [],
			createdAt: '2026-09-20T10:00:00Z',
			updatedAt: null,
		},
	}) as FieldValue;
const reminder = (dueDate = '2026-10-01T09:00:00Z', content = 'Follow up on the term sheet') =>
	({
		type: 'reminder',
		data: { id: 77, type: 'one-time', content, createdAt: '2026-09-18T08:00:00Z', dueDate },
	}) as FieldValue;
const lists = (entityCounts: [number, number] = [12, 40]) =>
	({
		type: 'list-multi',
		data: [
			{ id: 101, name: 'Deal Pipeline', type: 'opportunity', entityCount: entityCounts[0] },
			{ id: 102, name: 'Target Accounts', type: 'company', entityCount: entityCounts[1] },
		],
		totalCount: 2,
	}) as FieldValue;
const interaction = (internalPerson: unknown) =>
	({
		type: 'interaction',
		data: {
			type: 'meeting',
			id: 555,
			startTime: '2026-09-01T15:00:00Z',
			endTime: '2026-09-01T16:00:00Z',
			title: 'Partner meeting',
			internalPerson,
		},
	}) as unknown as FieldValue;

const field = (id: string, name: string, value: FieldValue): ApiField =>
	({ id, name, type: 'list', enrichmentSource: null, value }) as unknown as ApiField;

const NO_OBJECT_TEXT = /\[object Object\]/;

describe('Simplify', () => {
	it('a note value shows its text, its creator and when it was written', () => {
		expect(simplifyValue(note())).toEqual({
			id: 9001,
			text: 'Met the founders & liked them.',
			creator: { id: 42, name: 'Jane Smith', email: 'jane@example.com' },
			createdAt: '2026-09-20T10:00:00Z',
		});
	});

	it('a reminder value shows its content and due date', () => {
		expect(simplifyValue(reminder())).toEqual({
			id: 77,
			content: 'Follow up on the term sheet',
			dueDate: '2026-10-01T09:00:00Z',
			type: 'one-time',
		});
	});

	it('a list-multi value shows its lists by name', () => {
		expect(simplifyValue(lists())).toEqual([
			{ id: 101, name: 'Deal Pipeline', type: 'opportunity' },
			{ id: 102, name: 'Target Accounts', type: 'company' },
		]);
	});

	it('empty values of the new types are null', () => {
		for (const type of ['note', 'reminder', 'list-multi'])
			expect(simplifyValue({ type, data: null } as FieldValue)).toBeNull();
	});

	it('a record’s fields and one field read well, complete lists are not called truncated', () => {
		const simplified = simplifyFields([
			field('field-1', 'Last Note', note()),
			field('field-2', 'Next Step', reminder()),
			field('field-3', 'On Lists', lists()),
		]);
		expect(simplified.fields).toMatchObject({
			'Last Note': { text: 'Met the founders & liked them.' },
			'Next Step': { content: 'Follow up on the term sheet', dueDate: '2026-10-01T09:00:00Z' },
			'On Lists': [{ name: 'Deal Pipeline' }, { name: 'Target Accounts' }],
		});
		expect(simplified.possiblyTruncated).toBeUndefined();
		const one = simplifyField(field('field-3', 'On Lists', lists()));
		expect(one).toMatchObject({ valueType: 'list-multi', totalCount: 2 });
		expect(one.possiblyTruncated).toBeUndefined();
		expect(JSON.stringify(simplified)).not.toMatch(NO_OBJECT_TEXT);
	});

	it('an interaction keeps its internalPerson', () => {
		expect(simplifyValue(interaction(creator))).toMatchObject({ id: 555, internalPerson: creator });
	});
});

describe('text of raw values', () => {
	it('a raw note shows its text, a reminder its content, lists their names', () => {
		expect(displayText(note().data)).toBe('Met the founders & liked them.');
		expect(displayText(reminder().data)).toBe('Follow up on the term sheet');
		expect(displayText(lists().data)).toBe('Deal Pipeline, Target Accounts');
	});
});

describe('agent answers', () => {
	it('the new value types come out as text an agent reads, never [object Object]', () => {
		const record: IDataObject = {
			name: 'Acme',
			fields: {
				'Last Note': simplifyValue(note()),
				'Next Step': simplifyValue(reminder()),
				'On Lists': simplifyValue(lists()),
			} as IDataObject,
		};
		const [out] = compactForAgent([record]);
		const fields = out.fields as IDataObject;
		expect((fields['Last Note'] as IDataObject).text).toBe('Met the founders & liked them.');
		expect((fields['Last Note'] as IDataObject).creator).toMatchObject({ name: 'Jane Smith' });
		expect((fields['Next Step'] as IDataObject).dueDate).toBe('2026-10-01T09:00:00Z');
		expect((fields['On Lists'] as IDataObject[]).map((l) => l.name)).toEqual([
			'Deal Pipeline',
			'Target Accounts',
		]);
		expect(JSON.stringify(out)).not.toMatch(NO_OBJECT_TEXT);
	});

	it('a raw field of the new types keeps its data as JSON an agent reads', () => {
		const [out] = compactForAgent([
			field('field-1', 'Last Note', note()) as unknown as IDataObject,
		]);
		expect(JSON.stringify(out)).toContain('Met the <strong>founders</strong>');
		expect(JSON.stringify(out)).not.toMatch(NO_OBJECT_TEXT);
	});
});

describe('trigger events', () => {
	it('a changed note, reminder and list-multi read well in the event', () => {
		const entry = {
			id: 1,
			listId: 102,
			type: 'company',
			createdAt: '2026-09-01T00:00:00Z',
			creatorId: 42,
			entity: { id: 3000001, name: 'Acme', domain: 'acme.com', domains: [], fields: [] },
		} as unknown as ApiListEntry;
		const fields = [
			field('field-1', 'Last Note', note()),
			field('field-2', 'Next Step', reminder()),
			field('field-3', 'On Lists', lists()),
		];
		const event = entryEvent(
			'fieldValueChanged',
			entry,
			fields,
			{ listId: 102, includeEntry: false },
			{
				changed: ['field-1', 'field-2', 'field-3'],
			},
		);
		const changes = event.changes as IDataObject[];
		expect(changes.map((c) => c.current)).toEqual([
			simplifyValue(note()),
			simplifyValue(reminder()),
			simplifyValue(lists()),
		]);
		expect((changes[0].current as IDataObject).text).toBe('Met the founders & liked them.');
		expect(event.possiblyTruncated).toBeUndefined();
		expect(JSON.stringify(event)).not.toMatch(NO_OBJECT_TEXT);
	});
});

describe('trigger fingerprints', () => {
	it('a note changes with another note or its text, not with its creator renamed', () => {
		const base = fingerprint(note());
		expect(fingerprint(note(undefined, { ...creator, firstName: 'Janet' }))).toBe(base);
		expect(fingerprint(note('<p>Passed on it.</p>'))).not.toBe(base);
		const other = note();
		(other.data as IDataObject).id = 9002;
		expect(fingerprint(other)).not.toBe(base);
		expect(fingerprint({ type: 'note', data: null } as FieldValue)).toBe(EMPTY);
	});

	it('a reminder changes with its due date or content, not with its createdAt', () => {
		const base = fingerprint(reminder());
		expect(fingerprint(reminder('2026-10-08T09:00:00Z'))).not.toBe(base);
		expect(fingerprint(reminder(undefined, 'Send the memo'))).not.toBe(base);
		const later = reminder();
		(later.data as IDataObject).createdAt = '2026-09-19T08:00:00Z';
		expect(fingerprint(later)).toBe(base);
	});

	it('a list-multi counts its lists by id: entity counts, names and order are not changes', () => {
		const base = fingerprint(lists());
		expect(fingerprint(lists([13, 41]))).toBe(base);
		const reordered = lists();
		(reordered.data as IDataObject[]).reverse();
		expect(fingerprint(reordered)).toBe(base);
		const renamed = lists();
		(renamed.data as IDataObject[])[0].name = 'Deals';
		expect(fingerprint(renamed)).toBe(base);
		const fewer = lists();
		(fewer.data as IDataObject[]).pop();
		expect(fingerprint(fewer)).not.toBe(base);
	});

	it('an interaction’s internalPerson is not a change of its own; another interaction is', () => {
		const base = fingerprint(interaction(null));
		expect(fingerprint(interaction(creator))).toBe(base);
		expect(fingerprint(interaction({ ...creator, id: 43 }))).toBe(base);
		const other = interaction(creator);
		(other.data as IDataObject).id = 556;
		expect(fingerprint(other)).not.toBe(base);
	});

	it('the saved state keeps the fingerprints of the new types exactly', () => {
		const fields = ['note', 'reminder', 'list-multi'].map((id) => ({ id, keepValues: false }));
		const builder = new SnapshotBuilder(fields);
		builder.entityType = 'company';
		const values: FieldValue[][] = [];
		for (let i = 0; i < 40; i++) {
			const n = note(`<p>Note ${i % 7}</p>`);
			const r = reminder(`2026-10-${String((i % 9) + 1).padStart(2, '0')}T09:00:00Z`);
			const l = lists([i, i * 2]);
			if (i % 3 === 0) (l.data as IDataObject[]).pop();
			values.push([n, r, i % 5 === 0 ? ({ type: 'list-multi', data: null } as FieldValue) : l]);
		}
		const fingerprints = values.map((row, i) => [
			...builder.add(
				i + 1,
				3000000 + i,
				row.map((value) => ({ value })),
			),
		]);
		const state = JSON.parse(
			JSON.stringify(builder.encode('list:102|view:', '2026-09-20T00:00:00.000Z')),
		) as TriggerState;
		const decoded = decodeState(state);
		fields.forEach((f, c) =>
			expect([...decoded.columns.get(f.id)!.hashes]).toEqual(fingerprints.map((x) => x[c])),
		);
		expect(fingerprints.map((x) => x[2])).toEqual(values.map((row) => fingerprint(row[2])));
	});
});
