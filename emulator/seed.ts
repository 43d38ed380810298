import type {
	Company,
	DropdownOption,
	EntityKind,
	FieldCategory,
	FieldDef,
	InteractionData,
	List,
	LocationData,
	Opportunity,
	Person,
	StoredValue,
	User,
	ValueType,
} from './model';
import { pacificMidnight } from './pacificDate';
import { createRandom, type Random } from './random';
import { extendSeed } from './seedExtras';
import { seedReads } from './seedReads';
import { seedRemindersAndStatuses } from './seedReminders';
import { seedValueTypes } from './seedValueTypes';
import { SEEDED_USERS } from './seedUsers';

export { SEEDED_USERS };
export { SEEDED_LISTS } from './seedLists';
import { Store } from './store';

/** Older imports of the date rule reach it here; the rule itself lives in pacificDate.ts. */
export { pacificMidnight } from './pacificDate';

export interface SeedSizes {
	companies: number;
	persons: number;
	opportunities: number;
	/** Entries on the "Target Accounts" company list. */
	targetAccounts: number;
	/** Entries on the "Investors" person list. */
	investors: number;
	notes: number;
	/** Entries on an extra company list, "Big Company List", for scale tests (0: no such list). */
	bigList: number;
}

export const DEFAULT_SIZES: SeedSizes = {
	companies: 400,
	persons: 300,
	opportunities: 40,
	targetAccounts: 250,
	investors: 60,
	notes: 30,
	bigList: 0,
};

export interface SeedOptions {
	seed?: number;
	sizes?: Partial<SeedSizes>;
}

/** Id ranges: list entries start just under 2^31 so that int64 handling is exercised. */
export const ID_START = {
	person: 5_000_001,
	company: 3_000_001,
	opportunity: 7_000_001,
	list: 101,
	listEntry: 2_147_483_500,
	savedView: 501,
	field: 1001,
	dropdownOption: 9001,
	note: 400_001,
	transcript: 801,
	interaction: 60_001,
	merge: 1,
} as const;

const BASE_TIME = Date.parse('2026-01-15T17:00:00.000Z');
const DAY = 86_400_000;

const FIRST = [
	'Ada',
	'Ben',
	'Chloe',
	'Dmitri',
	'Elena',
	'Farid',
	'Grace',
	'Hiro',
	'Ines',
	'Jonas',
	'Keiko',
	'Liam',
	'Maya',
	'Nico',
	'Olu',
	'Priya',
	'Quinn',
	'Rosa',
	'Sam',
	'Tara',
	'Uma',
	'Victor',
	'Wen',
	'Yara',
	'Zane',
];
const LAST = [
	'Okafor',
	'Lindqvist',
	'Moreau',
	'Tanaka',
	'Silva',
	'Novak',
	'Haddad',
	'Kowalski',
	'Fischer',
	"O'Brien",
	'Garcia',
	'Nguyen',
	'Patel',
	'Rossi',
	'Schmidt',
	'Ivanova',
	'Dubois',
	'Kim',
	'Mensah',
	'Larsen',
];
const PREFIX = [
	'North',
	'Blue',
	'Quantum',
	'Bright',
	'Iron',
	'Silver',
	'Green',
	'Nimbus',
	'Atlas',
	'Vector',
	'Lumen',
	'Cobalt',
	'Harbor',
	'Summit',
	'Pioneer',
	'Kite',
	'Orbit',
	'Cedar',
	'Falcon',
	'Meridian',
];
const SUFFIX = [
	'Labs',
	'Systems',
	'Analytics',
	'Robotics',
	'Health',
	'Capital',
	'Energy',
	'Foods',
	'Logistics',
	'Security',
	'Bio',
	'AI',
	'Works',
	'Networks',
	'Studios',
];
const CITIES: Array<[string, string | null, string, string]> = [
	['San Francisco', 'California', 'United States', 'North America'],
	['New York', 'New York', 'United States', 'North America'],
	['London', null, 'United Kingdom', 'Europe'],
	['Berlin', null, 'Germany', 'Europe'],
	['Toronto', 'Ontario', 'Canada', 'North America'],
	['Singapore', null, 'Singapore', 'Asia'],
	['São Paulo', 'São Paulo', 'Brazil', 'South America'],
	['Lagos', 'Lagos', 'Nigeria', 'Africa'],
	['Sydney', 'New South Wales', 'Australia', 'Oceania'],
];
const STREETS = [
	'1 Market St',
	'500 Howard St',
	'10 Downing Ave',
	'Unter den Linden 5',
	'200 King St W',
	'8 Marina Blvd',
];

