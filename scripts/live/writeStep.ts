import type { IDataObject } from 'n8n-workflow';

import type { InputFile } from '../../testkit/engine';
import {
	byId,
	records,
	type Answer,
	type DirectCall,
	type Entity,
	type Id,
	type Runs,
} from './plan';
import type { NodeOutput } from './runner';

/**
 * What a step of the write plan is, the sandbox it works in, and the building blocks the steps
 * share. The plan itself (the steps, in order) is in writePlan.ts and v1Writes.ts.
 *
 * A step is an `operation`, its `runs` from what earlier steps made (`s.made`), what it `makes`
 * (a name for later steps and the parameters of the operation that removes it), and a
 * `readBack`. Steps run in order; whatever any step made is removed at the end, even when a step
 * failed.
 */

/**
 * The sandbox lists: created once, found again by name (the API cannot delete lists). People
 * for the person writes and the dropdown field, companies for the list entry the check adds,
 * opportunities for the opportunities it creates.
 */
export const SANDBOX_LIST = {
	name: 'n8n-nodes-affinity-v2 live check sandbox (safe to delete)',
	type: 'person',
};
export const SANDBOX_COMPANY_LIST = {
	name: 'n8n-nodes-affinity-v2 live check sandbox companies (safe to delete)',
	type: 'company',
};
export const SANDBOX_OPPORTUNITY_LIST = {
	name: 'n8n-nodes-affinity-v2 live check sandbox opportunities (safe to delete)',
	type: 'opportunity',
};
/** Each sandbox list by the name the steps know it by in `made`. */
export const SANDBOX_LISTS = {
	sandboxList: SANDBOX_LIST,
	sandboxCompanyList: SANDBOX_COMPANY_LIST,
	sandboxOpportunityList: SANDBOX_OPPORTUNITY_LIST,
} as const;
/** What the three names share: one search finds them all. */
const SANDBOX_TERM = 'n8n-nodes-affinity-v2 live check sandbox';

/** A text the check writes, recognisable in the account and on read-back. */
export const marker = (runId: string, what: string) => `n8n live check ${runId}: ${what}`;

export interface Sandbox {
	runId: string;
	/** Ids of what the steps made (and the sandbox lists, the user of the key). */
	made: Record<string, Id | undefined>;
	/** The global text fields the value writes use, found in the account (ids only). */
	fields: {
		personText?: Id;
		companyText?: Id;
	};
	/** The public URL the webhook round trip subscribes, when --webhook-url is given. */
	webhookUrl?: string;
	/** Waits for a delivery about the record with this id; resolves to its event type. */
	awaitDelivery?: (recordId: Id) => Promise<string | undefined>;
}

export interface ReadBack {
	parameters: (s: Sandbox) => IDataObject;
	/** What is wrong with the raw answers of the read-back, or undefined when they show the write. */
	expect: (answers: Answer[], s: Sandbox) => string | undefined;
	/** The record is expected to be gone: the read-back's own 404 is the proof. */
	gone?: boolean;
	/** Other statuses that prove it gone (a merged-away record reads as 422). */
	goneAs?: number[];
}

export interface WriteStep {
	operation: string;
	runs: (s: Sandbox) => Runs;
	/** The files of the input item (an upload's), by binary field name. */
	files?: (s: Sandbox) => Record<string, InputFile>;
	/** The name later steps know the made record by, and how to remove it. */
	makes?: {
		name: string;
		/** The path of the POST that answers with it. */
		from: RegExp;
		/** Its id in that answer (default: the answer's `id`). */
		idOf?: (body: Entity) => Id | undefined;
		remove?: (id: Id, s: Sandbox) => IDataObject;
		/** The step makes it only sometimes (a find-or-create that had to create). */
		maybe?: boolean;
		/** Why the API cannot remove it (what becomes of it instead). */
		unremovable?: (id: Id, s: Sandbox) => string;
	};
	/** The step removes the record an earlier step made under this name (a delete). */
	removes?: string;
	readBack?: ReadBack;
	/** What is wrong with what the node put out (items, files), or undefined. */
	verify?: (outputs: NodeOutput[], s: Sandbox) => Promise<string | undefined> | string | undefined;
	/** Something to wait for after the runs (a webhook delivery); a message when it failed. */
	then?: (s: Sandbox) => Promise<string | undefined>;
}

