import type { FieldDef, InteractionData, List, Note, StoredValue } from './model';
import { createRandom } from './random';
import { SEEDED_USERS } from './seedUsers';
import type { Store } from './store';

/**
 * Data the read endpoints need on top of the base seed, added after it so that the base seed's
 * random stream (and every value it made) stays exactly as it was. Deterministic: its own
 * generator, derived from the same seed.
 *
 * - A partner field (Crunchbase UUID, enrichmentSource "crunchbase") on persons and companies,
 *   with values: stored, never exposed (fieldRules.isExposed).
 * - A filterable-text company field (Dealroom Growth Stage), the one value type the base seed lacks.
 * - Association values over 100 references, so the API's truncation at 100 is real: company
 *   3000003's Key Contacts (person-multi) and Competitors (company-multi), the first external
 *   person's Employers (company-multi), that company's Target Accounts entry's Champions, and
 *   the first Deal Pipeline entry's Co-investors; company 3000003's Revenue History (number-multi),
 *   Offices (location-multi) and Industry (filterable-text-multi), person 5000007's Job Titles.
 * - A user with more than 100 email addresses (Jordan Analyst, user 5000004).
 * - Notes: mentions in the API's span markup, AI notetaker notes attached to meetings, a note
 *   with more than 100 attached companies and persons, a custom-shared note (admin and Jordan
 *   only), a private AI notetaker note of the admin with its transcript, and an AI notetaker
 *   reply with a transcript of more than 100 fragments.
 */
export const TRUNCATION_SEED = { companyId: 3_000_003, personId: 5_000_007 } as const;

const BASE_TIME = Date.parse('2026-01-15T17:00:00.000Z');
const DAY = 86_400_000;
const iso = (time: number) => new Date(time).toISOString();

export function extendSeed(store: Store, seed: number): void {
	const rng = createRandom((seed ^ 0x5eed_1234) >>> 0);
	addPartnerFields(store);
	addGrowthStage(store, rng);
	addLongAssociations(store);
	const jordan = store.users.get(SEEDED_USERS.jordan);
	if (jordan) {
		jordan.emailAddresses = Array.from({ length: 105 }, (_, i) =>
			i === 0 ? (jordan.primaryEmailAddress as string) : `jordan.${i}@alias.example`,
		);
	}
	addPrivateDeals(store);
	extendNotes(store, rng);
	store.touch();
}

/** A private opportunity list of the admin's: its opportunities are invisible to other keys. */
function addPrivateDeals(store: Store): void {
	const admin = store.users.get(SEEDED_USERS.admin);
	if (!admin) return;
	const list: List = {
		id: store.nextId('list', 101),
		name: 'Confidential Deals',
		type: 'opportunity',
		isPublic: false,
		ownerId: admin.id,
		creatorId: admin.id,
		createdAt: iso(BASE_TIME - 30 * DAY),
		sharedWith: [],
		fields: [],
	};
	store.addList(list);
	store.addField({
		id: `field-${store.nextId('field', 1001)}`,
		name: 'Stage',
		type: 'list',
		valueType: 'dropdown',
		enrichmentSource: null,
		createdAt: list.createdAt,
		entityKind: 'opportunity',
		listId: list.id,
		readOnly: false,
		dropdownOptions: ['Sourcing', 'Term Sheet'].map((text) => ({
			id: store.nextId('dropdownOption', 9001),
			text,
		})),
	});
	for (const [i, name] of ['Project Falcon — Acquisition', 'Project Cedar — Secondary'].entries()) {
		const opportunity = { id: store.nextId('opportunity', 7_000_001), name, listId: list.id };
		store.opportunities.set(opportunity.id, opportunity);
		store.addEntry({
			id: store.nextId('listEntry', 2_147_483_500),
			listId: list.id,
			entityType: 'opportunity',
			entityId: opportunity.id,
			createdAt: iso(BASE_TIME - (20 - i) * DAY),
			creatorId: admin.id,
			values: new Map([
				[
					list.fields[0].id,
					{
						type: 'dropdown',
						data: { dropdownOptionId: list.fields[0].dropdownOptions?.[i]?.id ?? 0 },
					},
				],
			]),
		});
	}
}

function addPartnerFields(store: Store): void {
	for (const kind of ['company', 'person'] as const) {
		const field: FieldDef = {
			id: 'crunchbase-uuid',
			name: 'Crunchbase UUID',
			type: 'enriched',
			valueType: 'text',
			enrichmentSource: 'crunchbase',
			createdAt: iso(BASE_TIME - 500 * DAY),
			entityKind: kind,
			readOnly: true,
		};
		store.addField(field);
		const entities = kind === 'company' ? store.companies : store.persons;
		for (const entity of entities.values()) {
			entity.values.set(field.id, {
				type: 'text',
				data: `cb-${kind}-${entity.id.toString(36)}-partner-only`,
			});
		}
	}
}

/** A service-populated filterable-text field (FilterableTextValue: only Affinity's own
 * enrichment writes these; the API cannot create such fields). */
