import type { RouteContext } from '../context';
import { ApiError, badRequest, notFound } from '../http';
import { arrayOrNull, shownDomain, shownDomains } from '../liveShapes';
import type { Company, Note, StoredFile } from '../model';
import type { Reply, Router } from '../router';
import { canSeeNote } from './notes';

/**
 * Keyword and semantic search (POST /v2/notes/search, /v2/files/search: notes.KeywordSearchCriteria
 * and files.KeywordSearchCriteria; POST /v2/semantic-search: SemanticSearchCriteria). All answer
 * 201. Relevance here is term overlap: how many of the prompt's words a record contains.
 */

const STOP_WORDS = new Set([
	'the',
	'and',
	'for',
	'with',
	'that',
	'are',
	'our',
	'from',
	'companies',
	'company',
	'which',
	'who',
	'into',
	'about',
]);

export function terms(prompt: string): string[] {
	return [
		...new Set(
			prompt
				.toLowerCase()
				.split(/[^\p{L}\p{N}]+/u)
				.filter((w) => w.length >= 3 && !STOP_WORDS.has(w)),
		),
	];
}

function isObject(value: unknown): value is Record<string, unknown> {
	return !!value && typeof value === 'object' && !Array.isArray(value);
}

function int(value: unknown, param: string, min: number, max: number): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
		throw badRequest(`${param} must be an integer between ${min} and ${max}`, param);
	}
	return value;
}

interface KeywordCriteria {
	prompt: string;
	limit: number;
	ids?: number[];
	companyId?: number;
}

/** A keyword search body: prompt (3..500), limit (1..100, default 20), and ids or a company, not both. */
async function keywordCriteria(
	ctx: RouteContext,
	idsName: 'noteIds' | 'fileIds',
): Promise<KeywordCriteria> {
	const body = await ctx.body();
	if (!isObject(body)) throw badRequest('The body must be a JSON object {"prompt": ...}', 'prompt');
	for (const key of Object.keys(body)) {
		if (!['prompt', 'limit', idsName, 'companyId'].includes(key))
			throw badRequest(`Unknown property "${key}"`, key);
	}
	if (typeof body.prompt !== 'string' || body.prompt.length < 3 || body.prompt.length > 500) {
		throw badRequest('prompt must be text of 3 to 500 characters', 'prompt');
	}
	if (body[idsName] !== undefined && body.companyId !== undefined)
		throw badRequest(`${idsName} and companyId cannot be combined`, idsName);
	const criteria: KeywordCriteria = {
		prompt: body.prompt,
		limit: body.limit === undefined ? 20 : int(body.limit, 'limit', 1, 100),
	};
	if (body[idsName] !== undefined) {
		const ids = body[idsName];
		if (!Array.isArray(ids) || ids.length > 100)
			throw badRequest(`${idsName} must be an array of at most 100 ids`, idsName);
		criteria.ids = ids.map((id, i) => int(id, `${idsName}[${i}]`, 1, 2147483647));
	}
	if (body.companyId !== undefined) {
		criteria.companyId = int(body.companyId, 'companyId', 1, 9007199254740991);
		if (!ctx.store.companies.has(criteria.companyId))
			throw notFound(`Company ${criteria.companyId} not found`);
	}
	return criteria;
}

const plain = (html: string | null) =>
	(html ?? '')
		.replace(/<[^>]*>/g, ' ')
		.replace(/&amp;/g, '&')
		.replace(/\s+/g, ' ')
		.trim();

function hits(text: string, words: string[]): number {
	const lower = text.toLowerCase();
	return words.reduce((n, w) => n + (lower.split(w).length - 1), 0);
}

/** The passage around the first matching word, at most 2,000 characters. */
function excerpt(text: string, words: string[]): string {
	const lower = text.toLowerCase();
	const at = Math.min(...words.map((w) => lower.indexOf(w)).filter((i) => i >= 0));
	const start = Number.isFinite(at) ? Math.max(0, at - 80) : 0;
	return text.slice(start, start + 300);
}

/** notes.SearchResult `kind` of a stored note. */
function noteKind(note: Note): string {
	if (note.type === 'ai-notetaker' || note.type === 'ai-notetaker-reply')
		return 'meeting-ai-summary';
	if (note.type === 'interaction') {
		if (note.interaction?.type === 'email') return 'email-note';
		if (note.interaction?.type === 'chat-message') return 'chat-message-note';
		return 'meeting-note';
	}
	return 'note';
}

const created = (body: unknown): Reply => ({ status: 201, body });

function semanticCriteria(body: unknown): { prompt: string; limit: number; listIds: number[] } {
	if (!isObject(body)) throw badRequest('The body must be a JSON object {"prompt": ...}', 'prompt');
	for (const key of Object.keys(body)) {
		if (!['prompt', 'limit', 'listIds', 'entityType'].includes(key))
			throw badRequest(`Unknown property "${key}"`, key);
	}
	if (typeof body.prompt !== 'string' || body.prompt.length < 1 || body.prompt.length > 500) {
		throw badRequest('prompt must be text of 1 to 500 characters', 'prompt');
	}
	if (body.entityType !== undefined && body.entityType !== 'companies')
		throw badRequest('entityType must be "companies"', 'entityType');
	const listIds = body.listIds ?? [];
	if (!Array.isArray(listIds) || listIds.length > 100)
		throw badRequest('listIds must be an array of at most 100 list ids', 'listIds');
	return {
		prompt: body.prompt,
		limit: body.limit === undefined ? 100 : int(body.limit, 'limit', 1, 100),
		listIds: listIds.map((id, i) => int(id, `listIds[${i}]`, 1, 9007199254740991)),
	};
}

