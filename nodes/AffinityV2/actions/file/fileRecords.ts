import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { entityNames, type NamedEntity } from '../../api/entityNames';
import { cachedPerRun } from '../../api/cache';
import { asNodeError } from '../../helpers/nodeErrors';
import { entityFileFromV1 } from '../../helpers/v1/files';
import { affinityRequest } from '../../transport';

export const includeRecordParameter: INodeProperties = {
	displayName: 'Include Record',
	name: 'includeRecord',
	type: 'boolean',
	default: true,
	description:
		'Whether each file says which company, person or opportunity it belongs to, with its name. Costs one API v1 call per file found (GET /entity-files/{entity_file_id}) and one per kind of record for the names.',
};

/**
 * The record a file is attached to, by API v1 GET /entity-files/{entity_file_id} (v2's files
 * say nothing of it): `{type, id}`, or null for a file of the organization itself or one the
 * key may not read (403/404). Read once per file per run.
 */
async function fileRecord(
	this: IExecuteFunctions,
	fileId: number,
	itemIndex: number,
): Promise<{ type: NamedEntity; id: number } | null> {
	return cachedPerRun(this, `file record ${fileId}`, async () => {
		try {
			const { body } = await affinityRequest.call(this, {
				api: 'v1',
				method: 'GET',
				path: `/entity-files/${fileId}`,
				subject: `file with ID ${fileId}`,
				itemIndex,
				expect: 'record',
			});
			const file = entityFileFromV1(body as IDataObject);
			return typeof file.entityId === 'number' && file.entityType
				? { type: file.entityType as NamedEntity, id: file.entityId }
				: null;
		} catch (error) {
			const code = error instanceof NodeApiError ? error.httpCode : undefined;
			if (code === '403' || code === '404') return null;
			throw asNodeError(this.getNode(), error, itemIndex);
		}
	});
}

/**
 * File search results (files.SearchResult `{file: {id, name}, …}`) with `record` beside
 * `file`: `{type, id, name}` of the company, person or opportunity the file belongs to, or
 * null. Names are read with GET /v2/persons|companies|opportunities?ids=…, each once per run.
 */
export async function withFileRecords(
	this: IExecuteFunctions,
	results: IDataObject[],
	itemIndex: number,
): Promise<IDataObject[]> {
	const fileIdOf = (result: IDataObject) => {
		const file = result.file as { id?: unknown } | undefined;
		return file && typeof file.id === 'number' ? file.id : undefined;
	};
	const records = new Map<number, { type: NamedEntity; id: number } | null>();
	for (const result of results) {
		const id = fileIdOf(result);
		if (id !== undefined && !records.has(id))
			records.set(id, await fileRecord.call(this, id, itemIndex));
	}
	const names = new Map<NamedEntity, Map<number, string | null>>();
	for (const kind of ['company', 'person', 'opportunity'] as NamedEntity[]) {
		const ids = [...records.values()].filter((r) => r?.type === kind).map((r) => r!.id);
		if (ids.length) names.set(kind, await entityNames.call(this, kind, ids, itemIndex));
	}
	return results.map((result) => {
		const id = fileIdOf(result);
		const record = id === undefined ? null : (records.get(id) ?? null);
		const out: IDataObject = {};
		for (const [key, value] of Object.entries(result)) {
			out[key] = value;
			if (key === 'file')
				out.record = record
					? { ...record, name: names.get(record.type)?.get(record.id) ?? null }
					: null;
		}
		return out;
	});
}
