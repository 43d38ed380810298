/**
 * Changes a workflow made itself, passed over in change-log detection (options Ignore Changes by
 * the Credential's User, Ignore Changes by Users), through n8n-core's real PollContext against
 * the emulator: a change by the key's own user is not reported, another user's change of the
 * same field in the same poll is, a change with no changer (Affinity's own) is; the cursor goes
 * past what was passed over, and a reconciliation does not report it later either.
 */
import type { IDataObject } from 'n8n-workflow';

import { SEEDED_USERS } from '../../emulator/seed';
import { EmulatorFixture } from '../harness/emulator';
import { TARGET_ACCOUNTS, byId, events, fetchAll, fieldNamed, triggerHarness } from './helpers';

const fixture = new EmulatorFixture();

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const changeLog = (options: IDataObject) => ({
	listId: byId(TARGET_ACCOUNTS),
	detection: 'changeLog',
	options,
});

/** Sets a value as `changerId` (a user id; null: Affinity itself). */
async function setAs(
	changerId: number | null,
	listEntryId: number,
	fieldId: string,
	data: string,
): Promise<void> {
	await fixture.control('POST', '/values', {
		listEntryId,
		fieldId,
		value: { type: 'text', data },
		changerId,
	});
}

const reported = (got: IDataObject[]) =>
	got.map((e) =>
		e.event === 'fieldValueChanged'
			? `${e.listEntryId} ${String((e.changes as IDataObject[])[0].current)}`
			: `${String(e.event)} ${e.listEntryId}`,
	);

/** A day later, as far as the change log's reconciliation is concerned. */
function dayLater(h: { staticData(): IDataObject }): void {
	const log = h.staticData().changeLog as { reconciledAt: string };
	log.reconciledAt = new Date(Date.parse(log.reconciledAt) - 25 * 3_600_000).toISOString();
}

it("passes over the credential's own changes, reports another user's and Affinity's own in the same poll, and never later", async () => {
	const h = triggerHarness(fixture, changeLog({ ignoreOwnChanges: true }));
	expect(await h.poll()).toBeNull();
	const [first, second, third] = await fetchAll(fixture, TARGET_ACCOUNTS);
	const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
	// The fixture's credential is the admin key: its user is the admin.
	await setAs(SEEDED_USERS.admin, first.id, notes.id, 'written by this workflow');
	await setAs(SEEDED_USERS.member, first.id, notes.id, 'edited by Morgan');
	await setAs(null, second.id, notes.id, 'set by Affinity');
	await setAs(SEEDED_USERS.admin, third.id, notes.id, 'also ours');
	await fixture.clearRequests();

	const got = events(await h.poll());
	expect(reported(got)).toEqual([`${first.id} edited by Morgan`, `${second.id} set by Affinity`]);
	expect((got[0].changer as IDataObject).id).toBe(SEEDED_USERS.member);
	expect(got[1].changer).toBeNull();
	// The key's user, read once for the poll.
	const whoami = (await fixture.requests()).filter((r) => r.path === '/v2/auth/whoami');
	expect(whoami).toHaveLength(1);

	expect(await h.poll()).toBeNull();
	// A reconciliation compares the list with its last snapshot: what was passed over is not
	// reported as a change the log missed.
	dayLater(h);
	expect(events(await h.poll())).toEqual([]);
});

it('a quiet poll costs nothing more, and without changes naming a user the key’s user is not read', async () => {
	const h = triggerHarness(fixture, changeLog({ ignoreOwnChanges: true }));
	await h.poll();
	const [entry] = await fetchAll(fixture, TARGET_ACCOUNTS);
	const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
	await fixture.clearRequests();
	expect(await h.poll()).toBeNull();
	await setAs(null, entry.id, notes.id, 'by Affinity');
	expect(reported(events(await h.poll()))).toEqual([`${entry.id} by Affinity`]);
	expect((await fixture.requests()).map((r) => r.path)).not.toContain('/v2/auth/whoami');
});

it('passes over the users given by ID (the key’s own user reported then), without reading the key’s user', async () => {
	const h = triggerHarness(
		fixture,
		changeLog({ ignoredUserIds: `${SEEDED_USERS.member}, ${SEEDED_USERS.restricted}` }),
	);
	await h.poll();
	const [entry] = await fetchAll(fixture, TARGET_ACCOUNTS);
	const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
	await setAs(SEEDED_USERS.member, entry.id, notes.id, 'sync');
	await setAs(SEEDED_USERS.admin, entry.id, notes.id, 'admin');
	await fixture.clearRequests();
	expect(reported(events(await h.poll()))).toEqual([`${entry.id} admin`]);
	expect((await fixture.requests()).map((r) => r.path)).not.toContain('/v2/auth/whoami');
});

it("passes over an entry the credential's user added; another user's addition is reported", async () => {
	const h = triggerHarness(fixture, changeLog({ ignoreOwnChanges: true }));
	await h.poll();
	const ours = await fixture.control<{ id: number }>('POST', '/list-entries', {
		listId: TARGET_ACCOUNTS,
		creatorId: SEEDED_USERS.admin,
	});
	const theirs = await fixture.control<{ id: number }>('POST', '/list-entries', {
		listId: TARGET_ACCOUNTS,
		creatorId: SEEDED_USERS.member,
	});
	expect(reported(events(await h.poll()))).toEqual([`listEntryAdded ${theirs.id}`]);
	expect(ours.id).not.toBe(theirs.id);
	expect(await h.poll()).toBeNull();
});

it('a value that is not a user ID is refused before any request, naming the option', async () => {
	const h = triggerHarness(fixture, changeLog({ ignoredUserIds: '2001, Morgan' }));
	await fixture.clearRequests();
	await expect(h.poll()).rejects.toThrow(/^Ignore Changes by Users: "Morgan" is not a user ID$/);
	expect(await fixture.requests()).toEqual([]);
});