function iso(time: number): string {
	return new Date(time).toISOString();
}

function options(store: Store, texts: string[], ranked = false): DropdownOption[] {
	// Colours of DropdownOption.color.
	const colors = ['green', 'orange', 'red', 'blue', 'gray'];
	return texts.map((text, i) => ({
		id: store.nextId('dropdownOption', ID_START.dropdownOption),
		text,
		...(ranked ? { rank: i, color: colors[i % colors.length] } : {}),
	}));
}

interface FieldSpec {
	name: string;
	valueType: ValueType;
	type?: FieldCategory;
	id?: string;
	enrichmentSource?: string | null;
	options?: string[];
}

function makeField(
	store: Store,
	entityKind: EntityKind,
	spec: FieldSpec,
	listId?: number,
): FieldDef {
	const type = spec.type ?? (listId !== undefined ? 'list' : 'global');
	const field: FieldDef = {
		id: spec.id ?? `field-${store.nextId('field', ID_START.field)}`,
		name: spec.name,
		type,
		valueType: spec.valueType,
		enrichmentSource: spec.enrichmentSource ?? null,
		createdAt: type === 'relationship-intelligence' ? null : iso(BASE_TIME - 400 * DAY),
		entityKind,
		listId,
		readOnly:
			type === 'enriched' ||
			type === 'relationship-intelligence' ||
			spec.valueType === 'formula-number',
	};
	if (spec.options)
		field.dropdownOptions = options(store, spec.options, spec.valueType === 'ranked-dropdown');
	store.addField(field);
	return field;
}

const COMPANY_FIELDS: FieldSpec[] = [
	{
		name: 'Industry',
		valueType: 'dropdown',
		options: ['Software', 'Fintech', 'Healthcare', 'Climate', 'Consumer', 'Industrial'],
	},
	{ name: 'Description', valueType: 'text' },
	{ name: 'Employees', valueType: 'number' },
	{
		name: 'Tags',
		valueType: 'dropdown-multi',
		options: ['B2B', 'B2C', 'Marketplace', 'Open Source', 'Hardware', 'Deep Tech'],
	},
	{ name: 'Headquarters', valueType: 'location' },
	{ name: 'Offices', valueType: 'location-multi' },
	{ name: 'Founded', valueType: 'datetime' },
	{ name: 'Key Contacts', valueType: 'person-multi' },
	{ name: 'Account Owner', valueType: 'person' },
	{ name: 'Parent Company', valueType: 'company' },
	{ name: 'Competitors', valueType: 'company-multi' },
	{ name: 'Revenue History', valueType: 'number-multi' },
	{ name: 'Tier', valueType: 'ranked-dropdown', options: ['Tier 1', 'Tier 2', 'Tier 3'] },
	{
		id: 'affinity-data-description',
		name: 'Description',
		valueType: 'text',
		type: 'enriched',
		enrichmentSource: 'affinity-data',
	},
	{
		id: 'affinity-data-location',
		name: 'Location',
		valueType: 'location',
		type: 'enriched',
		enrichmentSource: 'affinity-data',
	},
	{
		id: 'affinity-data-industry',
		name: 'Industry',
		valueType: 'filterable-text-multi',
		type: 'enriched',
		enrichmentSource: 'affinity-data',
	},
	{
		id: 'affinity-data-year-founded',
		name: 'Year Founded',
		valueType: 'number',
		type: 'enriched',
		enrichmentSource: 'affinity-data',
	},
	{
		id: 'dealroom-total-funding',
		name: 'Total Funding Amount (USD)',
		valueType: 'number',
		type: 'enriched',
		enrichmentSource: 'dealroom',
	},
	{
		id: 'dealroom-investors',
		name: 'Investors',
		valueType: 'filterable-text-multi',
		type: 'enriched',
		enrichmentSource: 'dealroom',
	},
	{
		id: 'first-email',
		name: 'First Email',
		valueType: 'interaction',
		type: 'relationship-intelligence',
	},
	{
		id: 'last-email',
		name: 'Last Email',
		valueType: 'interaction',
		type: 'relationship-intelligence',
	},
	{
		id: 'last-event',
		name: 'Last Meeting',
		valueType: 'interaction',
		type: 'relationship-intelligence',
	},
	{
		id: 'source-of-introduction',
		name: 'Source of Introduction',
		valueType: 'person',
		type: 'relationship-intelligence',
	},
];

