import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { changeLogPoll } from './changeLog/changeLogPoll';
import { manualRun } from './manualRun';
import { readConfig } from './config';
import {
	afterQuietPoll,
	emittedRevision,
	enterPoll,
	leavePoll,
	pollKey,
	readsStaleState,
	stateKeys,
	takeUpQuietWrite,
} from './poll/pollGuard';
import { snapshotPoll } from './snapshot/snapshotPoll';

/**
 * The trigger's poll: the configured detection, one poll at a time per node (poll/pollGuard.ts).
 * The two detections (snapshot/, changeLog/) build on what poll/ and state/ share; only this file
 * and the manual run know both, so imports run one way. Each detection builds its new state aside and assigns it only once nothing can fail any
 * more: a failure leaves the saved state as it was, so the next poll reports everything since
 * the last complete one. A manual run ("Fetch Test Event") never writes the state.
 */
export async function pollTrigger(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const config = readConfig.call(this);
	if (this.getMode() === 'manual') {
		const events = await manualRun.call(this, config);
		return events.length ? [this.helpers.returnJsonArray(events)] : null;
	}
	const key = pollKey.call(this);
	if (!enterPoll(key)) return null;
	try {
		const staticData = this.getWorkflowStaticData('node');
		const revision = typeof staticData.revision === 'string' ? staticData.revision : '';
		if (readsStaleState(key, revision)) {
			this.logger.debug(
				'Affinity v2 Trigger: this poll read the state from before the last poll was committed; it ends without reading',
			);
			return null;
		}
		const from = takeUpQuietWrite(key, staticData, revision);
		const before = stateKeys(staticData);
		const events =
			config.detection === 'changeLog'
				? await changeLogPoll.call(this, config)
				: await snapshotPoll.call(this, config);
		if (!events.length) {
			// What n8n will still show if it drops this poll's write is the revision it read.
			afterQuietPoll(key, staticData, before, revision);
			return null;
		}
		staticData.revision = emittedRevision(key, [revision, from]);
		return [this.helpers.returnJsonArray(events)];
	} finally {
		leavePoll(key);
	}
}
