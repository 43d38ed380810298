import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Difference } from './conformance';
import type { FactResult } from './facts';
import type { MonthlyQuota } from './proxy';
import type { OperationResult, Outcome } from './runner';
import type { ShapeDifference } from './shapes';
import type { Removal } from './writeRun';

/**
 * The report: per operation its outcome, the differences from the description, the version
 * each answer declared, and the calls spent. Ids and shapes only: every string an answer held
 * under a name, e-mail, domain or content property, and the key, is removed from the text before
 * it is written, and the written text is checked for them once more.
 */

export interface Comparison {
	operation: string;
	/** The emulator's outcome for the same operation. */
	emulator: Outcome;
	/** Answers (METHOD template status) only one side gave. */
	onlyTarget: string[];
	onlyEmulator: string[];
	differences: Array<ShapeDifference & { answer: string }>;
}

export interface Report {
	startedAt: string;
	finishedAt: string;
	target: { kind: 'affinity' | 'emulator'; host: string };
	apiVersionRequested: string;
	/** The edition the run used (asked for, or the key's default as Affinity named it). */
	apiEdition?: string;
	modes: { write: boolean; webhook: boolean; compareEmulator: boolean };
	budget: {
		calls: number;
		spent: number;
		refused: number;
		quotaBefore?: MonthlyQuota;
		quotaAfter?: MonthlyQuota;
		/** What the account counted (quota before minus after), when it declares a quota. */
		spentByQuota?: number;
	};
	summary: Record<Outcome, number>;
	/** How many answers declared each API version. */
	versions: Record<string, number>;
	operations: Array<Omit<OperationResult, 'shapes'>>;
	/** The live facts: each behaviour recorded of the API, as this run saw it. */
	facts: FactResult[];
	/** Removed; left behind (a removal failed); what the API has no way to remove. */
	cleanup?: { removed: Removal[]; left: Removal[]; unremovable: Removal[] };
	/** The webhook round trip: subscribe, change a value, receive the delivery. */
	webhook: { outcome: 'pass' | 'error' | 'skipped'; reason?: string };
	comparison?: Comparison[];
}

/** Property names whose string values may be personal data (names, e-mails, content). */
const PERSONAL =
	/^(firstName|lastName|name|fullName|primaryEmailAddress|emailAddress|emailAddresses|emails|email|domain|domains|content|text|title|subject|url|body|snippet|preview|description)$/i;

/** Every string an answer held under a personal property, or with an @ in it. */
export function collectSensitive(value: unknown, into: Set<string>, personal = false): void {
	if (typeof value === 'string') {
		if ((personal || value.includes('@')) && value.trim().length >= 3) into.add(value.trim());
		return;
	}
	if (Array.isArray(value)) {
		for (const item of value) collectSensitive(item, into, personal);
		return;
	}
	if (value && typeof value === 'object')
		for (const [key, inner] of Object.entries(value))
			collectSensitive(inner, into, personal || PERSONAL.test(key));
}

export const REDACTED = '‹redacted›';

/**
 * A sensitive string as a whole token: "Notes" (a field's name) is not found inside
 * "company.getNotes", but is in "field Notes".
 */
const token = (value: string) =>
	new RegExp(`(?<![A-Za-z0-9])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9])`, 'g');

export function redact(text: string, sensitive: Iterable<string>): string {
	const longestFirst = [...sensitive].sort((a, b) => b.length - a.length);
	let out = text;
	for (const s of longestFirst) if (out.includes(s)) out = out.replace(token(s), REDACTED);
	return out;
}

/** The sensitive strings found in a text (what the final check looks for). */
export function leaks(text: string, sensitive: Iterable<string>): string[] {
	return [...sensitive].filter((s) => text.includes(s) && token(s).test(text));
}

const difference = (d: Difference) =>
	`${d.kind} at \`${d.at || '/'}\`${d.expected ? `: expected ${d.expected}` : ''}${d.found ? `, found ${d.found}` : ''}`;

