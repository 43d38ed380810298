/**
 * Whether an operation only reads: Get…, searches (sent as POST on some endpoints, yet they
 * change nothing) and downloads. Everything else writes and belongs to the write plan.
 */
export const isRead = (operation: string): boolean =>
	/\.(get[A-Z]?\w*|search|semanticSearch|download)$/.test(operation);
