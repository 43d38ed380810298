import { notFoundMessage } from '../../nodes/AffinityV2/transport/errors';

describe('notFoundMessage', () => {
	it.each([
		['List 999999 not found', 'List: list 999999 was not found'],
		['Saved view 12 not found', 'Saved View: saved view 12 was not found'],
	])('names the parameter of %s', (message, expected) => {
		expect(notFoundMessage(message)).toBe(expected);
	});

	it.each([
		'Company 3 not found',
		'List entry 5 not found on list 3',
		'Field field-12 not found',
		'not found',
		'',
	])('leaves Affinity\'s message as it is for "%s"', (message) => {
		expect(notFoundMessage(message)).toBeUndefined();
	});
});
