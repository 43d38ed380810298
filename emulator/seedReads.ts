import type { ChangeAction } from './changeLog';
import type {
	InferredTarget,
	Interaction,
	InteractionData,
	ListEntry,
	Relationship,
	StoredData,
} from './model';
import { createRandom, type Random } from './random';
import type { Store } from './store';

/**
 * Seed data of the edition's other reads: the change log's history, interactions, relationships,
 * inferred connections, duplicate suggestions and files. Deterministic for a seed, like the rest
 * of the account.
 */

const BASE_TIME = Date.parse('2026-01-15T17:00:00.000Z');
const DAY = 86_400_000;

export function seedReads(store: Store, seed: number): void {
	const rng = createRandom((seed ^ 0x7ead_5eed) >>> 0);
	seedChangeHistory(store, rng);
	seedInteractions(store, rng);
	seedRelationships(store, rng);
	seedInferredConnections(store, rng);
	seedDuplicateSuggestions(store, rng);
	seedFiles(store, rng);
}

const iso = (time: number) => new Date(time).toISOString();
const day = (time: number) => iso(time).slice(0, 10);

function internalPersons(store: Store): number[] {
	return [...store.users.values()].filter((u) => u.status === 'active').map((u) => u.personId);
}

function externalPersons(store: Store): number[] {
	return [...store.persons.values()].filter((p) => p.type === 'external').map((p) => p.id);
}

function fromData(data: InteractionData, internal: Set<number>): Interaction {
	const time = data.sentAt ?? data.startTime ?? iso(BASE_TIME);
	return {
		id: data.id,
		type: data.type,
		time,
		endTime: data.endTime ?? null,
		title: data.type === 'email' ? (data.subject ?? null) : (data.title ?? null),
		personIds: [...data.participantPersonIds],
		ccPersonIds: [],
		creatorPersonId: data.type === 'email' ? null : (data.participantPersonIds[0] ?? null),
		organizerPersonId: data.type === 'meeting' ? (data.participantPersonIds[0] ?? null) : null,
		loggingType:
			data.type === 'email' ? 'automated' : data.type === 'meeting' ? 'automated' : 'manual',
		direction: internal.has(data.participantPersonIds[0]) ? 'sent' : 'received',
		allDay: false,
		createdAt: time,
		updatedAt: null,
	};
}

/**
 * Every interaction the account already refers to (notes, Last Email / Last Meeting values),
 * plus calls, chat messages, emails and meetings between the team and the first persons.
 */
function seedInteractions(store: Store, rng: Random): void {
	const internal = new Set(internalPersons(store));
	const add = (data: InteractionData | undefined) => {
		if (data && !store.interactions.has(data.id))
			store.interactions.set(data.id, fromData(data, internal));
	};
	for (const note of store.notes.values()) add(note.interaction);
	for (const entity of [...store.persons.values(), ...store.companies.values()]) {
		for (const value of entity.values.values())
			if (value.type === 'interaction') add(value.data as InteractionData);
	}
	const team = [...internal];
	const people = externalPersons(store).slice(0, 120);
	const titles = [
		'Intro call',
		'Quarterly check-in',
		'Partnership sync',
		'Diligence session',
		'Board prep',
	];
	const subjects = [
		'Catching up',
		'Term sheet draft',
		'Follow-up from our meeting',
		'Intro: you two should meet',
		'Q3 update',
	];
	let id = 200_001;
	for (let i = 0; i < 160; i++) {
		const type = (['call', 'chat-message', 'email', 'meeting'] as const)[i % 4];
		const start = BASE_TIME - rng.int(0, 120) * DAY - rng.int(0, 23) * 3_600_000;
		const us = rng.pick(team);
		const them = rng.sample(people, rng.int(1, 3));
		const sent = rng.chance(0.5);
		const personIds = type === 'email' && !sent ? [them[0], us, ...them.slice(1)] : [us, ...them];
		store.interactions.set(id, {
			id,
			type,
			time: iso(start),
			endTime:
				type === 'call' || type === 'meeting' ? iso(start + rng.int(1, 4) * 15 * 60_000) : null,
			title:
				type === 'email' ? rng.pick(subjects) : type === 'chat-message' ? null : rng.pick(titles),
			personIds,
			ccPersonIds: type === 'email' && rng.chance(0.3) ? [rng.pick(team)] : [],
			creatorPersonId: type === 'email' ? null : us,
			organizerPersonId: type === 'meeting' ? us : null,
			loggingType: type === 'meeting' ? 'automated' : type === 'email' ? 'automated' : 'manual',
			direction: type === 'email' && !sent ? 'received' : 'sent',
			allDay: type === 'meeting' && i % 20 === 3,
			createdAt: iso(start - 3_600_000),
			updatedAt: rng.chance(0.3) ? iso(start + DAY) : null,
		});
		id++;
	}
}

