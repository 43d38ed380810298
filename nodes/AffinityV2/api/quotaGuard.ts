import type { IDataObject, INodeProperties, IPollFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	DEFAULT_QUOTA_RESERVE_PERCENT,
	orgQuota,
	quotaExhausted,
	quotaLeftText,
	quotaResetText,
	type AffinityContext,
	type QuotaGuard,
} from '../transport';

/**
 * "Stop before the monthly quota runs out", shared by the triggers: a trigger that runs
 * unattended must not spend the account's monthly calls (x-ratelimit-limit-org*), which every
 * other integration of the account shares. The rule itself is the transport's (its paginator
 * applies it to every read of all pages).
 */
export { DEFAULT_QUOTA_RESERVE_PERCENT, quotaExhausted, type QuotaGuard };

/** What a trigger's user can do about a stop, named after the options below. */
export const TRIGGER_QUOTA_ADVICE =
	'To spend the reserve, lower "Quota Reserve (%)" or turn off "Stop Before the Monthly Quota Runs Out" in Options.';

/** Options to add to a trigger's Options collection; both are read by readQuotaGuard. */
export const quotaGuardOptions: INodeProperties[] = [
	{
		displayName: 'Stop Before the Monthly Quota Runs Out',
		name: 'stopBeforeQuota',
		type: 'boolean',
		default: true,
		description:
			"Whether to fail a poll, saving nothing, when the account's monthly API calls (plans with a monthly cap) are down to the reserve, instead of spending the rest. Changes are reported once polls run again.",
	},
	{
		displayName: 'Quota Reserve (%)',
		name: 'quotaReservePercent',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 100 },
		default: DEFAULT_QUOTA_RESERVE_PERCENT,
		description: "Share of the month's calls to leave for everything else",
	},
];

/** From a trigger's Options collection: absent options mean the defaults (on, 10 %). */
export function readQuotaGuard(options: IDataObject): QuotaGuard {
	const percent = Number(options.quotaReservePercent ?? DEFAULT_QUOTA_RESERVE_PERCENT);
	return {
		enabled: options.stopBeforeQuota !== false,
		reservePercent: Number.isFinite(percent)
			? Math.min(100, Math.max(0, percent))
			: DEFAULT_QUOTA_RESERVE_PERCENT,
	};
}

/**
 * The paginator's guard (reads of every page) as the trigger's options set it, so that a
 * trigger whose user turned the guard off is not stopped half way by the default.
 */
export function triggerPagingGuard(
	this: IPollFunctions | IWebhookFunctions,
): QuotaGuard & { advice: string } {
	const options = this.getNodeParameter('options', {}) as IDataObject;
	return { ...readQuotaGuard(options), advice: TRIGGER_QUOTA_ADVICE };
}

/**
 * Throws, before anything is read or saved, when the last known monthly quota of the
 * credential's key is down to the reserve. `cost`: the calls this run is expected to make;
 * `costText`: the same in words for the message ("about 3 calls a poll").
 */
export async function assertQuotaLeft(
	this: AffinityContext | IPollFunctions | IWebhookFunctions,
	guard: QuotaGuard,
	cost: number,
	costText: string,
): Promise<void> {
	if (!guard.enabled) return;
	const quota = await orgQuota.call(this as AffinityContext);
	if (!quota || !quotaExhausted(quota, guard, cost)) return;
	throw new NodeOperationError(
		this.getNode(),
		`Stopped before the monthly API quota runs out: ${quotaLeftText(quota)}`,
		{
			description: `The account's quota resets at ${quotaResetText(quota)}. This trigger costs ${costText}; the last ${guard.reservePercent} % of the month's calls are kept for everything else. Nothing was saved: changes are reported once polls run again. ${TRIGGER_QUOTA_ADVICE}`,
		},
	);
}