const DESCRIPTION_FIELD = 'affinity-data-description';

function companyText(company: Company): string {
	const description = company.values.get(DESCRIPTION_FIELD)?.data;
	return [
		company.name,
		company.domain ?? '',
		...company.domains,
		typeof description === 'string' ? description : '',
	].join(' ');
}

export function register(router: Router): void {
	router.post('/v2/notes/search', async (ctx) => {
		const criteria = await keywordCriteria(ctx, 'noteIds');
		const words = terms(criteria.prompt);
		const scope = criteria.ids ? new Set(criteria.ids) : undefined;
		const ranked = [...ctx.store.notes.values()]
			.filter(
				(n) =>
					canSeeNote(ctx, n) &&
					(!scope || scope.has(n.id)) &&
					(criteria.companyId === undefined || n.companyIds.includes(criteria.companyId)),
			)
			.map((note) => ({ note, text: plain(note.html), score: 0 }))
			.map((r) => ({ ...r, score: hits(r.text, words) }))
			.filter((r) => r.score > 0)
			.sort((a, b) => b.score - a.score || a.note.id - b.note.id)
			.slice(0, criteria.limit);
		return created({
			data: ranked.map((r) => ({
				note: { id: r.note.id, kind: noteKind(r.note) },
				preview: excerpt(r.text, words),
			})),
		});
	});

	router.post('/v2/files/search', async (ctx) => {
		const criteria = await keywordCriteria(ctx, 'fileIds');
		const words = terms(criteria.prompt);
		const scope = criteria.ids ? new Set(criteria.ids) : undefined;
		// A file's passages are its pages; a file with no text the emulator can read (an
		// uploaded PDF or image) and one whose pages do not match are found by their name.
		const best = (file: StoredFile) => {
			const page = file.pages
				.map((text, i) => ({ text, page: (i + 1) as number | null, score: hits(text, words) }))
				.sort((a, b) => b.score - a.score || (a.page ?? 0) - (b.page ?? 0))[0];
			return page && page.score > 0
				? page
				: { text: file.name, page: null, score: hits(file.name, words) };
		};
		const ranked = [...ctx.store.files.values()]
			.filter(
				(f) =>
					(!scope || scope.has(f.id)) &&
					(criteria.companyId === undefined || f.companyId === criteria.companyId),
			)
			.map((file) => ({ file, page: best(file) }))
			.filter((r) => r.page.score > 0)
			.sort((a, b) => b.page.score - a.page.score || a.file.id - b.file.id)
			.slice(0, criteria.limit);
		return created({
			data: ranked.map((r) => ({
				file: { id: r.file.id, name: r.file.name },
				pageNumber: r.file.paged ? r.page.page : null,
				preview: excerpt(r.page.text, words),
			})),
		});
	});

	router.post('/v2/semantic-search', async (ctx) => {
		const criteria = semanticCriteria(await ctx.body());
		for (const listId of criteria.listIds) {
			const list = ctx.store.lists.get(listId);
			if (!list) throw notFound(`List ${listId} not found`);
			if (!ctx.store.canSeeList(list, ctx.user.id))
				throw new ApiError(404, 'not-found', `List ${listId} not found`);
			if (list.type !== 'company')
				throw badRequest(`List ${listId} is not a list of companies`, 'listIds');
		}
		const onLists = criteria.listIds.length
			? new Set(
					criteria.listIds.flatMap((id) =>
						(ctx.store.entriesByList.get(id) ?? []).map((e) => e.entityId),
					),
				)
			: undefined;
		const words = terms(criteria.prompt);
		const ranked = [...ctx.store.companies.values()]
			.filter((c) => !onLists || onLists.has(c.id))
			.map((company) => {
				const text = companyText(company).toLowerCase();
				const matched = words.filter((w) => text.includes(w));
				return { company, matched, score: words.length ? matched.length / words.length : 0 };
			})
			.filter((r) => r.score > 0)
			.sort((a, b) => b.score - a.score || a.company.id - b.company.id)
			.slice(0, criteria.limit);
		const explanation = words.length
			? `Companies ranked by how many of ${words.map((w) => `"${w}"`).join(', ')} appear in their name, domain or description${criteria.listIds.length ? `, among the companies on lists ${criteria.listIds.join(', ')}` : ''}.`
			: 'The prompt has no words to search for.';
		return created({
			entityType: 'companies',
			explanation,
			data: ranked.map(({ company, score }) => ({
				id: company.id,
				name: company.name,
				domain: shownDomain(company.id, company.domain),
				domains: arrayOrNull(shownDomains(company.id, company.domains.slice(0, 100))),
				isGlobal: company.isGlobal,
				score: score.toFixed(2),
			})),
		});
	});
}
