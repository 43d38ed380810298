export { affinityRequest, apiVersionOf, orgQuota, RETRY_POLICY, CREDENTIAL_TYPE } from './request';
export type { AffinityContext, AffinityRequest, AffinityResponse } from './request';
export { affinityPaginate, MAX_PAGE_SIZE, MAX_PAGES } from './paginate';
export type { Page, PaginateOptions } from './paginate';
export { validateId, ID_RANGES } from './ids';
export type { IdKind } from './ids';
export { normalizeBaseUrl, DEFAULT_BASE_URL } from './baseUrl';
export { forgetRateLimits } from './rateLimit';
export type { OrgQuota } from './rateLimit';
export {
	DEFAULT_QUOTA_GUARD,
	DEFAULT_QUOTA_RESERVE_PERCENT,
	quotaExhausted,
	quotaLeftText,
	quotaResetText,
} from './quota';
export type { QuotaGuard } from './quota';
export { writeMayHaveApplied } from './errors';
export { apiKeyProblem } from './apiKey';
export type { Expected } from './shape';
export { PageTrail } from './pageTrail';
export { withQuery } from './urls';
export type { FormPart } from './multipart';
export { headerValue } from './download';
export { ANSWER_LIMITS, MAX_DOWNLOAD_BYTES } from './limits';
export {
	appliedWriteOf,
	entryAddedHere,
	followWrites,
	forgetEntryAdded,
	findWritten,
	notShownYetError,
	takeLagNote,
	RECORD_LAG_WAITS_MS,
} from './recordLag';
export { forgetRecentWrites } from './recentWrites';
export type { RecordRef } from './recordPaths';
export { affinityPaginateV1, V1_MAX_PAGE_SIZE } from './v1Paginate';
export type { V1PaginateOptions } from './v1Paginate';
