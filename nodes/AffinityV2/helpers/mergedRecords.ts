/**
 * A read of a company or person that was merged into another answers 422 (not 404), e.g.
 * `{"errors":[{"code":"unprocessable-entity","message":"292479388 no longer exists as it has been merged into 301128758"}]}`.
 * These helpers recognise that message, so the record the user must use now can be named.
 */

export interface MergedRecord {
	/** The id asked for, which no longer exists. */
	mergedId: number;
	/** The id of the record it was merged into: the one to use now. */
	mergedInto: number;
}

const MERGED = /^\s*(\d+)\s+no longer exists as it has been merged into\s+(\d+)\b/i;

/** The merge an error message tells of, or undefined when the message is about something else. */
export function mergedRecordOf(message: unknown): MergedRecord | undefined {
	if (typeof message !== 'string') return undefined;
	const match = MERGED.exec(message);
	if (!match) return undefined;
	const mergedId = Number(match[1]);
	const mergedInto = Number(match[2]);
	if (!Number.isSafeInteger(mergedId) || !Number.isSafeInteger(mergedInto)) return undefined;
	return { mergedId, mergedInto };
}

/** The merge told of by any of the messages of an error answer. */
export function mergedRecordIn(messages: Array<unknown>): MergedRecord | undefined {
	for (const message of messages) {
		const merged = mergedRecordOf(message);
		if (merged) return merged;
	}
	return undefined;
}

/** The error message of a merged record: what happened and the id to use now. */
export function mergedRecordMessage({ mergedId, mergedInto }: MergedRecord): string {
	return `Record ${mergedId} was merged into record ${mergedInto}: use ID ${mergedInto} now`;
}

/** The error description of a merged record. */
export function mergedRecordAdvice({ mergedId, mergedInto }: MergedRecord): string {
	return `Affinity merged record ${mergedId} into record ${mergedInto}, so ${mergedId} no longer exists. ${mergedInto} is the ID to use now: update the ID stored in your workflow or data. The error carries mergedId (${mergedId}) and mergedInto (${mergedInto}).`;
}
