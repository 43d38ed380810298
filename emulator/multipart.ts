/**
 * multipart/form-data request bodies (RFC 7578), as API v1's POST /entity-files takes them.
 * Parsed here: the emulator has no dependency for it.
 */

export interface FormPart {
	name: string;
	/** Set for a file part (its `filename`). */
	fileName?: string;
	contentType?: string;
	data: Buffer;
}

/** The boundary of a multipart/form-data Content-Type; undefined for any other type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
	const match = /^\s*multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
		contentType ?? '',
	);
	return match ? (match[1] ?? match[2]) : undefined;
}

/** A quoted or bare header parameter, with the percent-escapes browsers use for `"`, CR and LF. */
function parameter(header: string, name: string): string | undefined {
	const match = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(header);
	if (!match) return undefined;
	const raw = match[1] ?? match[2];
	return raw.replace(/%22/gi, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

/** The parts of a body; throws an Error saying what is malformed. */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
	const delimiter = Buffer.from(`--${boundary}`);
	const between = Buffer.from(`\r\n--${boundary}`);
	const parts: FormPart[] = [];
	let at = body.indexOf(delimiter);
	if (at < 0) throw new Error('the body holds no boundary');
	at += delimiter.length;
	for (;;) {
		if (body.subarray(at, at + 2).toString('latin1') === '--') return parts;
		if (body.subarray(at, at + 2).toString('latin1') !== '\r\n')
			throw new Error('a boundary is not followed by a line break');
		const headEnd = body.indexOf('\r\n\r\n', at + 2);
		if (headEnd < 0) throw new Error('a part has no end of headers');
		const headers = body
			.subarray(at + 2, headEnd)
			.toString('utf8')
			.split('\r\n');
		const end = body.indexOf(between, headEnd + 4);
		if (end < 0) throw new Error('the body has no closing boundary');
		const header = (name: string) =>
			headers.find((h) => h.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1);
		const disposition = header('content-disposition') ?? '';
		const name = parameter(disposition, 'name');
		if (!/^\s*form-data/i.test(disposition) || name === undefined)
			throw new Error('a part has no Content-Disposition: form-data with a name');
		parts.push({
			name,
			fileName: parameter(disposition, 'filename'),
			contentType: header('content-type')?.trim(),
			data: Buffer.from(body.subarray(headEnd + 4, end)),
		});
		at = end + between.length;
	}
}