const PERSON_FIELDS: FieldSpec[] = [
	{ name: 'Job Title', valueType: 'text' },
	{ name: 'Phone', valueType: 'text' },
	{ name: 'Home City', valueType: 'location' },
	{
		name: 'Seniority',
		valueType: 'dropdown',
		options: ['Founder', 'C-Level', 'VP', 'Director', 'Manager', 'Individual Contributor'],
	},
	{ name: 'Birthday', valueType: 'datetime' },
	{ name: 'Employers', valueType: 'company-multi' },
	{
		name: 'Interests',
		valueType: 'dropdown-multi',
		options: ['AI', 'Climate', 'Fintech', 'Bio', 'Crypto'],
	},
	{ name: 'Introduced By', valueType: 'person' },
	{
		id: 'affinity-data-job-titles',
		name: 'Job Titles',
		valueType: 'filterable-text-multi',
		type: 'enriched',
		enrichmentSource: 'affinity-data',
	},
	{
		id: 'affinity-data-current-organization',
		name: 'Current Organizations',
		valueType: 'company-multi',
		type: 'enriched',
		enrichmentSource: 'affinity-data',
	},
	{
		id: 'affinity-data-location',
		name: 'Location',
		valueType: 'location',
		type: 'enriched',
		enrichmentSource: 'affinity-data',
	},
	{
		id: 'first-email',
		name: 'First Email',
		valueType: 'interaction',
		type: 'relationship-intelligence',
	},
	{
		id: 'last-email',
		name: 'Last Email',
		valueType: 'interaction',
		type: 'relationship-intelligence',
	},
	{
		id: 'last-contact',
		name: 'Last Contact',
		valueType: 'interaction',
		type: 'relationship-intelligence',
	},
];

function location(rng: Random): LocationData {
	const [city, state, country, continent] = rng.pick(CITIES);
	return {
		streetAddress: rng.chance(0.5) ? rng.pick(STREETS) : null,
		city,
		state,
		country,
		continent,
	};
}

export class Seeder {
	readonly rng: Random;
	private interactionId: number = ID_START.interaction;

	constructor(
		readonly store: Store,
		seed: number,
	) {
		this.rng = createRandom(seed);
	}

	private pools = new Map<string, { size: number; ids: number[] }>();

	/** Up to 400 ids of persons or companies to reference, recomputed when more were created. */
	private pool(kind: 'person' | 'company'): number[] {
		const map = kind === 'person' ? this.store.persons : this.store.companies;
		const cached = this.pools.get(kind);
		if (cached && cached.size === map.size) return cached.ids;
		const ids = [...map.keys()].slice(0, 400);
		this.pools.set(kind, { size: map.size, ids });
		return ids;
	}

