import { EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { nodeParameters, seeded, validParameters, type Seeded } from '../inputs/operations';

/**
 * Every write added for notes, persons, reminders, lists, dropdown options and company and
 * person fields is sent at most once: after a 500 or a connection reset that came after the
 * emulator applied it, the request log holds exactly one write, and the error says the write
 * may or may not have been applied (and, after a 500, not that it was retried).
 */

const fixture = new EmulatorFixture();
let s: Seeded;
beforeAll(async () => {
	await fixture.start();
	s = await seeded(fixture);
});
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const WRITES = [
	'note.create',
	'note.update',
	'note.delete',
	'person.create',
	'person.delete',
	'person.updateFieldValues',
	'company.updateFieldValue',
	'company.updateFieldValues',
	'reminder.create',
	'reminder.delete',
	'list.create',
	'dropdownOption.create',
	'dropdownOption.update',
	'dropdownOption.delete',
];

const FAULTS = [
	['a 500', { kind: 'status', status: 500, apply: true }],
	['a connection reset', { kind: 'reset', apply: true }],
] as const;

describe.each(FAULTS)('after %s', (_label, fault) => {
	it.each(WRITES)(
		'%s is sent once, and the error says it may have been applied',
		async (operation) => {
			await fixture.clearRequests();
			// Only the write fails: reads the operation makes first (field metadata) go through.
			await fixture.fault({
				...fault,
				method: operation.endsWith('delete')
					? 'DELETE'
					: operation.endsWith('Values')
						? 'PATCH'
						: 'POST',
			});
			const result = await runAffinityNode({
				credentials: fixture.credentials(),
				parameters: nodeParameters(operation, validParameters(s)[operation]),
			});
			expect(result.error?.description).toMatch(/may or may not have been applied/);
			if (fault.kind === 'status') {
				// Writes are never retried: the message says what happened to this one, once.
				expect(result.error?.description).toMatch(
					/Affinity had a server error \(HTTP 500\) while handling the write\. The write may or may not have been applied: it was not sent again/,
				);
				expect(result.error?.description).not.toMatch(/retr/i);
			}
			const writes = (await fixture.requests()).filter((r) => r.method !== 'GET');
			expect(writes).toHaveLength(1);
			expectNoKey(result.run);
		},
	);
});
