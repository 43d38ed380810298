import { withRow } from '../../nodes/AffinityV2/helpers/nodeErrors';

describe('withRow', () => {
	it('names the row of an item, 1-based, before the message', () => {
		expect(withRow('Field: "Deal Size" (field-1038): "lots" is not a number', 1)).toBe(
			'Row 2: Field: "Deal Size" (field-1038): "lots" is not a number',
		);
	});

	it('keeps a message that names its row already (Map Fields, Create or Update)', () => {
		expect(withRow('Row 3, field "Owner": no person has the email address "a@b.c"', 2)).toBe(
			'Row 3, field "Owner": no person has the email address "a@b.c"',
		);
		expect(withRow('Rowing club not found', 0)).toBe('Row 1: Rowing club not found');
	});
});
