import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { asNodeError } from '../../helpers/nodeErrors';
import { NoteContentError, noteHtml, type NoteFormat } from '../../helpers/noteContent';

/** A note's content inputs (format and text) and the HTML they give, checked before any request. */
export function noteContentProperties(displayOptions?: IDisplayOptions): INodeProperties[] {
	return [
		{
			displayName: 'Content Format',
			name: 'contentFormat',
			type: 'options',
			options: [
				{
					name: 'Plain Text',
					value: 'text',
					description: 'Paragraphs at blank lines, line breaks kept',
				},
				{
					name: 'Markdown',
					value: 'markdown',
					description:
						'Bold, italic, links, lists and headings, turned into the HTML Affinity accepts',
				},
				{
					name: 'HTML (Expert)',
					value: 'html',
					description:
						'Sent as written; Affinity accepts only the tags p, br, strong, em, u, ol, ul, li, span and links to http, https or mailto addresses',
				},
			],
			default: 'text',
			displayOptions,
		},
		{
			displayName: 'Content',
			name: 'content',
			type: 'string',
			typeOptions: { rows: 5 },
			required: true,
			default: '',
			displayOptions,
			description:
				'The text of the note. Images, mentions and styles cannot be written through the API and are refused before sending.',
		},
	];
}

/** `{html}` for the request body, or a node error that names Content and says why Affinity would refuse it. */
export function noteContentFrom(this: IExecuteFunctions, itemIndex: number): { html: string } {
	const format = this.getNodeParameter('contentFormat', itemIndex, 'text') as NoteFormat;
	const content = String(this.getNodeParameter('content', itemIndex, '') ?? '');
	try {
		return { html: noteHtml(content, format) };
	} catch (error) {
		if (!(error instanceof NoteContentError)) throw asNodeError(this.getNode(), error, itemIndex);
		throw new NodeOperationError(this.getNode(), `Content: ${error.message}`, {
			itemIndex,
			description: error.hint,
		});
	}
}