/**
 * Who knows whom at the first 60 companies: team members and the company's people, with an
 * interaction score; some are LinkedIn connections only (score 0).
 */
function seedRelationships(store: Store, rng: Random): void {
	const team = internalPersons(store);
	const people = externalPersons(store);
	const byPair = new Map<string, Relationship>();
	const companies = [...store.companies.keys()].slice(0, 60);
	companies.forEach((companyId, i) => {
		const staff = [
			people[(i * 3) % people.length],
			people[(i * 3 + 1) % people.length],
			people[(i * 7 + 2) % people.length],
		];
		for (const person of staff.slice(0, rng.int(1, 3))) {
			for (const member of rng.sample(team, rng.int(1, 3))) {
				const key = `${member}:${person}`;
				const existing = byPair.get(key);
				if (existing) {
					if (!existing.companyIds.includes(companyId)) existing.companyIds.push(companyId);
					continue;
				}
				const linkedInOnly = rng.chance(0.15);
				byPair.set(key, {
					personIds: [member, person],
					interactionScore: linkedInOnly ? 0 : Math.round(rng.next() * 100) / 100,
					linkedInConnectedOn:
						linkedInOnly || rng.chance(0.3) ? day(BASE_TIME - rng.int(30, 2000) * DAY) : null,
					companyIds: [companyId],
				});
			}
		}
	});
	store.relationships = [...byPair.values()];
}

const TARGET_FIRST = [
	'Amara',
	'Bruno',
	'Camille',
	'Deepak',
	'Emeka',
	'Freya',
	'Gustavo',
	'Hana',
	'Isaac',
	'Juno',
];
const TARGET_LAST = [
	'Whitfield',
	'Castellanos',
	'Abara',
	'Lindgren',
	'Moreno',
	'Sato',
	'Brandt',
	'Oyelaran',
];
const TITLES = ['CEO', 'CTO', 'VP Engineering', 'Head of Sales', 'CFO', 'Chief Product Officer'];

/** People outside the account whom the team might know, at the first 40 companies. */
function seedInferredConnections(store: Store, rng: Random): void {
	const team = internalPersons(store);
	const companies = [...store.companies.keys()];
	const targets: InferredTarget[] = [];
	companies.slice(0, 40).forEach((companyId, i) => {
		for (let t = 0; t < rng.int(0, 3); t++) {
			const first = TARGET_FIRST[(i + t) % TARGET_FIRST.length];
			const last = TARGET_LAST[(i * 3 + t) % TARGET_LAST.length];
			const kind = (i + t) % 2 === 0 ? 'coworker' : 'investor-executive';
			const connections = rng.sample(team, rng.int(1, 3)).map((sourcePersonId) => {
				const start = BASE_TIME - rng.int(900, 4000) * DAY;
				return {
					sourcePersonId,
					strength: Math.round(rng.next() * 100) / 100,
					sharedEmployerId: companies[(i * 5 + t + 100) % companies.length],
					startDate: day(start),
					endDate: day(start + rng.int(200, 800) * DAY),
					investingFirmId:
						kind === 'investor-executive' && rng.chance(0.7)
							? companies[(i + 200) % companies.length]
							: null,
					series:
						kind === 'investor-executive' ? rng.pick(['Seed', 'Series A', 'Series B', null]) : null,
					amount:
						kind === 'investor-executive' && rng.chance(0.8) ? rng.int(1, 60) * 1_000_000 : null,
				};
			});
			connections.sort((a, b) => b.strength - a.strength);
			targets.push({
				kind,
				fullName: `${first} ${last}`,
				title: rng.chance(0.9) ? rng.pick(TITLES) : null,
				linkedinUrl: rng.chance(0.8)
					? `https://www.linkedin.com/in/${first}-${last}-${i}${t}`.toLowerCase()
					: null,
				currentCompanyId: companyId,
				connections,
			});
		}
	});
	store.inferredTargets = targets;
}

function uuid(rng: Random): string {
	const hex = () => Math.floor(rng.next() * 16).toString(16);
	const part = (n: number) => Array.from({ length: n }, hex).join('');
	return `${part(8)}-${part(4)}-4${part(3)}-a${part(3)}-${part(12)}`;
}

/**
 * Likely duplicates: companies whose names differ only by a trailing number ("North Labs",
 * "North Labs 3"), and persons who share a first and last initial.
 */