	/** A random value of a field's type, in stored form, or undefined for "no value". */
	value(field: FieldDef, fillRate = 0.8): StoredValue | undefined {
		const { rng, store } = this;
		if (!rng.chance(fillRate)) return undefined;
		const personIds = () => rng.sample(this.pool('person'), rng.int(1, 3)).map((id) => ({ id }));
		const companyIds = () => rng.sample(this.pool('company'), rng.int(1, 3)).map((id) => ({ id }));
		const opts = field.dropdownOptions ?? [];
		const t = field.valueType;
		switch (t) {
			case 'text':
			case 'filterable-text':
				return {
					type: t,
					data: rng.pick([
						'Met at the annual summit',
						'Strong team, early traction',
						'Follow up in Q3',
						'Warm intro via partner',
						'Needs "deep dive" & pricing (v2)',
					]),
				};
			case 'filterable-text-multi':
				return {
					type: t,
					data: rng.sample(
						['Software', 'SaaS', 'Fintech', 'Health', 'Sequoia', 'Accel', 'Index'],
						rng.int(1, 3),
					),
				};
			case 'number':
				return { type: t, data: rng.int(1, 5000) * (rng.chance(0.2) ? 1.5 : 1) };
			case 'number-multi':
				return { type: t, data: [rng.int(1, 100), rng.int(100, 1000), rng.int(1000, 9000)] };
			case 'datetime': {
				const day = new Date(BASE_TIME - rng.int(0, 3000) * DAY).toISOString().slice(0, 10);
				return { type: t, data: pacificMidnight(day) };
			}
			case 'location':
				return { type: t, data: location(rng) };
			case 'location-multi':
				return { type: t, data: [location(rng), location(rng)] };
			case 'dropdown':
			case 'ranked-dropdown':
				return opts.length ? { type: t, data: { dropdownOptionId: rng.pick(opts).id } } : undefined;
			case 'dropdown-multi':
				return opts.length
					? {
							type: t,
							data: rng.sample(opts, rng.int(1, 3)).map((o) => ({ dropdownOptionId: o.id })),
						}
					: undefined;
			case 'person':
				return store.persons.size ? { type: t, data: personIds()[0] } : undefined;
			case 'person-multi':
				return store.persons.size ? { type: t, data: personIds() } : undefined;
			case 'company':
				return store.companies.size ? { type: t, data: companyIds()[0] } : undefined;
			case 'company-multi':
				return store.companies.size ? { type: t, data: companyIds() } : undefined;
			case 'interaction':
				return { type: t, data: this.interaction() };
			case 'formula-number':
			// Computed from the account's notes, reminders and lists (seedValueTypes.ts).
			case 'note':
			case 'reminder':
			case 'list-multi':
				return undefined;
		}
	}

	interaction(): InteractionData {
		const { rng } = this;
		const when = iso(BASE_TIME - rng.int(1, 400) * DAY + rng.int(0, 23) * 3_600_000);
		const participants = rng.sample(this.pool('person').slice(0, 200), 2);
		const kind = rng.pick(['email', 'meeting'] as const);
		return kind === 'email'
			? {
					type: 'email',
					id: this.interactionId++,
					sentAt: when,
					subject: 'Catching up',
					participantPersonIds: participants,
				}
			: {
					type: 'meeting',
					id: this.interactionId++,
					startTime: when,
					endTime: iso(Date.parse(when) + 3_600_000),
					title: 'Intro call',
					participantPersonIds: participants,
				};
	}

	fill(target: { values: Map<string, StoredValue> }, fields: FieldDef[], fillRate = 0.8): void {
		for (const field of fields) {
			const value = this.value(field, fillRate);
			if (value) target.values.set(field.id, value);
		}
	}
}