export function markdown(report: Report): string {
	const lines: string[] = [];
	const { budget } = report;
	lines.push(`# Live contract check: ${report.target.kind} (${report.target.host})`);
	lines.push('');
	lines.push(
		`${report.startedAt} to ${report.finishedAt}; API version requested ${report.apiVersionRequested || 'the key’s default'}${report.apiEdition ? ` (edition ${report.apiEdition})` : ''}; ` +
			`modes: ${report.modes.write ? 'read and write' : 'read only'}, webhook round trip ${report.modes.webhook ? 'on' : 'off'}` +
			`${report.modes.compareEmulator ? ', compared with the emulator' : ''}.`,
	);
	lines.push('');
	lines.push(
		`Calls: ${budget.spent} of a budget of ${budget.calls}${budget.refused ? ` (${budget.refused} refused: budget spent)` : ''}` +
			(budget.spentByQuota !== undefined
				? `; the account's monthly quota went from ${budget.quotaBefore?.remaining} to ${budget.quotaAfter?.remaining} left (${budget.spentByQuota} counted)`
				: '; the account declared no monthly quota'),
	);
	lines.push('');
	lines.push(
		`Versions declared by the answers: ${
			Object.entries(report.versions)
				.map(([v, n]) => `${v} (${n})`)
				.join(', ') || 'none'
		}`,
	);
	lines.push('');
	lines.push('| outcome | operations |', '|---|---|');
	for (const [outcome, n] of Object.entries(report.summary)) lines.push(`| ${outcome} | ${n} |`);
	lines.push('');
	lines.push(
		'| operation | kind | outcome | runs | calls | versions | checked against | details |',
		'|---|---|---|---|---|---|---|---|',
	);
	for (const op of report.operations) {
		const versions = [...new Set(op.calls.map((c) => c.version).filter(Boolean))].join(', ');
		const against = [...new Set(op.calls.map((c) => c.against).filter(Boolean))].join(', ');
		lines.push(
			`| ${op.operation} | ${op.kind} | ${op.outcome} | ${op.runs} | ${op.calls.length} | ${versions} | ${against} | ${(op.reason ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`,
		);
	}
	const withDifferences = report.operations.filter((op) =>
		op.calls.some((c) => c.differences.length),
	);
	if (withDifferences.length) {
		lines.push('', '## Schema differences', '');
		for (const op of withDifferences) {
			lines.push(`### ${op.operation}`, '');
			for (const call of op.calls.filter((c) => c.differences.length)) {
				lines.push(
					`- ${call.method} ${call.template} (${call.status}, checked against ${call.against ?? 'nothing'}):`,
				);
				for (const d of call.differences) lines.push(`  - ${difference(d)}`);
			}
			lines.push('');
		}
	}
	lines.push('', '## Live facts', '');
	lines.push(
		'What the API was recorded doing, as this run saw it: confirmed, contradicted (what it did instead), not observable (why) or error.',
		'',
		'| fact | status | behaviour | seen | calls |',
		'|---|---|---|---|---|',
	);
	const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
	for (const f of report.facts)
		lines.push(`| ${f.id} | ${f.status} | ${cell(f.fact)} | ${cell(f.seen)} | ${f.calls} |`);
	lines.push(
		'',
		`Webhook round trip: ${report.webhook.outcome}${report.webhook.reason ? ` (${report.webhook.reason})` : ''}.`,
	);
	if (report.cleanup) {
		lines.push('', '## Clean-up', '');
		lines.push(
			`Removed: ${report.cleanup.removed.map((r) => `${r.what} ${r.id}`).join(', ') || 'nothing'}.`,
		);
		lines.push(
			report.cleanup.left.length
				? `Could not be removed (remove by hand): ${report.cleanup.left.map((r) => `${r.what} ${r.id} (${r.reason})`).join('; ')}.`
				: 'Nothing was left behind.',
		);
		if (report.cleanup.unremovable.length)
			lines.push(
				`The API cannot remove: ${report.cleanup.unremovable.map((r) => `${r.what} ${r.id} (${r.reason})`).join('; ')}.`,
			);
	}
	if (report.comparison) {
		lines.push('', '## Where the emulator is not the target', '');
		const differing = report.comparison.filter(
			(c) => c.differences.length || c.onlyTarget.length || c.onlyEmulator.length,
		);
		if (!differing.length) lines.push('The shapes of every answer agree.');
		for (const c of differing) {
			lines.push(`### ${c.operation} (emulator: ${c.emulator})`, '');
			for (const a of c.onlyTarget) lines.push(`- only the target answered ${a}`);
			for (const a of c.onlyEmulator) lines.push(`- only the emulator answered ${a}`);
			for (const d of c.differences)
				lines.push(
					`- ${d.answer} \`${d.at}\`: target ${d.target.join('|') || 'lacks it'}, emulator ${d.emulator.join('|') || 'lacks it'}`,
				);
			lines.push('');
		}
	}
	return lines.join('\n') + '\n';
}

/** Writes report.md and report.json, redacted and checked; returns their paths. */
export function writeReport(
	dir: string,
	report: Report,
	sensitive: Set<string>,
): { md: string; json: string } {
	const json = redact(JSON.stringify(report, null, 2), sensitive);
	const md = redact(markdown(report), sensitive);
	const left = [...leaks(json, sensitive), ...leaks(md, sensitive)];
	if (left.length)
		throw new Error(`the report still holds ${left.length} personal string(s); not written`);
	mkdirSync(dir, { recursive: true });
	const paths = { md: join(dir, 'report.md'), json: join(dir, 'report.json') };
	writeFileSync(paths.md, md);
	writeFileSync(paths.json, json + '\n');
	return paths;
}
