import type { INode } from 'n8n-workflow';

import { normalizeBaseUrl } from '../../nodes/AffinityV2/transport/baseUrl';
import { validateId } from '../../nodes/AffinityV2/transport/ids';
import { nextBudget, paceDelay } from '../../nodes/AffinityV2/transport/rateLimit';

const node = {
	name: 'Affinity',
	type: 'affinityV2',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
	id: '1',
} as INode;

describe('normalizeBaseUrl', () => {
	it.each([
		['https://api.affinity.co', 'https://api.affinity.co'],
		['https://api.affinity.co/', 'https://api.affinity.co'],
		['https://api.affinity.co/v2', 'https://api.affinity.co'],
		[' https://api.affinity.co/v2/ ', 'https://api.affinity.co'],
		['', 'https://api.affinity.co'],
		['http://127.0.0.1:4010/v2', 'http://127.0.0.1:4010'],
		['http://localhost:4010', 'http://localhost:4010'],
		['http://[::1]:4010', 'http://[::1]:4010'],
	])('%j becomes %j', (raw, expected) => {
		expect(normalizeBaseUrl(raw)).toEqual({ url: expected });
	});

	it.each(['http://api.affinity.co', 'http://10.0.0.5:4010', 'http://localhost.evil.com'])(
		'refuses plain http to %s',
		(raw) => {
			expect(normalizeBaseUrl(raw)).toEqual({ error: expect.stringContaining('plain http://') });
		},
	);

	it('refuses text that is not a URL', () => {
		expect(normalizeBaseUrl('api.affinity.co')).toEqual({
			error: expect.stringContaining('is not a URL'),
		});
	});
});

describe('validateId', () => {
	it('accepts numbers and numeric strings in range', () => {
		expect(validateId(node, 1, 'Note ID', 'int32')).toBe(1);
		expect(validateId(node, ' 2147483647 ', 'Note ID', 'int32')).toBe(2147483647);
		expect(validateId(node, '9007199254740991', 'Company ID', 'int64')).toBe(9007199254740991);
	});

	it.each([
		[0, 'int64', 'got "0"'],
		[-3, 'int64', 'got "-3"'],
		[2147483648, 'int32', 'got "2147483648"'],
		['9007199254740992', 'int64', 'got "9007199254740992"'],
		['12abc', 'int64', 'got "12abc"'],
		[1.5, 'int64', 'got "1.5"'],
		['', 'int64', 'got nothing'],
		[undefined, 'int64', 'got nothing'],
		[{ id: 3 }, 'int64', 'got "{"id":3}"'],
	] as const)('refuses %j as %s, naming the parameter', (value, kind, shown) => {
		expect(() => validateId(node, value, 'Company ID', kind)).toThrow(
			`Invalid Company ID: ${shown}`,
		);
	});
});

describe('paceDelay', () => {
	const now = 1_000_000;
	it('does not wait with budget to spare or without a budget', () => {
		expect(paceDelay(undefined, now)).toBe(0);
		expect(paceDelay({ limit: 900, remaining: 500, resetAt: now + 30_000 }, now)).toBe(0);
	});

	it('sends the last requests of a window without delay', () => {
		expect(paceDelay({ limit: 60, remaining: 1, resetAt: now + 4000 }, now)).toBe(0);
	});

	it('waits for the reset when the budget is spent', () => {
		expect(paceDelay({ limit: 60, remaining: 0, resetAt: now + 2500 }, now)).toBe(2550);
	});

	it('does not wait for a window that already ended', () => {
		expect(paceDelay({ limit: 60, remaining: 0, resetAt: now - 1 }, now)).toBe(0);
	});
});

describe('nextBudget', () => {
	it('keeps the earliest end a window announced, not the last rounded-up one', () => {
		// A window that really ends at t = 5000 ms: answers at 200 ms and 900 ms both say "5 s".
		const first = nextBudget(undefined, { userLimit: 60, userRemaining: 59, userReset: 5 }, 200);
		const later = nextBudget(first, { userLimit: 60, userRemaining: 0, userReset: 5 }, 900);
		expect(first?.resetAt).toBe(5200);
		expect(later).toEqual({ limit: 60, remaining: 0, resetAt: 5200 });
	});

	it('starts a new window when the budget comes back or the old one ended', () => {
		const spent = { limit: 60, remaining: 0, resetAt: 5200 };
		expect(nextBudget(spent, { userLimit: 60, userRemaining: 59, userReset: 5 }, 5300)).toEqual({
			limit: 60,
			remaining: 59,
			resetAt: 10300,
		});
		expect(
			nextBudget(
				{ ...spent, resetAt: 99999 },
				{ userLimit: 60, userRemaining: 59, userReset: 5 },
				5300,
			)?.remaining,
		).toBe(59);
	});

	it('ignores answers without the headers', () => {
		const budget = { limit: 60, remaining: 3, resetAt: 1000 };
		expect(nextBudget(budget, {}, 10)).toBe(budget);
	});
});
