import { interactionFromV1 } from '../../../nodes/AffinityV2/helpers/v1/interactions';

/** v1's documented examples (The Interactions Resource) in v2's interactions.* shapes. */
const john = {
	id: 443,
	type: 1,
	first_name: 'John',
	last_name: 'Doe',
	primary_email: 'john@affinity.co',
	emails: ['john@affinity.co'],
};
const alice = {
	id: 2021,
	type: 0,
	first_name: 'Alice',
	last_name: 'Yen',
	primary_email: 'yen@alice.com',
	emails: ['yen@alice.com'],
};
const johnData = {
	id: 443,
	firstName: 'John',
	lastName: 'Doe',
	primaryEmailAddress: 'john@affinity.co',
	type: 'internal',
};
const aliceData = {
	id: 2021,
	firstName: 'Alice',
	lastName: 'Yen',
	primaryEmailAddress: 'yen@alice.com',
	type: 'external',
};

describe('interactionFromV1', () => {
	it('a meeting: attendees, creator among them, v2 keys only', () => {
		expect(
			interactionFromV1({
				date: '2021-02-07T10:56:29.546-08:00',
				id: 3007,
				attendees: ['john@affinity.co', 'yen@alice.com'],
				start_time: '2021-02-07T10:56:29.546-08:00',
				end_time: null,
				updated_at: null,
				manual_creator_id: 443,
				title: 'Manually logged event',
				type: 0,
				notes: [7],
				persons: [john, alice],
			}),
		).toEqual({
			id: 3007,
			loggingType: 'manual',
			createdAt: null,
			updatedAt: null,
			title: 'Manually logged event',
			startTime: '2021-02-07T18:56:29.546Z',
			endTime: null,
			allDay: false,
			creator: { emailAddress: 'john@affinity.co', person: johnData },
			organizer: null,
			attendeesPreview: {
				data: [
					{ emailAddress: 'john@affinity.co', person: johnData },
					{ emailAddress: 'yen@alice.com', person: aliceData },
				],
				totalCount: 2,
			},
		});
	});

	it('a call has no organizer; its start falls back to date', () => {
		const call = interactionFromV1({ id: 9, type: 1, date: '2022-01-01T10:00:00Z', persons: [] });
		expect(call).not.toHaveProperty('organizer');
		expect(call).toMatchObject({ startTime: '2022-01-01T10:00:00.000Z', creator: null });
	});

	it('a chat message: sentAt, direction, creator as PersonData, participants', () => {
		expect(
			interactionFromV1({
				id: 7267,
				date: '2022-02-22T11:50:20.126-08:00',
				direction: 1,
				manual_creator_id: 64056952,
				persons: [john, alice],
				type: 2,
				notes: [7462534],
			}),
		).toEqual({
			id: 7267,
			loggingType: 'manual',
			createdAt: null,
			updatedAt: null,
			sentAt: '2022-02-22T19:50:20.126Z',
			direction: 'received',
			// The creator is not among the persons: known by its id alone.
			creator: {
				id: 64056952,
				firstName: null,
				lastName: null,
				primaryEmailAddress: null,
				type: 'internal',
			},
			participantsPreview: { data: [johnData, aliceData], totalCount: 2 },
		});
	});
});
