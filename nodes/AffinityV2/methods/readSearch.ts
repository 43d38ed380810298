import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { validateId } from '../transport';
import { fetchPage, htmlText, matchesTerm, pageToken, scanSearch, shorten } from './paging';

interface PersonRecord {
	id: number;
	firstName?: string | null;
	lastName?: string | null;
	primaryEmailAddress?: string | null;
	emailAddresses?: string[];
}

interface NoteRecord {
	id: number;
	type?: string;
	content?: { html?: string | null } | null;
	createdAt?: string;
}

interface TranscriptRecord {
	id: number;
	createdAt?: string;
	languageCode?: string;
	note?: NoteRecord | null;
}

function chosenList(ctx: ILoadOptionsFunctions, what: string): number {
	const raw = ctx.getCurrentNodeParameter('listId', { extractValue: true });
	if (raw === undefined || raw === '') {
		throw new NodeOperationError(ctx.getNode(), 'Choose a List first', { description: `${what} are picked from the list chosen above.` });
	}
	return validateId(ctx.getNode(), raw, 'List ID', 'int64');
}

const day = (iso?: string) => (typeof iso === 'string' ? iso.slice(0, 10) : '');

/** Pickers (resource locator "From list" modes) of the read operations. */
export const readListSearch = {
	/** Persons by name or email address (read page by page: the API has no person search). */
	async searchPersons(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		return scanSearch<PersonRecord>(this, { path: '/v2/persons' }, filter, paginationToken, (p) => {
			const name = [p.firstName, p.lastName].filter(Boolean).join(' ') || `Person ${p.id}`;
			const email = p.primaryEmailAddress ?? '';
			return {
				name: email ? `${name} (${email})` : name,
				value: String(p.id),
				searchText: [name, ...(p.emailAddresses ?? []), email].join(' '),
			};
		});
	},

	/** Opportunities by name. */
	async searchOpportunities(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		return scanSearch<{ id: number; name: string; listId?: number }>(this, { path: '/v2/opportunities' }, filter, paginationToken, (o) => ({
			name: o.name || `Opportunity ${o.id}`,
			value: String(o.id),
			searchText: o.name ?? '',
		}));
	},

	/** Notes by their text; each shown with its date and the start of its text. */
	async searchNotes(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		return scanSearch<NoteRecord>(this, { path: '/v2/notes' }, filter, paginationToken, (n) => {
			const text = htmlText(n.content?.html);
			return {
				name: `${day(n.createdAt)} · ${shorten(text || `(${n.type ?? 'note'} without text)`)}`,
				value: String(n.id),
				searchText: `${text} ${n.id}`,
			};
		});
	},

	/** Transcripts (BETA endpoint), by the text of their note or their date. */
	async searchTranscripts(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		return scanSearch<TranscriptRecord>(this, { path: '/v2/transcripts' }, filter, paginationToken, (t) => {
			const text = htmlText(t.note?.content?.html);
			const label = `${day(t.createdAt)} · ${t.languageCode ?? ''}${text ? ` · ${shorten(text, 60)}` : ''}`;
			return { name: `Transcript ${t.id} (${label})`, value: String(t.id), searchText: `${label} ${text} ${t.id}` };
		});
	},

	/** The chosen list's saved views by name; says which are sheet views, the only kind the API serves. */
	async searchSavedViews(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		const listId = chosenList(this, 'Saved views');
		const body = await fetchPage<{ id: number; name: string; type?: string }>(
			this,
			{ path: `/v2/lists/${listId}/saved-views`, qs: { limit: 100 } },
			paginationToken,
		);
		const results = body.data
			.filter((v) => matchesTerm(v.name ?? '', filter))
			.map((v) => ({
				name: v.type === 'sheet' || !v.type ? `${v.name} (sheet view)` : `${v.name} (${v.type} view: the API serves only sheet views)`,
				value: String(v.id),
			}));
		return { results, paginationToken: pageToken(body) };
	},
};
