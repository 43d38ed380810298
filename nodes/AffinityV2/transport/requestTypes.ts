/** What a request to Affinity says (AffinityRequest) and what it gets (AffinityResponse). */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { FormPart } from './multipart';
import type { ParameterNames } from './errors';
import type { Expected } from './shape';
import type { ApiGeneration } from './urls';

export interface AffinityRequest {
	method: IHttpRequestMethods;
	/**
	 * Which API: v2 (the default) or v1, called only where v2 has no equivalent. Both take the
	 * same key at the same host and draw on one rate-limit pool; v1 has no version header.
	 */
	api?: ApiGeneration;
	/** Path under the base URL: /v2/… for v2, /<resource>/… for v1; may carry a query (a nextUrl's). */
	path: string;
	/** Query; arrays are sent as repeated parameters (fieldIds=a&fieldIds=b) as the API wants. */
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	/** What the request is about, for "not found" messages: "company 12". */
	subject?: string;
	itemIndex?: number;
	timeoutMs?: number;
	/**
	 * A read sent with POST (company search): changes nothing, so it is retried like a GET.
	 * Defaults to true for GET and false for every other method.
	 */
	idempotent?: boolean;
	/** For writes: the read that shows whether a write of unknown outcome was applied. */
	checkWith?: string;
	/** The node's names of query or body parameters the API names otherwise, for 400s: {ids: 'Field Names or IDs'}. */
	parameterNames?: ParameterNames;
	/**
	 * The shape a successful answer must have: `record` (one JSON object, whose items are checked
	 * if it is a page; the default for reads), `page` (as the paginator asks), `any` (the default
	 * for writes).
	 */
	expect?: Expected;
	/** A multipart/form-data body instead of JSON (v1 POST /entity-files); sent once, as any write. */
	form?: FormPart[];
	/**
	 * `file`: the answer is a file, not JSON (v1 GET /entity-files/download/{id}): its body is a
	 * Buffer, never shape-checked, and a redirect to a signed URL is followed without the key.
	 */
	answer?: 'json' | 'file';
	/**
	 * For a file: the most bytes it may have (its record's size). Never more than
	 * ANSWER_LIMITS.fileMaxBytes; a larger answer is refused unread or stopped as it passes.
	 */
	maxBytes?: number;
	/**
	 * For an update: what the record shows once API v2 reads see it, in v2's names, from the
	 * write's answer (what Affinity stored). A v2 read of the record moments later, in the next
	 * node, is read again until it shows it (transport/recordLag.ts).
	 */
	shows?: (answer: unknown) => IDataObject;
}

export interface AffinityResponse<T = unknown> {
	statusCode: number;
	body: T;
	headers: Record<string, unknown>;
}
