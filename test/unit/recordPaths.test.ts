import { v1ReadPath, v2Records, writtenBy } from '../../nodes/AffinityV2/transport/recordPaths';
import {
	behindWrite,
	createdEntry,
	forgetRecentWrites,
	recall,
	remember,
} from '../../nodes/AffinityV2/transport/recentWrites';

describe('recordPaths: the records a request takes by id', () => {
	it('reads a v2 path: the record, whether it is read whole, and a field under it', () => {
		expect(v2Records('/v2/companies/12')).toEqual({
			main: { kind: 'company', id: '12' },
			whole: true,
			field: undefined,
		});
		expect(v2Records('/v2/lists/5/list-entries/9/fields/field-3')).toEqual({
			main: { kind: 'listEntry', id: '9', listId: '5' },
			whole: false,
			field: { kind: 'field', id: 'field-3' },
		});
		expect(v2Records('/v2/meetings/4')?.main).toEqual({ kind: 'interaction', id: '4' });
		// Collections and records not read by id here are not followed.
		expect(v2Records('/v2/companies')).toBeUndefined();
		expect(v2Records('/v2/lists/5')).toBeUndefined();
	});

	it('names the API v1 read of each record, none for a field', () => {
		expect(v1ReadPath({ kind: 'company', id: '12' })).toBe('/organizations/12');
		expect(v1ReadPath({ kind: 'listEntry', id: '9', listId: '5' })).toBe('/lists/5/list-entries/9');
		expect(v1ReadPath({ kind: 'listEntry', id: '9' })).toBeUndefined();
		expect(v1ReadPath({ kind: 'interaction', id: '4' })).toBe('/interactions/4?type=0');
		expect(v1ReadPath({ kind: 'field', id: 'field-3' })).toBeUndefined();
	});

	it('tells what a write created or changed, with what v1 creates besides', () => {
		expect(
			writtenBy('v1', 'POST', '/opportunities', {
				id: 70,
				list_entries: [{ id: 800, list_id: 5, entity_id: 70 }],
			}),
		).toEqual([
			{ ref: { kind: 'opportunity', id: '70' }, change: 'created' },
			{ ref: { kind: 'listEntry', id: '800', listId: '5' }, change: 'created', entityId: '70' },
		]);
		expect(writtenBy('v1', 'POST', '/fields', { id: 31 })).toEqual([
			{ ref: { kind: 'field', id: 'field-31' }, change: 'created' },
		]);
		expect(writtenBy('v2', 'DELETE', '/v2/notes/3', undefined)).toEqual([
			{ ref: { kind: 'note', id: '3' }, change: 'deleted' },
		]);
		// A v1 email or call (type 3, 1) is not a meeting: only the note it made is followed.
		expect(writtenBy('v1', 'POST', '/interactions', { id: 9, type: 3, notes: [44] })).toEqual([
			{ ref: { kind: 'note', id: '44' }, change: 'created' },
		]);
		expect(writtenBy('v1', 'POST', '/entity-files', { entity_files: [{ id: 6 }] })).toEqual([
			{ ref: { kind: 'file', id: '6' }, change: 'created' },
		]);
		expect(writtenBy('v2', 'GET', '/v2/companies', {})).toEqual([]);
	});
});

describe('recentWrites: what this process wrote a moment ago', () => {
	afterEach(() => forgetRecentWrites());

	it('keeps a create a create when it is updated, and finds the entry added for a record', () => {
		const account = 'http://x key';
		remember(account, { kind: 'listEntry', id: '800', listId: '5' }, 'created', undefined, '70');
		remember(account, { kind: 'listEntry', id: '800', listId: '5' }, 'updated');
		expect(recall(account, { kind: 'listEntry', id: '800' })?.change).toBe('created');
		expect(createdEntry(account, 5, 70)).toBe(800);
		expect(createdEntry(account, 5, 71)).toBeUndefined();
		expect(createdEntry('http://y key', 5, 70)).toBeUndefined();
	});

	it('says which written values a v2 read still shows as before', () => {
		const written = {
			change: 'updated' as const,
			at: Date.now(),
			shows: { name: 'Acme', domains: ['a.com', 'b.com'], at: '2026-01-01T00:00:00Z' },
		};
		expect(
			behindWrite(written, {
				name: 'Acme',
				domains: ['b.com', 'a.com'],
				at: '2026-01-01T00:00:00.000Z',
			}),
		).toBeUndefined();
		expect(
			behindWrite(written, { name: 'Old', domains: ['a.com'], at: '2026-01-01T00:00:00Z' }),
		).toBe('shows name, domains as before the update');
		expect(behindWrite({ change: 'deleted', at: Date.now() }, {})).toBe('still shows it, deleted');
	});
});
