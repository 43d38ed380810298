import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { chosenListId } from '../actions/common/ids';
import { listSummary } from '../api/lists';
import { fetchPage, pageToken, SCAN_LIMITS, scanSearch, type Paged } from '../api/pickerPages';
import { entityDisplayName } from '../helpers/entities';
import { TERM_MINIMUM } from '../helpers/searchCriteria';
import { htmlText, matchesTerm, shorten } from '../helpers/text';
import type { ApiListEntry } from '../helpers/types';
import { affinityRequest } from '../transport';

interface PersonRecord {
	id: number;
	firstName?: string | null;
	lastName?: string | null;
	primaryEmailAddress?: string | null;
	emailAddresses?: string[];
}

interface CompanyRecord {
	id: number;
	name: string;
	domain?: string | null;
}

interface NoteRecord {
	id: number;
	type?: string;
	content?: { html?: string | null } | null;
	createdAt?: string;
}

interface ReminderRecord {
	id: number;
	content?: string | null;
	dueDate?: string;
	status?: string;
}

interface TranscriptRecord {
	id: number;
	createdAt?: string;
	languageCode?: string;
	note?: NoteRecord | null;
}

const day = (iso?: string) => (typeof iso === 'string' ? iso.slice(0, 10) : '');

/** The pickers (resource locators' "From list" mode), by their searchListMethod name. */
export const listSearch = {
	/** Lists by name: the API filters by `term` server-side. */
	async searchLists(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const qs: IDataObject = { limit: 100 };
		if (filter?.trim()) qs.term = filter.trim();
		const body = await fetchPage<{ id: number; name: string; type?: string }>(
			this,
			{ path: '/v2/lists', qs },
			paginationToken,
		);
		const results: INodeListSearchItems[] = body.data.map((l) => ({
			name: l.type ? `${l.name} (${l.type})` : l.name,
			value: String(l.id),
		}));
		return { results, paginationToken: pageToken(body) };
	},

	/**
	 * Companies by name or domain: POST /v2/companies/search takes a term of 3 characters or more;
	 * a shorter term is matched here, page by page, against the companies' names and domains.
	 */
	async searchCompanies(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const term = filter?.trim() ?? '';
		const toItem = (c: CompanyRecord) => ({
			name: c.domain ? `${c.name} (${c.domain})` : c.name,
			value: String(c.id),
		});
		if (term && term.length < TERM_MINIMUM) {
			return scanSearch<CompanyRecord>(
				this,
				{ path: '/v2/companies' },
				term,
				paginationToken,
				(c) => ({
					...toItem(c),
					searchText: `${c.name} ${c.domain ?? ''}`,
				}),
			);
		}
		let body: Paged<CompanyRecord>;
		if (term) {
			// Later pages of a search are POSTed to their nextUrl with the same body.
			const response = await affinityRequest.call(this, {
				method: 'POST',
				path: paginationToken ?? '/v2/companies/search',
				qs: paginationToken ? undefined : { limit: 100 },
				body: { search: { term } },
				idempotent: true,
			});
			body = response.body as typeof body;
		} else {
			body = await fetchPage(this, { path: '/v2/companies', qs: { limit: 100 } }, paginationToken);
		}
		return { results: (body.data ?? []).map(toItem), paginationToken: pageToken(body) };
	},

	/**
	 * Entries of the chosen list, matched by the name of their company, person or opportunity,
	 * labelled name and list first, ids last: a label cut short keeps what tells entries apart.
	 */
	async searchListEntries(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const listId = chosenListId(this);
		if (listId === undefined) return { results: [] };
		const ids = new Map<string, string>();
		// Read page by page (the API has no entry search), so a match beyond the first page is found.
		const page = await scanSearch<ApiListEntry>(
			this,
			{ path: `/v2/lists/${listId}/list-entries` },
			filter,
			paginationToken,
			(e) => {
				const name = entityDisplayName(e.entity) || `${e.type} ${e.entity?.id}`;
				ids.set(String(e.id), `${e.type} ${e.entity?.id}, entry ${e.id}`);
				return { name, value: String(e.id), searchText: entityDisplayName(e.entity) };
			},
		);
		if (!page.results.length) return page;
		// The list's name only once something was found (GET /v2/lists/{listId}, once per call).
		const list = await listSummary(this, listId);
		const results = page.results.map((r) => ({
			...r,
			name: `${r.name} · ${list.name} · ${ids.get(String(r.value))}`,
		}));
		return { ...page, results };
	},

	/** Persons by name or email address (read page by page: the API has no person search). */
	async searchPersons(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return scanSearch<PersonRecord>(this, { path: '/v2/persons' }, filter, paginationToken, (p) => {
			const name = entityDisplayName(p) || `Person ${p.id}`;
			const email = p.primaryEmailAddress ?? '';
			return {
				name: email ? `${name} (${email})` : name,
				value: String(p.id),
				searchText: [name, ...(p.emailAddresses ?? []), email].join(' '),
			};
		});
	},

	/**
	 * Members of the organization (internal persons: what a reminder's owner or a note's creator
	 * must be), by name or email. The persons endpoint cannot filter on type, so pages are read
	 * until enough members matched or the per-call read budget is spent.
	 */
	async searchInternalPersons(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const results: INodeListSearchResult['results'] = [];
		let next = paginationToken;
		for (let pages = 0; pages < SCAN_LIMITS.pages; pages++) {
			const body = await fetchPage<PersonRecord & { type?: string }>(
				this,
				{ path: '/v2/persons', qs: { limit: 100 } },
				next,
			);
			for (const p of body.data) {
				const name = entityDisplayName(p) || `Person ${p.id}`;
				const email = p.primaryEmailAddress ?? '';
				if (
					p.type === 'internal' &&
					matchesTerm([name, ...(p.emailAddresses ?? []), email].join(' '), filter)
				) {
					results.push({ name: email ? `${name} (${email})` : name, value: String(p.id) });
				}
			}
			next = pageToken(body);
			if (!next || results.length >= SCAN_LIMITS.matches) break;
		}
		return { results, paginationToken: next };
	},

	/** Opportunities by name. */
	async searchOpportunities(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return scanSearch<{ id: number; name: string; listId?: number }>(
			this,
			{ path: '/v2/opportunities' },
			filter,
			paginationToken,
			(o) => ({
				name: o.name || `Opportunity ${o.id}`,
				value: String(o.id),
				searchText: o.name ?? '',
			}),
		);
	},

	/** Notes by their text; each shown with its date and the start of its text. */
	async searchNotes(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return scanSearch<NoteRecord>(this, { path: '/v2/notes' }, filter, paginationToken, (n) => {
			const text = htmlText(n.content?.html);
			return {
				name: `${day(n.createdAt)} · ${shorten(text || `(${n.type ?? 'note'} without text)`)}`,
				value: String(n.id),
				searchText: `${text} ${n.id}`,
			};
		});
	},

	/** Reminders (BETA endpoint), by their text or due date; each shown with its due date and status. */
	async searchReminders(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return scanSearch<ReminderRecord>(
			this,
			{ path: '/v2/reminders' },
			filter,
			paginationToken,
			(r) => {
				const text = shorten(r.content?.trim() || '(no text)', 60);
				const label = `Due ${day(r.dueDate)} · ${text}${r.status ? ` (${r.status})` : ''}`;
				return { name: label, value: String(r.id), searchText: `${label} ${r.id}` };
			},
		);
	},

	/** Transcripts (BETA endpoint), by the text of their note or their date. */
	async searchTranscripts(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return scanSearch<TranscriptRecord>(
			this,
			{ path: '/v2/transcripts' },
			filter,
			paginationToken,
			(t) => {
				const text = htmlText(t.note?.content?.html);
				const label = `${day(t.createdAt)} · ${t.languageCode ?? ''}${text ? ` · ${shorten(text, 60)}` : ''}`;
				return {
					name: `Transcript ${t.id} (${label})`,
					value: String(t.id),
					searchText: `${label} ${text} ${t.id}`,
				};
			},
		);
	},

	/** The chosen list's saved views by name; says which are sheet views, the only kind the API serves. */
	async searchSavedViews(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const listId = chosenListId(this);
		if (listId === undefined) return { results: [] };
		const body = await fetchPage<{ id: number; name: string; type?: string }>(
			this,
			{ path: `/v2/lists/${listId}/saved-views`, qs: { limit: 100 } },
			paginationToken,
		);
		const results = body.data
			.filter((v) => matchesTerm(v.name ?? '', filter))
			.map((v) => ({
				name:
					v.type === 'sheet' || !v.type
						? `${v.name} (sheet view)`
						: `${v.name} (${v.type} view: the API serves only sheet views)`,
				value: String(v.id),
			}));
		return { results, paginationToken: pageToken(body) };
	},
};