function addGrowthStage(store: Store, rng: ReturnType<typeof createRandom>): void {
	const field: FieldDef = {
		id: 'dealroom-growth-stage',
		name: 'Growth Stage',
		type: 'enriched',
		valueType: 'filterable-text',
		enrichmentSource: 'dealroom',
		createdAt: iso(BASE_TIME - 500 * DAY),
		entityKind: 'company',
		readOnly: true,
	};
	store.addField(field);
	for (const company of store.companies.values()) {
		if (rng.chance(0.7))
			company.values.set(field.id, {
				type: 'filterable-text',
				data: rng.pick(['Seed', 'Early Growth', 'Late Growth', 'Mature']),
			});
	}
}

function refs(ids: number[], count: number, skip?: number): Array<{ id: number }> {
	return ids
		.filter((id) => id !== skip)
		.slice(0, count)
		.map((id) => ({ id }));
}

function addLongAssociations(store: Store): void {
	const personIds = [...store.persons.values()]
		.filter((p) => p.type === 'external')
		.map((p) => p.id);
	const companyIds = [...store.companies.keys()];
	const companyField = (name: string) => store.entityFields.company.find((f) => f.name === name);
	const personField = (name: string) => store.entityFields.person.find((f) => f.name === name);
	const set = (
		target: { values: Map<string, StoredValue> } | undefined,
		field: FieldDef | undefined,
		value: StoredValue,
	) => {
		if (target && field) target.values.set(field.id, value);
	};

	const company = store.companies.get(TRUNCATION_SEED.companyId);
	set(company, companyField('Key Contacts'), { type: 'person-multi', data: refs(personIds, 120) });
	set(company, companyField('Competitors'), {
		type: 'company-multi',
		data: refs(companyIds, 130, TRUNCATION_SEED.companyId),
	});
	set(store.persons.get(TRUNCATION_SEED.personId), personField('Employers'), {
		type: 'company-multi',
		data: refs(companyIds, 130),
	});
	// The other multi-value types over 100 too (dropdown-multi cannot be: its fields have a
	// handful of options, and an option is selected once).
	set(company, companyField('Revenue History'), {
		type: 'number-multi',
		data: Array.from({ length: 110 }, (_, i) => 1000 + i * 25),
	});
	set(company, companyField('Offices'), {
		type: 'location-multi',
		data: Array.from({ length: 105 }, (_, i) => ({
			streetAddress: `${i + 1} Harbour Rd`,
			city: `Branch ${i + 1}`,
			state: null,
			country: 'United States',
			continent: 'North America',
		})),
	});
	const industries = store.entityField('company', 'affinity-data-industry');
	set(company, industries, {
		type: 'filterable-text-multi',
		data: Array.from({ length: 101 }, (_, i) => `Industry ${i + 1}`),
	});
	set(
		store.persons.get(TRUNCATION_SEED.personId),
		store.entityField('person', 'affinity-data-job-titles'),
		{
			type: 'filterable-text-multi',
			data: Array.from({ length: 104 }, (_, i) => `Title ${i + 1}`),
		},
	);

	const listNamed = (name: string) => [...store.lists.values()].find((l) => l.name === name);
	const targets = listNamed('Target Accounts');
	if (targets) {
		const entry = store.entriesByList
			.get(targets.id)
			?.find((e) => e.entityId === TRUNCATION_SEED.companyId);
		set(
			entry,
			targets.fields.find((f) => f.name === 'Champions'),
			{ type: 'person-multi', data: refs(personIds, 110) },
		);
	}
	const pipeline = listNamed('Deal Pipeline');
	if (pipeline) {
		const entry = store.entriesByList.get(pipeline.id)?.[0];
		set(
			entry,
			pipeline.fields.find((f) => f.name === 'Co-investors'),
			{ type: 'company-multi', data: refs(companyIds, 105) },
		);
	}
}

function meeting(id: number, start: number, participantPersonIds: number[]): InteractionData {
	return {
		type: 'meeting',
		id,
		startTime: iso(start),
		endTime: iso(start + 3_600_000),
		title: 'Partner meeting',
		participantPersonIds,
	};
}

