import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { toStringList } from '../AffinityV2/helpers/stringList';
import { validateId } from '../AffinityV2/transport';
import { readQuotaGuard, type QuotaGuard } from '../AffinityV2/api/quotaGuard';
import { DETECTIONS, TRIGGER_EVENTS, type Detection, type TriggerEvent } from './description';
import type { EventContext } from './helpers/events';
import { readIgnoredChangers, type IgnoredChangers } from './changeLog/ignoredChangers';

export interface TriggerConfig {
	detection: Detection;
	listId: number;
	savedViewId?: number;
	event: TriggerEvent;
	/** Watched field ids; empty: every field the list (or the view) returns. */
	watchedIds: string[];
	emitCurrentEntries: boolean;
	includeEntry: boolean;
	keepPreviousValues: boolean;
	/** Read multi-values cut at 100 whole from their values pages (2026-09-17) in whole reads. */
	completeMultiValues: boolean;
	/** Hours between reconciliations in change-log detection; 0: never. */
	reconcileHours: number;
	quotaGuard: QuotaGuard;
	/** Whose changes are passed over (change-log detection). */
	ignoredChangers: IgnoredChangers;
}

export function readConfig(this: IPollFunctions): TriggerConfig {
	const node = this.getNode();
	const listId = validateId(
		node,
		this.getNodeParameter('listId', undefined, { extractValue: true }),
		'List ID',
		'int64',
	);
	const watch = this.getNodeParameter('watch', 'list') as string;
	const savedViewId =
		watch === 'savedView'
			? validateId(
					node,
					this.getNodeParameter('savedViewId', undefined, { extractValue: true }),
					'Saved View ID',
					'int64',
				)
			: undefined;
	const event = this.getNodeParameter('event', 'anyChange') as TriggerEvent;
	if (!TRIGGER_EVENTS.includes(event)) {
		throw new NodeOperationError(node, `Invalid Event: got "${String(event)}"`, {
			description: `Event must be one of ${TRIGGER_EVENTS.join(', ')}.`,
		});
	}
	const options = this.getNodeParameter('options', {}) as IDataObject;
	// The change log cannot tell which entries a saved view's filters hold: views are compared whole.
	const detection =
		watch === 'savedView'
			? 'snapshot'
			: (this.getNodeParameter('detection', 'snapshot') as Detection);
	if (!DETECTIONS.includes(detection)) {
		throw new NodeOperationError(node, `Invalid Detection: got "${String(detection)}"`, {
			description: `Detection must be one of ${DETECTIONS.join(', ')}.`,
		});
	}
	const reconcileHours = Number(options.reconcileHours ?? 24);
	return {
		detection,
		listId,
		savedViewId,
		event,
		watchedIds: [...new Set(toStringList(this.getNodeParameter('watchedFieldIds', [])))],
		emitCurrentEntries: options.emitCurrentEntries === true,
		includeEntry: options.includeEntry === true,
		keepPreviousValues: options.keepPreviousValues === true,
		completeMultiValues: options.completeMultiValues === true,
		reconcileHours: Number.isFinite(reconcileHours) && reconcileHours > 0 ? reconcileHours : 0,
		quotaGuard: readQuotaGuard(options),
		ignoredChangers:
			detection === 'changeLog' ? readIgnoredChangers(node, options) : { own: false, userIds: [] },
	};
}

/** What identifies the entries a state describes: another list or view is a new baseline. */
export function stateKey(config: Pick<TriggerConfig, 'listId' | 'savedViewId'>): string {
	return `list:${config.listId}|view:${config.savedViewId ?? ''}`;
}

export function eventContext(config: TriggerConfig): EventContext {
	return {
		listId: config.listId,
		savedViewId: config.savedViewId,
		includeEntry: config.includeEntry,
	};
}
