import type { INode } from 'n8n-workflow';

import { mergedRecordIn, mergedRecordOf } from '../../nodes/AffinityV2/helpers/mergedRecords';
import { outcomeOf } from '../../nodes/AffinityV2/helpers/nodeErrors';
import { httpError } from '../../nodes/AffinityV2/transport/errors';

const node = {
	name: 'Affinity',
	type: 'affinityV2',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
	id: '1',
} as INode;

const MERGED_BODY = {
	errors: [
		{
			code: 'unprocessable-entity',
			message: '292479388 no longer exists as it has been merged into 301128758',
		},
	],
};

describe('mergedRecordOf', () => {
	it('reads the merged id and the id it was merged into from the message', () => {
		expect(
			mergedRecordOf('292479388 no longer exists as it has been merged into 301128758'),
		).toEqual({ mergedId: 292479388, mergedInto: 301128758 });
	});

	it.each([
		['a validation message of another kind', 'value at /value/data is not null'],
		['a deleted record', 'Company 12 not found'],
		['no message', undefined],
		['a number that is not an id', '1e999 no longer exists as it has been merged into 2'],
		['too large for an id', '99999999999999999999 no longer exists as it has been merged into 2'],
	])('is undefined for %s', (_what, message) => {
		expect(mergedRecordOf(message)).toBeUndefined();
	});

	it('finds the merge among several messages', () => {
		expect(
			mergedRecordIn(['something else', '5 no longer exists as it has been merged into 7']),
		).toEqual({ mergedId: 5, mergedInto: 7 });
		expect(mergedRecordIn(['something else'])).toBeUndefined();
	});
});

describe('httpError of a merged record', () => {
	const ctx = { api: 'v2' as const, method: 'GET', path: '/v2/companies/292479388', itemIndex: 0 };

	it('says the record was merged and which id to use, and carries both ids as data', () => {
		const error = httpError(node, 422, MERGED_BODY, ctx);
		expect(error.message).toBe(
			'Record 292479388 was merged into record 301128758: use ID 301128758 now',
		);
		expect(error.description).toContain('301128758 is the ID to use now');
		expect(error.description).not.toMatch(/check the parameters/i);
		expect(error.context).toMatchObject({ mergedId: 292479388, mergedInto: 301128758 });
		expect(outcomeOf(error)).toMatchObject({ mergedId: 292479388, mergedInto: 301128758 });
	});

	it('leaves other 422s as they were: refused input, no merge data', () => {
		const error = httpError(
			node,
			422,
			{ errors: [{ code: 'validation', message: 'value at /value/data is not null' }] },
			ctx,
		);
		expect(error.description).toMatch(/Check the parameters/);
		expect(error.context.mergedInto).toBeUndefined();
	});

	it('does not read a merge into a status other than 422', () => {
		const error = httpError(node, 400, MERGED_BODY, ctx);
		expect(error.context.mergedInto).toBeUndefined();
	});
});