export const has = (s: Sandbox, ...names: string[]) => names.every((n) => s.made[n] !== undefined);
export const made = (s: Sandbox, name: string) => s.made[name] as Id;

/** The read-back's answers hold this text. */
export const shows =
	(text: (s: Sandbox) => string) =>
	(answers: Answer[], s: Sandbox): string | undefined =>
		answers.some((a) => JSON.stringify(a.body).includes(text(s)))
			? undefined
			: 'the read-back does not show what was written';

/** The read-back's answers no longer hold this text (what was removed from a list of things). */
export const lacks =
	(text: (s: Sandbox) => string) =>
	(answers: Answer[], s: Sandbox): string | undefined =>
		!answers.length
			? 'the read-back got no answer'
			: answers.some((a) => JSON.stringify(a.body).includes(text(s)))
				? 'the read-back still shows what was removed'
				: undefined;

export const gone = (parameters: (s: Sandbox) => IDataObject): ReadBack => ({
	parameters,
	gone: true,
	expect: () => undefined,
});

/** People picked in an association list ({person: [{person: <locator>}]}). */
export const people = (...ids: Id[]) => ({ person: ids.map((id) => ({ person: byId(id) })) });

/**
 * The person of the key's user (a reminder's owner must be a member: an internal person). The
 * persons endpoint cannot filter on type: a few pages are read for the user's e-mail address.
 */
async function ownPerson(call: DirectCall): Promise<Id | undefined> {
	const me = (await call('GET', '/v2/auth/whoami')).body as
		| { user?: { emailAddress?: string } }
		| undefined;
	const email = me?.user?.emailAddress?.toLowerCase();
	let path: string | undefined = '/v2/persons?limit=100';
	let member: Id | undefined;
	for (let page = 0; path && page < 3; page++) {
		const answer = await call('GET', path);
		for (const p of records([{ method: 'GET', path, body: answer.body }])) {
			if (p.type !== 'internal') continue;
			const emails = [p.primaryEmailAddress, ...((p.emailAddresses as unknown[]) ?? [])].map((e) =>
				String(e).toLowerCase(),
			);
			if (email && emails.includes(email)) return p.id;
			member ??= p.id;
		}
		const next = (answer.body as { pagination?: { nextUrl?: string | null } })?.pagination?.nextUrl;
		path = next ? next.replace(/^https?:\/\/[^/]+/, '') : undefined;
	}
	return member;
}

/** A global text field of people or companies the value writes can use (not an enriched one). */
async function globalTextField(call: DirectCall, entity: 'persons' | 'companies') {
	const fields = await call('GET', `/v2/${entity}/fields?limit=100`);
	return records([{ method: 'GET', path: '', body: fields.body }]).find(
		(f) => f.type === 'global' && f.valueType === 'text' && !f.enrichmentSource,
	)?.id;
}

/** Finds the sandbox lists by name and the fields the plan writes to; ids only. */
export async function prepareSandbox(call: DirectCall, s: Sandbox): Promise<void> {
	s.made.me = await ownPerson(call);
	const lists = await call('GET', `/v2/lists?term=${encodeURIComponent(SANDBOX_TERM)}&limit=100`);
	const found = records([{ method: 'GET', path: '', body: lists.body }]);
	for (const [name, list] of Object.entries(SANDBOX_LISTS))
		s.made[name] = found.find((l) => l.name === list.name && l.type === list.type)?.id;
	s.fields.personText = await globalTextField(call, 'persons');
	s.fields.companyText = await globalTextField(call, 'companies');
}