function createUsers(store: Store): void {
	const specs: Array<
		[string, string | null, User['status'], string, Partial<User['permissions']>]
	> = [
		['Alex', 'Admin', 'active', 'admin', { manageUsers: true }],
		['Morgan', 'Member', 'active', 'standard', {}],
		[
			'Riley',
			'Restricted',
			'active',
			'restricted',
			{
				exportAllOrganizations: false,
				exportAllPeople: false,
				editGlobalFieldValues: false,
				shareListsGlobally: false,
			},
		],
		['Jordan', 'Analyst', 'active', 'standard', {}],
		['Casey', null, 'invited', 'standard', {}],
		['Devon', 'Former', 'deactivated', 'standard', {}],
	];
	for (const [firstName, lastName, status, role, permissions] of specs) {
		const email = `${firstName.toLowerCase()}@${store.tenant.subdomain}.example`;
		const person: Person = {
			id: store.nextId('person', ID_START.person),
			firstName,
			lastName,
			primaryEmailAddress: email,
			emailAddresses: [email],
			type: 'internal',
			values: new Map(),
		};
		store.persons.set(person.id, person);
		// Users are internal persons: a user's id is its person's id (whoami user.id, creatorId,
		// v1 creator_id / owner_id / uploader_id all name the person).
		const id = person.id;
		store.users.set(id, {
			id,
			firstName,
			lastName,
			primaryEmailAddress: email,
			emailAddresses: [email, `${firstName.toLowerCase()}.alt@${store.tenant.subdomain}.example`],
			photoUrl: status === 'active' ? `https://static.affinity.example/photos/${id}.png` : null,
			status,
			role,
			personId: person.id,
			permissions: {
				manageUsers: false,
				exportAllOrganizations: true,
				exportAllPeople: true,
				exportLists: true,
				editGlobalFieldValues: true,
				shareListsGlobally: true,
				...permissions,
			},
		});
	}
}

function companyName(rng: Random, i: number): string {
	return `${PREFIX[i % PREFIX.length]} ${rng.pick(SUFFIX)}${i >= PREFIX.length ? ` ${Math.floor(i / PREFIX.length) + 1}` : ''}`;
}

function listFields(store: Store, listId: number, kind: EntityKind): void {
	const specs: FieldSpec[] = [
		{
			name: 'Status',
			valueType: 'ranked-dropdown',
			options: ['New', 'Contacted', 'Qualified', 'Negotiation', 'Won', 'Lost'],
		},
		{ name: 'Owner', valueType: 'person' },
		{ name: 'Deal Size', valueType: 'number' },
		{ name: 'Close Date', valueType: 'datetime' },
		{ name: 'Notes', valueType: 'text' },
		{ name: 'Stage', valueType: 'dropdown', options: ['Sourcing', 'Diligence', 'IC', 'Closed'] },
		{ name: 'Co-investors', valueType: 'company-multi' },
		{ name: 'Champions', valueType: 'person-multi' },
		{ name: 'Region', valueType: 'location' },
		{ name: 'Scores', valueType: 'number-multi' },
		{ name: 'Labels', valueType: 'dropdown-multi', options: ['Hot', 'Warm', 'Cold', 'Strategic'] },
		{ name: 'Related Company', valueType: 'company' },
		{ name: 'Sites', valueType: 'location-multi' },
		{ name: 'Weighted Value', valueType: 'formula-number' },
	];
	for (const spec of specs) makeField(store, kind, spec, listId);
}

function createList(
	store: Store,
	spec: Omit<List, 'id' | 'fields' | 'createdAt'>,
	daysAgo: number,
): List {
	const list: List = {
		...spec,
		id: store.nextId('list', ID_START.list),
		createdAt: iso(BASE_TIME - daysAgo * DAY),
		fields: [],
	};
	store.addList(list);
	listFields(store, list.id, list.type);
	return list;
}

