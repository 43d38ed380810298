import type { INodeProperties } from 'n8n-workflow';

/**
 * A node subtitle that shows the chosen option's action text ("Get many list entries") instead
 * of its value: an expression over a table built from the options parameters' `action` texts,
 * keyed by the values of `keyParameters` joined with ".". Falls back to the raw value.
 */
export function actionSubtitle(properties: INodeProperties[], keyParameters: string[]): string {
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
	return `={{ (${JSON.stringify(actions)})[${key}] ?? $parameter["${last}"] }}`;
}

/** A subtitle naming the options chosen in a multi-options parameter by their names, joined by ", ". */
export function optionNamesSubtitle(
	parameter: string,
	options: Array<{ name: string; value: string }>,
): string {
	const names = Object.fromEntries(options.map((option) => [option.value, option.name]));
	return `={{ ($parameter["${parameter}"] || []).map((value) => (${JSON.stringify(names)})[value] ?? value).join(", ") }}`;
}
