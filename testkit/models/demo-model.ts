/*
 * The demo model of `npm start`: the scripted model with a script that plays the sample agent
 * workflow's tools (find the lists, read the entries of the one the question names), so that the
 * sample answers without any API key. It is a script, not an AI, and every answer says so.
 */
import type { ModelTurn, TurnContext } from './scripted-model';

export const DEMO_MODEL_LABEL = 'Demo model (scripted, no API key; not an AI)';

const PREFIX = '[Demo model: a script, not an AI. Connect a real chat model to ask anything.]';

function records(content: string): Array<Record<string, unknown>> {
	try {
		const parsed = JSON.parse(content) as unknown;
		return (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, unknown>>;
	} catch {
		return [];
	}
}

function entryLine(entry: Record<string, unknown>): string {
	const entity = (entry.entity ?? {}) as { name?: unknown };
	const fields = (entry.fields ?? {}) as Record<string, unknown>;
	const details = Object.entries(fields)
		.filter(([, value]) => typeof value === 'string' || typeof value === 'number')
		.slice(0, 3)
		.map(([name, value]) => `${name}: ${String(value)}`);
	return `- ${String(entity.name ?? entry.id)}${details.length ? ` (${details.join(', ')})` : ''}`;
}

/** What a question asks to change, and the Affinity v2 operation that would do it. */
const WRITES: Array<[RegExp, string]> = [
	[/^log\b|\b(add|write|take|create|leave)\b.*\bnote\b/, 'Note → Create'],
	[/^remind\b|\b(add|set|create)\b.*\breminder\b/, 'Reminder → Create'],
	[/\bcreate\b.*\b(person|contact)\b/, 'Person → Create'],
	[/\bcreate\b.*\b(opportunity|deal)\b/, 'Opportunity → Create'],
	[/\bcreate\b.*\b(company|organi[sz]ation)\b/, 'Company → Create'],
	[/\b(add|put)\b.*\b(to|on|in|into)\b/, 'List Entry → Add'],
	[/\b(remove|delete|drop)\b.*\bfrom\b/, 'List Entry → Remove'],
	[
		/\b(set|change|update|move|mark)\b.*\b(stage|status|field|value|owner)\b/,
		'List Entry → Update Field Value',
	],
	[/\b(delete|remove)\b/, 'the matching Delete operation'],
	[
		/^(please )?(add|create|update|set|change|rename|assign)\b/,
		'a write operation (e.g. Company → Create, List Entry → Add)',
	],
];

/** The operation a question asks for when it asks to change something, else undefined. */
export function requestedWrite(question: string): string | undefined {
	const q = question.toLowerCase();
	return WRITES.find(([pattern]) => pattern.test(q))?.[1];
}

const toolName = (name: string) => name.replace(/_/g, ' ');

/**
 * A question that asks to change something: the demo reads only, so it says it cannot and names
 * the operation that would, instead of answering with what it can read as if it were done.
 */
function cannotWrite(context: TurnContext, operation: string): ModelTurn {
	const tools = context.tools.map((t) => toolName(t.name)).join(', ');
	return {
		answer: `${PREFIX}\nI cannot do that: nothing was added or changed in Affinity. My tools here only read (${tools || 'none'}). ${operation} of the Affinity v2 node does it: add that operation as a tool of this agent (with a real chat model), or use it in a workflow.`,
	};
}

/**
 * A question asking to change something: the demo says it cannot and names the operation.
 * Otherwise turn 1: the tool that finds lists. Turn 2: the entries of the list whose name the question
 * contains (else the first list). Turn 3: those entries as a short answer.
 */
export function demoScript(context: TurnContext): ModelTurn {
	const write = requestedWrite(context.question);
	if (write) return cannotWrite(context, write);
	const findLists = context.tools.find((t) => /find.*lists?/i.test(t.name));
	const readEntries = context.tools.find((t) => /entries/i.test(t.name));
	if (!findLists || !readEntries) {
		return {
			answer: `${PREFIX} This demo needs a tool that finds lists and one that reads a list's entries.`,
		};
	}
	if (context.step === 0) return { call: { tool: findLists.name, args: {} } };
	if (context.step === 1) {
		const lists = records(context.results[0]?.content ?? '').filter(
			(l) => typeof l.id === 'number',
		);
		const question = context.question.toLowerCase();
		const list = lists.find((l) => question.includes(String(l.name).toLowerCase())) ?? lists[0];
		if (!list)
			return {
				answer: `${PREFIX} The lists tool returned no list: ${context.results[0]?.content ?? ''}`,
			};
		return { call: { tool: readEntries.name, args: { listId: list.id, limit: 5 } } };
	}
	const lists = records(context.results[0]?.content ?? '');
	const entries = records(context.results[1]?.content ?? '');
	const listId = (
		JSON.parse(
			context.request.messages.flatMap((m) => m.tool_calls ?? []).at(-1)?.function.arguments ??
				'{}',
		) as { listId?: number }
	).listId;
	const name = String(lists.find((l) => l.id === listId)?.name ?? 'the list');
	const rows = entries.filter((e) => !e.moreAvailable);
	if (!rows.length)
		return {
			answer: `${PREFIX} ${name} has no entries I could read: ${context.results[1]?.content ?? ''}`,
		};
	const more = entries.some((e) => e.moreAvailable) ? '\n(More entries are available.)' : '';
	return {
		answer: `${PREFIX}\nThe first entries of ${name}:\n${rows.map(entryLine).join('\n')}${more}`,
	};
}