function addEntries(seeder: Seeder, list: List, entityIds: number[], creators: number[]): void {
	const { store, rng } = seeder;
	const t0 = Date.parse(list.createdAt);
	entityIds.forEach((entityId, i) => {
		const entry = {
			id: store.nextId('listEntry', ID_START.listEntry),
			listId: list.id,
			entityType: list.type,
			entityId,
			createdAt: iso(t0 + i * 3_600_000),
			creatorId: rng.chance(0.1) ? null : rng.pick(creators),
			values: new Map<string, StoredValue>(),
		};
		seeder.fill(
			entry,
			list.fields.filter((f) => !f.readOnly),
			0.75,
		);
		store.addEntry(entry);
	});
}

function fieldNamed(list: List, name: string): string {
	const field = list.fields.find((f) => f.name === name);
	if (!field) throw new Error(`no field ${name}`);
	return field.id;
}

/**
 * Builds the default account: users with different permissions; persons, companies and
 * opportunities with values of every type; a pipeline (opportunity list), target accounts
 * (company list, with one company on it twice), investors (person list), a private list,
 * saved views, notes with replies and transcripts. The same seed gives the same account.
 */
export function seedStore(options: SeedOptions = {}): Store {
	const sizes: SeedSizes = { ...DEFAULT_SIZES, ...(options.sizes ?? {}) };
	const store = new Store();
	const seeder = new Seeder(store, options.seed ?? 1);
	const { rng } = seeder;
	createUsers(store);
	const activeUsers = [...store.users.values()]
		.filter((u) => u.status === 'active')
		.map((u) => u.id);

	// Enriched and RI field ids (last-email, affinity-data-location) name the same field on
	// persons and companies; look them up per entity kind (Store.entityField).
	for (const spec of COMPANY_FIELDS) makeField(store, 'company', spec);
	for (const spec of PERSON_FIELDS) makeField(store, 'person', spec);

	for (let i = 0; i < sizes.persons; i++) {
		const firstName = FIRST[i % FIRST.length];
		const lastName = LAST[Math.floor(i / FIRST.length) % LAST.length];
		const email = rng.chance(0.85)
			? `${firstName}.${lastName}${i}@example.com`.toLowerCase().replace(/'/g, '')
			: null;
		const person: Person = {
			id: store.nextId('person', ID_START.person),
			firstName,
			lastName: rng.chance(0.05) ? null : lastName,
			primaryEmailAddress: email,
			emailAddresses: email ? [email] : [],
			type: 'external',
			values: new Map(),
		};
		store.persons.set(person.id, person);
	}
	for (let i = 0; i < sizes.companies; i++) {
		const name = companyName(rng, i);
		const domain = rng.chance(0.9)
			? `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example.com`
			: null;
		const company: Company = {
			id: store.nextId('company', ID_START.company),
			name,
			domain,
			domains: domain ? [domain, ...(rng.chance(0.2) ? [`${domain.split('.')[0]}.io`] : [])] : [],
			isGlobal: rng.chance(0.3),
			values: new Map(),
		};
		store.companies.set(company.id, company);
	}
	for (const person of store.persons.values()) seeder.fill(person, store.entityFields.person, 0.7);
	for (const company of store.companies.values())
		seeder.fill(company, store.entityFields.company, 0.7);

	const admin = activeUsers[0];
	const member = activeUsers[1];
	const pipeline = createList(
		store,
		{
			name: 'Deal Pipeline',
			type: 'opportunity',
			isPublic: true,
			ownerId: admin,
			creatorId: admin,
			sharedWith: [],
		},
		300,
	);
	const targets = createList(
		store,
		{
			name: 'Target Accounts',
			type: 'company',
			isPublic: true,
			ownerId: admin,
			creatorId: admin,
			sharedWith: [],
		},
		200,
	);
	const investors = createList(
		store,
		{
			name: 'Investors',
			type: 'person',
			isPublic: true,
			ownerId: member,
			creatorId: member,
			sharedWith: [],
		},
		150,
	);
	const board = createList(
		store,
		{
			name: 'Board Confidential',
			type: 'company',
			isPublic: false,
			ownerId: admin,
			creatorId: admin,
			sharedWith: [],
		},
		100,
	);

	const opportunityIds: number[] = [];
	for (let i = 0; i < sizes.opportunities; i++) {
		const company = store.companies.get(ID_START.company + (i % Math.max(1, sizes.companies)));
		const opportunity: Opportunity = {
			id: store.nextId('opportunity', ID_START.opportunity),
			name: `${company?.name ?? 'Deal'} — Series ${'ABC'[i % 3]}`,
			listId: pipeline.id,
		};
		// A few restricted deals only the admin may see in full: the 4th, 14th, 24th…
		if (i % 10 === 3) opportunity.restrictedTo = [admin];
		store.opportunities.set(opportunity.id, opportunity);
		opportunityIds.push(opportunity.id);
	}
	addEntries(seeder, pipeline, opportunityIds, activeUsers);

	const companyIds = [...store.companies.keys()];
	const targetIds = companyIds.slice(0, Math.max(0, sizes.targetAccounts - 2));
	// The same company on one list twice: two entries, each with its own list values.
	if (targetIds.length >= 2) targetIds.push(targetIds[0], targetIds[1]);
	addEntries(seeder, targets, targetIds.slice(0, sizes.targetAccounts), activeUsers);
	const personIds = [...store.persons.values()]
		.filter((p) => p.type === 'external')
		.map((p) => p.id);
	addEntries(seeder, investors, personIds.slice(0, sizes.investors), activeUsers);
	addEntries(seeder, board, companyIds.slice(0, Math.min(12, companyIds.length)), [admin]);

	if (sizes.bigList > 0) {
		const big = createList(
			store,
			{
				name: 'Big Company List',
				type: 'company',
				isPublic: true,
				ownerId: admin,
				creatorId: admin,
				sharedWith: [],
			},
			50,
		);
		const ids = Array.from({ length: sizes.bigList }, (_, i) => companyIds[i % companyIds.length]);
		addEntries(seeder, big, ids, activeUsers);
	}

	const views: Array<
		[
			List,
			string,
			'sheet' | 'board' | 'dashboard',
			string[],
			Array<{
				field: string;
				operator: 'equals' | 'notEmpty' | 'greaterThan';
				value?: string | number;
			}>,
		]
	> = [
		[
			pipeline,
			'Qualified deals',
			'sheet',
			['Status', 'Owner', 'Deal Size', 'Close Date'],
			[{ field: 'Status', operator: 'equals', value: 'Qualified' }],
		],
		[pipeline, 'Pipeline board', 'board', ['Status', 'Stage'], []],
		[
			targets,
			'Hot accounts',
			'sheet',
			['Status', 'Labels', 'Deal Size'],
			[{ field: 'Labels', operator: 'equals', value: 'Hot' }],
		],
		[
			targets,
			'Large deals',
			'sheet',
			['Deal Size', 'Owner'],
			[{ field: 'Deal Size', operator: 'greaterThan', value: 2500 }],
		],
		[investors, 'All investors', 'sheet', ['Owner', 'Notes'], []],
		[targets, 'Overview dashboard', 'dashboard', [], []],
	];
	for (const [list, name, type, columns, conditions] of views) {
		const id = store.nextId('savedView', ID_START.savedView);
		store.savedViews.set(id, {
			id,
			listId: list.id,
			name,
			type,
			createdAt: iso(Date.parse(list.createdAt) + DAY),
			fieldIds: columns.map((c) => fieldNamed(list, c)),
			conditions: conditions.map((c) => ({
				fieldId: fieldNamed(list, c.field),
				operator: c.operator,
				value: c.value,
			})),
		});
	}

	seedNotes(seeder, sizes.notes, activeUsers, opportunityIds);
	extendSeed(store, options.seed ?? 1);
	seedReads(store, options.seed ?? 1);
	seedRemindersAndStatuses(store);
	seedValueTypes(store);
	store.touch();
	return store;
}

function seedNotes(seeder: Seeder, count: number, users: number[], opportunityIds: number[]): void {
	const { store, rng } = seeder;
	const companyIds = [...store.companies.keys()].slice(0, 50);
	const personIds = [...store.persons.keys()].slice(0, 80);
	for (let i = 0; i < count; i++) {
		const owner = rng.pick(users);
		const ownerPerson = store.users.get(owner)?.personId ?? personIds[0];
		const created = BASE_TIME - rng.int(1, 200) * DAY;
		const kind = i % 10 === 9 ? 'ai-notetaker' : i % 7 === 6 ? 'interaction' : 'entities';
		const sharingType = i % 8 === 3 ? 'private' : 'public';
		const mentioned = rng.chance(0.3) ? [rng.pick(personIds)] : [];
		const mentionHtml = mentioned.length
			? ` cc <span data-mention-person-id="${mentioned[0]}">@${store.persons.get(mentioned[0])?.firstName}</span>`
			: '';
		const note = {
			id: store.nextId('note', ID_START.note),
			type: kind as 'entities' | 'interaction' | 'ai-notetaker',
			html: `<p>Call notes ${i + 1}: discussed roadmap &amp; next steps.${mentionHtml}</p>`,
			creatorPersonId: ownerPerson,
			mentionedPersonIds: mentioned,
			createdAt: iso(created),
			updatedAt: rng.chance(0.3) ? iso(created + 3_600_000) : null,
			personIds: rng.sample(personIds, rng.int(0, 3)),
			companyIds: rng.sample(companyIds, rng.int(1, 2)),
			opportunityIds: opportunityIds.length && rng.chance(0.4) ? [rng.pick(opportunityIds)] : [],
			sharingType: sharingType as 'private' | 'public',
			visibleTo: [] as number[],
			ownerUserId: owner,
			interaction: kind === 'entities' ? undefined : seeder.interaction(),
		};
		store.notes.set(note.id, note);
		if (kind === 'ai-notetaker') {
			const transcriptId = store.nextId('transcript', ID_START.transcript);
			(note as { transcriptId?: number }).transcriptId = transcriptId;
			const fragments = Array.from({ length: rng.int(3, 140) }, (_, f) => ({
				speaker: rng.pick([
					'Speaker 1',
					'Speaker 2',
					store.persons.get(ownerPerson)?.firstName ?? 'Host',
				]),
				content: rng.pick([
					'Thanks for joining.',
					'Revenue grew 40% last quarter.',
					'We plan to hire five engineers.',
					'What is the runway?',
					'About 18 months.',
				]),
				startTimestamp: `00:${String(Math.floor(f / 2)).padStart(2, '0')}:${f % 2 ? '30' : '00'}`,
				endTimestamp: `00:${String(Math.floor(f / 2)).padStart(2, '0')}:${f % 2 ? '59' : '29'}`,
			}));
			store.transcripts.set(transcriptId, {
				id: transcriptId,
				noteId: note.id,
				languageCode: 'en',
				createdAt: iso(created),
				fragments,
			});
		}
		const replies = i % 4 === 0 ? rng.int(1, 3) + (i === 0 ? 25 : 0) : 0;
		for (let r = 0; r < replies; r++) {
			const author = rng.pick(users);
			const replyId = store.nextId('note', ID_START.note);
			store.notes.set(replyId, {
				id: replyId,
				type: 'user-reply',
				html: `<p>Reply ${r + 1} to note ${i + 1}</p>`,
				creatorPersonId: store.users.get(author)?.personId ?? ownerPerson,
				mentionedPersonIds: [],
				createdAt: iso(created + (r + 1) * 600_000),
				updatedAt: null,
				parentId: note.id,
				personIds: [],
				companyIds: [],
				opportunityIds: [],
				sharingType: note.sharingType,
				visibleTo: [],
				ownerUserId: note.ownerUserId,
			});
		}
	}
}
