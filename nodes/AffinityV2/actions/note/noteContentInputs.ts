import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { asNodeError } from '../../helpers/nodeErrors';
import {
	noteContent,
	NoteContentError,
	type NoteContent,
	type NoteFormat,
} from '../../helpers/noteContent';

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
						'Bold, italic, links and lists as such; headings, code, quotes, strikethrough and tables, which Affinity’s notes lack, converted visibly and listed in the output’s markdownConverted',
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

/**
 * The HTML for the request body (`content: {html}`) and, for Markdown, `markdownConverted`: the
 * constructs a note cannot hold that were converted. Or a node error that names Content and
 * says why Affinity would refuse it.
 */
export function noteContentFrom(this: IExecuteFunctions, itemIndex: number): NoteContent {
	const format = this.getNodeParameter('contentFormat', itemIndex, 'text') as NoteFormat;
	const content = String(this.getNodeParameter('content', itemIndex, '') ?? '');
	try {
		return noteContent(content, format);
	} catch (error) {
		if (!(error instanceof NoteContentError)) throw asNodeError(this.getNode(), error, itemIndex);
		throw new NodeOperationError(this.getNode(), `Content: ${error.message}`, {
			itemIndex,
			description: error.hint,
		});
	}
}

/** What the output item says of the content: the Markdown constructs converted, if Markdown. */
export function conversionsOf(content: NoteContent | undefined): IDataObject {
	return content?.markdownConverted ? { markdownConverted: content.markdownConverted } : {};
}

/**
 * A failed note write keeps `markdownConverted` in its error's context (an outcome key): a write
 * that may have applied stored the converted content.
 */
export function withConversions(error: unknown, content: NoteContent | undefined): unknown {
	if (
		content?.markdownConverted &&
		(error instanceof NodeApiError || error instanceof NodeOperationError)
	)
		error.context.markdownConverted = content.markdownConverted;
	return error;
}
