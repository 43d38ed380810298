import * as workflow from 'n8n-workflow';

/**
 * Every wait the node asks n8n's `sleep` for, in milliseconds, in order: a clock the test reads
 * instead of the wall clock, which a loaded machine stretches. `through` lets the waits happen
 * (a run in the engine that needs them); without it they end at once.
 */
export function recordSleeps(options: { through?: boolean } = {}): number[] {
	const waits: number[] = [];
	const actual = workflow.sleep;
	jest.spyOn(workflow, 'sleep').mockImplementation(async (ms: number) => {
		waits.push(ms);
		if (options.through) await actual(ms);
	});
	return waits;
}
