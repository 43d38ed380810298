import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { changeLogPoll } from './changeLogPoll';
import { manualRun } from './manualRun';
import { readConfig, runPoll } from './poll';

/**
 * The trigger's poll: the configured detection, one poll at a time per node. The detections
 * import the shared reads of poll.ts; only this file knows both, so imports run one way.
 */

/** Polls of one trigger node running in this process: a poll never overlaps the previous one. */
const inFlight = new Set<string>();

/**
 * One poll: reads every page of the list (or saved view), compares each entry with the saved
 * state as it comes and collects the events; only when the last page has been read and every
 * event built is the new state written. A failure anywhere leaves the saved state exactly as
 * it was, so the next poll reports everything since the last complete one. A manual run
 * ("Fetch Test Event") never writes the state.
 */
export async function pollTrigger(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const config = readConfig(this);
	const manual = this.getMode() === 'manual';
	const guard = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
	if (!manual) {
		// n8n may start a poll while the previous one still runs (a large list, a slow API):
		// both would compare with the same state and report the same events twice.
		if (inFlight.has(guard)) return null;
		inFlight.add(guard);
	}
	try {
		const events = manual
			? await manualRun(this, config)
			: config.detection === 'changeLog'
				? await changeLogPoll(this, config)
				: await runPoll(this, config);
		return events.length ? [this.helpers.returnJsonArray(events)] : null;
	} finally {
		if (!manual) inFlight.delete(guard);
	}
}
