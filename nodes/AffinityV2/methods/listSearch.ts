import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { chosenListId } from '../actions/inputs/ids';
import { listSummary } from '../api/lists';
import { fetchPage, pageToken, SCAN_LIMITS, scanSearch, type Paged } from '../api/pickerPages';
import { TERM_MINIMUM } from '../helpers/searchCriteria';
import { matchesTerm } from '../helpers/text';
import { affinityRequest } from '../transport';
import {
	companyItem,
	listEntryItem,
	listItem,
	noteItem,
	opportunityItem,
	personItem,
	reminderItem,
	savedViewItem,
	transcriptItem,
	userItem,
	type PickerItem,
} from './pickerItems';

/** A picker option without its search text. */
const shown = (item: PickerItem): INodeListSearchItems => ({ name: item.name, value: item.value });

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
		const body = await fetchPage.call(this, { path: '/v2/lists', qs }, paginationToken);
		const results: INodeListSearchItems[] = body.data.map((l) => shown(listItem(l)));
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
		if (term && term.length < TERM_MINIMUM) {
			return scanSearch.call(this, { path: '/v2/companies' }, term, paginationToken, companyItem);
		}
		let body: Paged<unknown>;
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
			body = await fetchPage.call(
				this,
				{ path: '/v2/companies', qs: { limit: 100 } },
				paginationToken,
			);
		}
		const results = (Array.isArray(body.data) ? body.data : []).map((c) => shown(companyItem(c)));
		return { results, paginationToken: pageToken(body) };
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
		const listId = chosenListId.call(this);
		if (listId === undefined) return { results: [] };
		const ids = new Map<string, string>();
		// Read page by page (the API has no entry search), so a match beyond the first page is found.
		const page = await scanSearch.call(
			this,
			{ path: `/v2/lists/${listId}/list-entries` },
			filter,
			paginationToken,
			(e) => {
				const { label, ...item } = listEntryItem(e);
				ids.set(item.value, label);
				return item;
			},
		);
		if (!page.results.length) return page;
		// The list's name only once something was found (GET /v2/lists/{listId}, once per call).
		const list = await listSummary.call(this, listId);
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
		return scanSearch.call(this, { path: '/v2/persons' }, filter, paginationToken, personItem);
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
			const body = await (fetchPage<{ type?: unknown }>).call(
				this,
				{ path: '/v2/persons', qs: { limit: 100 } },
				next,
			);
			for (const p of body.data) {
				const item = personItem(p);
				if (p?.type === 'internal' && matchesTerm(item.searchText, filter))
					results.push(shown(item));
			}
			next = pageToken(body);
			if (!next || results.length >= SCAN_LIMITS.matches) break;
		}
		return { results, paginationToken: next };
	},

	/**
	 * Who may own a reminder: the active users (UserData `status`; Affinity refuses an invited or
	 * deactivated owner), by name or email, read from GET /v2/users page by page.
	 */
	async searchReminderOwners(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const results: INodeListSearchResult['results'] = [];
		let next = paginationToken;
		for (let pages = 0; pages < SCAN_LIMITS.pages; pages++) {
			const body = await fetchPage.call(this, { path: '/v2/users', qs: { limit: 100 } }, next);
			for (const u of body.data) {
				const item = userItem(u);
				if (item.status === 'active' && matchesTerm(item.searchText, filter))
					results.push(shown(item));
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
		return scanSearch.call(
			this,
			{ path: '/v2/opportunities' },
			filter,
			paginationToken,
			opportunityItem,
		);
	},

	/** Notes by their text; each shown with its date and the start of its text. */
	async searchNotes(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return scanSearch.call(this, { path: '/v2/notes' }, filter, paginationToken, noteItem);
	},

	/** Reminders (BETA endpoint), by their text or due date; each shown with its due date and status. */
	async searchReminders(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return scanSearch.call(this, { path: '/v2/reminders' }, filter, paginationToken, reminderItem);
	},

	/** Transcripts (BETA endpoint), by the text of their note or their date. */
	async searchTranscripts(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return scanSearch.call(
			this,
			{ path: '/v2/transcripts' },
			filter,
			paginationToken,
			transcriptItem,
		);
	},

	/** The chosen list's saved views by name; says which are sheet views, the only kind the API serves. */
	async searchSavedViews(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const listId = chosenListId.call(this);
		if (listId === undefined) return { results: [] };
		const body = await fetchPage.call(
			this,
			{ path: `/v2/lists/${listId}/saved-views`, qs: { limit: 100 } },
			paginationToken,
		);
		const results = body.data
			.map(savedViewItem)
			.filter((v) => matchesTerm(v.searchText, filter))
			.map(shown);
		return { results, paginationToken: pageToken(body) };
	},
};
