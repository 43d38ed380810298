'use strict';
/*
 * The smallest poll node that keeps a cursor in its static data, as every poll trigger does:
 * read the cursor, fetch (here: wait `waitMs`), advance the cursor, emit what was "fetched".
 * Each emitted `n` must appear in exactly one execution. With n8n's durable scheduler, a poll
 * that starts while the previous poll's commit is still in flight reads the old cursor, and
 * the commit (PollerStateRepository.advanceCursor) does not check the cursor it replaces: the
 * same `n` is emitted twice.
 */
const { NodeConnectionTypes, sleep } = require('n8n-workflow');

class PollCursorRace {
	constructor() {
		this.description = {
			displayName: 'Poll Cursor Race',
			name: 'pollCursorRace',
			group: ['trigger'],
			version: 1,
			description: 'Emits its static-data counter + 1 after waiting',
			defaults: { name: 'Poll Cursor Race' },
			polling: true,
			inputs: [],
			outputs: [NodeConnectionTypes.Main],
			properties: [{ displayName: 'Wait (ms)', name: 'waitMs', type: 'number', default: 4800 }],
		};
	}

	async poll() {
		const state = this.getWorkflowStaticData('node');
		const read = typeof state.n === 'number' ? state.n : 0;
		await sleep(this.getNodeParameter('waitMs', 4800));
		state.n = read + 1;
		return [this.helpers.returnJsonArray([{ n: state.n, readAt: new Date().toISOString() }])];
	}
}

module.exports = { PollCursorRace };