function fragments(
	count: number,
	speakers: string[],
): Array<{ speaker: string; content: string; startTimestamp: string; endTimestamp: string }> {
	const lines = [
		'Welcome, everyone.',
		'Let us review the pipeline.',
		'Churn is down to 2%.',
		'Can you share the deck?',
		'We close the round next month.',
	];
	const clock = (s: number) =>
		`${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
	return Array.from({ length: count }, (_, i) => ({
		speaker: speakers[i % speakers.length],
		content: lines[i % lines.length],
		startTimestamp: clock(i * 20),
		endTimestamp: clock(i * 20 + 19),
	}));
}

function extendNotes(store: Store, rng: ReturnType<typeof createRandom>): void {
	const mention = (personId: number) => {
		const person = store.persons.get(personId);
		const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
		return `<span data-type="note-mention" data-note-mention-type="person" data-note-mention-person-id="${personId}">${name}</span>`;
	};
	let interactionId = 90_001;
	for (const note of store.notes.values()) {
		// The API's mention markup (the base seed wrote a shorter form).
		if (note.html && note.mentionedPersonIds.length)
			note.html = note.html.replace(
				/<span data-mention-person-id="(\d+)">[^<]*<\/span>/g,
				(_, id: string) => mention(Number(id)),
			);
		// An AI notetaker is invited to meetings (notes.AiNotetakerRootNote.interaction).
		if (note.type === 'ai-notetaker' && note.interaction?.type !== 'meeting') {
			note.interaction = meeting(
				interactionId++,
				Date.parse(note.createdAt) - 3_600_000,
				note.interaction?.participantPersonIds ?? [],
			);
		}
	}

	const admin = store.users.get(SEEDED_USERS.admin);
	const jordan = store.users.get(SEEDED_USERS.jordan);
	if (!admin || !jordan) return;
	const companyIds = [...store.companies.keys()];
	const personIds = [...store.persons.values()]
		.filter((p) => p.type === 'external')
		.map((p) => p.id);
	const opportunityIds = [...store.opportunities.keys()];
	const base = (overrides: Partial<Note> & Pick<Note, 'type' | 'html' | 'createdAt'>): Note => ({
		id: store.nextId('note', 400_001),
		creatorPersonId: admin.personId,
		mentionedPersonIds: [],
		updatedAt: null,
		personIds: [],
		companyIds: [],
		opportunityIds: [],
		sharingType: 'public',
		visibleTo: [],
		ownerUserId: admin.id,
		...overrides,
	});
	const add = (note: Note) => {
		store.notes.set(note.id, note);
		return note;
	};

	// A board memo attached to many companies and persons (previews and attached-* paging).
	const memo = add(
		base({
			type: 'entities',
			html: `<p>Portfolio review &amp; follow-ups. ${mention(personIds[0])} to circulate the deck.</p>`,
			mentionedPersonIds: [personIds[0]],
			createdAt: iso(BASE_TIME - 3 * DAY),
			updatedAt: iso(BASE_TIME - 2 * DAY),
			companyIds: companyIds.slice(0, 120),
			personIds: personIds.slice(0, 105),
			// The last one is on the admin's private Confidential Deals list.
			opportunityIds: [...opportunityIds.slice(0, 3), opportunityIds[opportunityIds.length - 1]],
		}),
	);

	// Shared with Jordan only: invisible to the member and restricted keys.
	const custom = add(
		base({
			type: 'entities',
			html: '<p>Compensation discussion (custom sharing).</p>',
			createdAt: iso(BASE_TIME - 5 * DAY),
			companyIds: companyIds.slice(3, 5),
			sharingType: 'custom',
			visibleTo: [jordan.id],
		}),
	);
	add(
		base({
			type: 'user-reply',
			html: '<p>Noted.</p>',
			creatorPersonId: jordan.personId,
			createdAt: iso(BASE_TIME - 4 * DAY),
			parentId: custom.id,
			sharingType: 'custom',
			visibleTo: [jordan.id],
		}),
	);

	// The admin's private AI notetaker note and its transcript.
	const privateMeeting = meeting(interactionId++, BASE_TIME - 8 * DAY, [
		admin.personId,
		personIds[1],
	]);
	const privateNote = add(
		base({
			type: 'ai-notetaker',
			html: '<p>AI summary: board prep (private).</p>',
			createdAt: iso(BASE_TIME - 8 * DAY + 3_600_000),
			companyIds: [companyIds[6]],
			sharingType: 'private',
			interaction: privateMeeting,
		}),
	);
	attachTranscript(store, privateNote, fragments(12, [admin.firstName, 'Speaker 2']), 'en');

	// An AI notetaker reply to the memo, with a transcript longer than the 100-fragment preview.
	const replyMeeting = meeting(interactionId++, BASE_TIME - 2 * DAY, [
		admin.personId,
		jordan.personId,
	]);
	const reply = add(
		base({
			type: 'ai-notetaker-reply',
			html: `<p>AI summary of the follow-up call. ${mention(personIds[2])} owns the next step.</p>`,
			mentionedPersonIds: [personIds[2]],
			createdAt: iso(BASE_TIME - 2 * DAY + 3_600_000),
			parentId: memo.id,
			interaction: replyMeeting,
		}),
	);
	attachTranscript(
		store,
		reply,
		fragments(130 + rng.int(0, 5), [admin.firstName, jordan.firstName, 'Guest']),
		'en',
	);
	for (let r = 0; r < 3; r++) {
		add(
			base({
				type: 'user-reply',
				html: `<p>Memo reply ${r + 1}</p>`,
				creatorPersonId: r % 2 ? jordan.personId : admin.personId,
				createdAt: iso(BASE_TIME - 2 * DAY + (r + 2) * 3_600_000),
				updatedAt: r === 1 ? iso(BASE_TIME - DAY) : null,
				parentId: memo.id,
			}),
		);
	}
}

function attachTranscript(
	store: Store,
	note: Note,
	items: ReturnType<typeof fragments>,
	languageCode: string,
): void {
	const id = store.nextId('transcript', 801);
	note.transcriptId = id;
	store.transcripts.set(id, {
		id,
		noteId: note.id,
		languageCode,
		createdAt: iso(Date.parse(note.createdAt) - 60_000),
		fragments: items,
	});
}
