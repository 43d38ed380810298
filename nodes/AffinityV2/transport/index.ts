export { affinityRequest, orgQuota, RETRY_POLICY, CREDENTIAL_TYPE } from './request';
export type { AffinityContext, AffinityRequest, AffinityResponse } from './request';
export { affinityPaginate, MAX_PAGE_SIZE } from './paginate';
export type { Page, PaginateOptions } from './paginate';
export { validateId, ID_RANGES } from './ids';
export type { IdKind } from './ids';
export { normalizeBaseUrl, DEFAULT_BASE_URL } from './baseUrl';
export { forgetRateLimits } from './rateLimit';
export type { OrgQuota } from './rateLimit';
