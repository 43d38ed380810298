import type { INodeProperties } from 'n8n-workflow';

/**
 * A node subtitle that shows the chosen option's action text ("Get many list entries") instead
 * of its value: an expression over a table built from the options parameters' `action` texts,
 * keyed by the values of `keyParameters` joined with ".". Falls back to the raw value.
 */
export function actionSubtitle(
	properties: INodeProperties[],
	keyParameters: string[],
	objects: SubtitleObject[] = [],
): string {
	const last = keyParameters[keyParameters.length - 1];
	const actions: Record<string, string> = {};
	for (const property of properties) {
		if (property.name !== last || property.type !== 'options') continue;
		// Each resource has its own operation parameter, shown for that resource only.
		const scope = keyParameters
			.slice(0, -1)
			.map((name) => property.displayOptions?.show?.[name]?.[0])
			.map(String);
		for (const option of property.options ?? []) {
			if (!('value' in option) || !('action' in option) || !option.action) continue;
			actions[[...scope, String(option.value)].join('.')] = option.action;
		}
	}
	const key = keyParameters.map((name) => `$parameter["${name}"]`).join(' + "." + ');
	const action = `(${JSON.stringify(actions)})[${key}] ?? $parameter["${last}"]`;
	if (!objects.length) return `={{ ${action} }}`;
	return `={{ [${action}, ${objectExpression(objects)}].filter((part) => part).join(" · ") }}`;
}

/** A record picker whose choice a subtitle names: its parameter and what it picks ("list"). */
export interface SubtitleObject {
	parameter: string;
	what: string;
}

/** The action node's pickers a subtitle names, the first chosen one: a list, then a record. */
export const SUBTITLE_OBJECTS: SubtitleObject[] = [
	{ parameter: 'listId', what: 'list' },
	{ parameter: 'companyId', what: 'company' },
	{ parameter: 'personId', what: 'person' },
	{ parameter: 'opportunityId', what: 'opportunity' },
];

/**
 * The first chosen picker's record: its name as the picker showed it ("Deal Pipeline"), else
 * "list 101" for one given by ID; '' for none or an expression. `$parameter` gives a picker's
 * value only; its JSON form (`toJSON()`) is the parameters as saved, with the picked name.
 */
function objectExpression(objects: SubtitleObject[]): string {
	const candidates = objects
		.map((o) => `[saved[${JSON.stringify(o.parameter)}], ${JSON.stringify(o.what)}]`)
		.join(', ');
	return `((saved) => [${candidates}].map(([value, what]) => !value || typeof value !== "object" || !value.value || String(value.value).startsWith("=") ? "" : value.cachedResultName || (value.mode === "id" ? what + " " + String(value.value).trim() : "")).find((name) => name) || "")($rawParameter.toJSON())`;
}

/**
 * The action node's subtitle: what its title does not say. n8n titles a new node with the
 * operation's action text ("Get a list entry"), so the subtitle names the resource and the
 * record it works on ("list entry · Deal Pipeline"), and nothing when no record is chosen.
 */
export function resourceSubtitle(
	resources: Array<{ value: string; name: string }>,
	objects: SubtitleObject[] = SUBTITLE_OBJECTS,
): string {
	const labels = Object.fromEntries(resources.map((r) => [r.value, r.name.toLowerCase()]));
	const object = objectExpression(objects);
	return `={{ ((object) => object ? (${JSON.stringify(labels)})[$parameter["resource"]] + " · " + object : "")(${object}) }}`;
}

/** A subtitle naming the options chosen in a multi-options parameter by their names, joined by ", ". */
export function optionNamesSubtitle(
	parameter: string,
	options: Array<{ name: string; value: string }>,
): string {
	const names = Object.fromEntries(options.map((option) => [option.value, option.name]));
	return `={{ ($parameter["${parameter}"] || []).map((value) => (${JSON.stringify(names)})[value] ?? value).join(", ") }}`;
}
