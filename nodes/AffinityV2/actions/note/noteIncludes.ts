import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { toStringList } from '../../helpers/stringList';

/** What GET /v2/notes and /v2/notes/{noteId} can add to each root note (`includes`). */
export const noteIncludesParameter: INodeProperties = {
	displayName: 'Include',
	name: 'includes',
	type: 'multiOptions',
	options: [
		{
			name: 'Companies Preview',
			value: 'companiesPreview',
			description: 'The first 100 attached companies and their total',
		},
		{
			name: 'Opportunities Preview',
			value: 'opportunitiesPreview',
			description: 'The first 100 attached opportunities and their total',
		},
		{
			name: 'People Preview',
			value: 'personsPreview',
			description: 'The first 100 attached people and their total',
		},
		{ name: 'Replies Count', value: 'repliesCount', description: 'How many replies the note has' },
	],
	default: [],
	description: 'Extra information on each note (not on replies)',
};

export function noteIncludesQuery(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const includes = toStringList(this.getNodeParameter('includes', itemIndex, []));
	return includes.length ? { includes } : {};
}
