import { setTimeout as sleep } from 'node:timers/promises';

import type { Exchange } from './proxy';
import { answersOf, judge, runOperation, type OperationResult, type Target } from './runner';
import { isRead } from './operations';
import type { Entity, Id } from './plan';
import type { Sandbox, WriteStep } from './writeStep';

/** Runs the write plan, then removes what it made, whatever happened on the way. */

export interface Removal {
	what: string;
	id: Id;
	/** Why it could not be removed (absent when it was). */
	reason?: string;
}

interface Pending {
	name: string;
	id: Id;
	step: WriteStep;
}

/** The waits before a read-back is tried again (about 4 s in all). */
const READ_BACK_WAITS_MS = [250, 750, 1000, 2000];

/** Calls kept back for clean-up: two for each thing made (the delete, a retried one). */
const reserveFor = (pending: Pending[]) => 5 + 2 * pending.length;

export class WriteRun {
	readonly results: OperationResult[] = [];
	readonly removed: Removal[] = [];
	readonly left: Removal[] = [];
	/** What the API has no way to remove, and why (what becomes of it instead). */
	readonly unremovable: Removal[] = [];
	private readonly pending: Pending[] = [];
	/** What the step that waits for a webhook delivery found, when it ran. */
	roundTrip?: { outcome: 'pass' | 'error'; reason?: string };
	/** Set on Ctrl-C: no further step starts; clean-up still runs. */
	stopped = false;

	constructor(
		private readonly target: Target,
		private readonly s: Sandbox,
	) {}

	async run(steps: WriteStep[]): Promise<void> {
		try {
			for (const step of steps) {
				if (this.stopped) break;
				this.results.push(await this.runStep(step));
			}
		} finally {
			await this.cleanUp();
		}
	}

	private async runStep(step: WriteStep): Promise<OperationResult> {
		const start = this.target.proxy.exchanges.length;
		const reserve = reserveFor(this.pending);
		const { result, answers, outputs } = await runOperation(
			this.target,
			step.operation,
			isRead(step.operation) ? 'read' : 'write',
			step.runs(this.s),
			{ reserve, files: step.files?.(this.s) },
		);
		if (result.outcome === 'skipped' && result.runs === 0) return result;
		const problems: string[] = [];
		if (step.makes) {
			const body = answers.find((a) => a.method === 'POST' && step.makes!.from.test(a.path))
				?.body as Entity | undefined;
			const id = body && (step.makes.idOf ? step.makes.idOf(body) : body.id);
			const made = id === undefined ? undefined : { id };
			if (made) {
				this.s.made[step.makes.name] = made.id;
				if (step.makes.remove) this.pending.push({ name: step.makes.name, id: made.id, step });
				const known = this.unremovable.some(
					(u) => u.what === step.makes!.name && String(u.id) === String(made.id),
				);
				if (step.makes.unremovable && !known)
					this.unremovable.push({
						what: step.makes.name,
						id: made.id,
						reason: step.makes.unremovable(made.id, this.s),
					});
			} else if (!result.reason && !step.makes.maybe)
				problems.push('the answer named no id of what was made');
		}
		const failed = result.outcome === 'error' || result.outcome === 'skipped';
		if (!failed && step.verify) {
			const wrong = await step.verify(outputs, this.s);
			if (wrong) problems.push(wrong);
		}
		if (!failed && step.removes) {
			const index = this.pending.findIndex((p) => p.name === step.removes);
			if (index >= 0) {
				const [gone] = this.pending.splice(index, 1);
				this.removed.push({ what: gone.name, id: gone.id });
			}
		}
		let writeExchanges = this.target.since(start);
		if (!failed && step.readBack && this.target.proxy.remaining > reserve) {
			const readBack = step.readBack;
			const readStart = this.target.proxy.exchanges.length;
			writeExchanges = this.target.proxy.exchanges.slice(start, readStart);
			const parameters = readBack.parameters(this.s);
			// Live, v2 reads can lag a write (a v1 one above all): a read-back that does not show
			// it yet is tried again after a few bounded waits; the last one is judged.
			let attempt: { wrong?: string; error?: string; exchanges: Exchange[] };
			let waited = 0;
			for (let i = 0; ; i++) {
				const attemptStart = this.target.proxy.exchanges.length;
				const run = await this.target.runNode(parameters);
				const exchanges = this.target.since(attemptStart);
				let wrong: string | undefined;
				if (readBack.gone) {
					const proof = [404, ...(readBack.goneAs ?? [])];
					if (!exchanges.some((e) => proof.includes(e.status)))
						wrong = 'what was removed can still be read';
				} else if (run.error) wrong = run.error;
				else wrong = readBack.expect(answersOf(exchanges), this.s);
				attempt = { wrong, error: run.error, exchanges };
				if (!wrong || i >= READ_BACK_WAITS_MS.length) break;
				if (this.target.proxy.remaining <= reserve + 1) break;
				await sleep(READ_BACK_WAITS_MS[i]);
				waited += READ_BACK_WAITS_MS[i];
			}
			if (attempt.wrong)
				problems.push(`read back: ${attempt.wrong}${waited ? ` (still after ${waited} ms)` : ''}`);
			// The read-back is a read operation of its own: its answers are checked as such.
			const readError = attempt.error && !readBack.gone ? [attempt.error] : [];
			this.results.push(
				judge(
					this.target,
					`${parameters.resource}.${parameters.operation}`,
					'read',
					1,
					attempt.exchanges,
					readError,
				),
			);
		}
		if (!failed && step.then) {
			const wrong = await step.then(this.s);
			if (wrong) problems.push(wrong);
			this.roundTrip = wrong ? { outcome: 'error', reason: wrong } : { outcome: 'pass' };
		}
		const errors = [
			...(result.reason && result.outcome !== 'skipped' ? [result.reason] : []),
			...problems,
		];
		return judge(
			this.target,
			step.operation,
			result.kind,
			result.runs,
			writeExchanges,
			errors,
			result.outcome === 'skipped',
		);
	}

	/** Removes, newest first, everything made and not removed by a step. */
	private async cleanUp(): Promise<void> {
		while (this.pending.length) {
			const { name, id, step } = this.pending.pop() as Pending;
			const start = this.target.proxy.exchanges.length;
			const parameters = step.makes!.remove!(id, this.s);
			const run = await this.target.runNode(parameters);
			const exchanges = this.target.since(start);
			const alreadyGone = exchanges.some((e) => e.status === 404);
			if (!run.error || alreadyGone) this.removed.push({ what: name, id });
			else this.left.push({ what: name, id, reason: run.error });
		}
	}
}