function seedDuplicateSuggestions(store: Store, rng: Random): void {
	const byBase = new Map<string, number[]>();
	for (const company of store.companies.values()) {
		const base = company.name.replace(/ \d+$/, '');
		byBase.set(base, [...(byBase.get(base) ?? []), company.id]);
	}
	const groups = [...byBase.values()].filter((ids) => ids.length > 1).slice(0, 12);
	groups.forEach((ids, i) => {
		store.duplicateSuggestions.push({
			id: uuid(rng),
			entityType: 'company',
			primaryId: ids[0],
			duplicateId: ids[1],
			matchCriteria: i % 4 === 1 ? 'domain-match' : i % 4 === 3 ? 'domain-redirect' : 'name',
			createdAt: iso(BASE_TIME - (i + 1) * DAY),
		});
	});
	const persons = [...store.persons.values()].filter((p) => p.type === 'external' && p.lastName);
	const seen = new Map<string, number>();
	let count = 0;
	for (const person of persons) {
		const key = `${person.firstName} ${person.lastName?.[0]}`;
		const earlier = seen.get(key);
		if (earlier === undefined) {
			seen.set(key, person.id);
			continue;
		}
		store.duplicateSuggestions.push({
			id: uuid(rng),
			entityType: 'person',
			primaryId: earlier,
			duplicateId: person.id,
			matchCriteria: count % 3 === 2 ? 'intelligent' : 'name',
			createdAt: iso(BASE_TIME - (count + 1) * DAY),
		});
		seen.delete(key);
		if (++count >= 10) break;
	}
}

const FILE_TOPICS = [
	'pricing',
	'roadmap',
	'hiring plan',
	'unit economics',
	'go-to-market',
	'security review',
];

/** Decks and memos attached to the first 30 companies, and a few attached to none. */
function seedFiles(store: Store, rng: Random): void {
	let id = 1;
	const companies = [...store.companies.values()].slice(0, 30);
	for (const company of companies) {
		const topics = rng.sample(FILE_TOPICS, 3);
		store.files.set(id, {
			id,
			name: `${company.name} deck.pdf`,
			companyId: company.id,
			paged: true,
			pages: topics.map(
				(topic, page) =>
					`${company.name}, page ${page + 1}: our ${topic}. ${rng.pick(['Strong growth in Q2.', 'Risks remain in the supply chain.', 'The team doubled this year.'])}`,
			),
		});
		id++;
		if (rng.chance(0.5)) {
			store.files.set(id, {
				id,
				name: `${company.name} memo.docx`,
				companyId: company.id,
				paged: false,
				pages: [`Investment memo on ${company.name}: ${topics.join(', ')}.`],
			});
			id++;
		}
	}
	for (const topic of FILE_TOPICS.slice(0, 3)) {
		store.files.set(id, {
			id,
			name: `Portfolio ${topic}.txt`,
			companyId: null,
			paged: false,
			pages: [`Portfolio-wide notes on ${topic} across our companies.`],
		});
		id++;
	}
}

interface PastChange {
	at: number;
	entry: ListEntry;
	fieldId: string;
	action: ChangeAction;
	value: StoredData;
	changerId: number | null;
}

/**
 * How the seeded values of the first entries of each list came to be: an earlier value, then
 * the current one, each by one of the users over the 60 days before the seed's "now".
 */
function seedChangeHistory(store: Store, rng: Random): void {
	const users = [...store.users.values()].filter((u) => u.status === 'active').map((u) => u.id);
	const past: PastChange[] = [];
	for (const list of store.lists.values()) {
		const tracked = list.fields.filter((f) =>
			['ranked-dropdown', 'dropdown', 'number', 'text'].includes(f.valueType),
		);
		for (const entry of (store.entriesByList.get(list.id) ?? []).slice(0, 30)) {
			for (const field of tracked) {
				const current = entry.values.get(field.id);
				if (!current || current.data === null) continue;
				const changerId = rng.chance(0.1) ? null : rng.pick(users);
				const first = BASE_TIME - rng.int(20, 60) * DAY + rng.int(0, 86_399) * 1000;
				const earlier = field.dropdownOptions?.length
					? { dropdownOptionId: rng.pick(field.dropdownOptions).id }
					: null;
				if (earlier && JSON.stringify(earlier) !== JSON.stringify(current.data)) {
					past.push({
						at: first,
						entry,
						fieldId: field.id,
						action: 'add',
						value: earlier,
						changerId,
					});
					const later = first + rng.int(1, 15) * DAY;
					past.push({
						at: later,
						entry,
						fieldId: field.id,
						action: 'update',
						value: current.data,
						changerId: rng.pick(users),
					});
				} else
					past.push({
						at: first,
						entry,
						fieldId: field.id,
						action: 'add',
						value: current.data,
						changerId,
					});
			}
		}
	}
	past.sort((a, b) => a.at - b.at);
	for (const change of past) {
		const field = store.fields.get(change.fieldId);
		if (!field) continue;
		store.changes.append({
			at: change.at,
			fieldId: change.fieldId,
			entityId: change.entry.entityId,
			listEntry: { id: change.entry.id, listId: change.entry.listId },
			changerId: change.changerId,
			action: change.action,
			valueType: field.valueType,
			value: change.value,
		});
	}
}
