import { toStringList } from './stringList';

/** The values a search condition takes, read leniently from what a user or an expression gives. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ]/;

export function asDate(value: unknown): string | undefined {
	if (value instanceof Date)
		return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	const match = DATE_ONLY.exec(text) ?? DATE_TIME.exec(text);
	if (!match) return undefined;
	const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const check = new Date(Date.UTC(y, m - 1, d));
	if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d)
		return undefined;
	return `${match[1]}-${match[2]}-${match[3]}`;
}

export function asNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const n = Number(value.trim());
	return Number.isFinite(n) ? n : undefined;
}

export function asInteger(value: unknown): number | undefined {
	const n = asNumber(value);
	return n !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** A list of values: an array, a JSON array, or comma-separated text. */
export function asList(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value === 'string' && value.trim().startsWith('[')) {
		try {
			const parsed = JSON.parse(value) as unknown;
			if (Array.isArray(parsed)) return parsed;
		} catch {
			// Not JSON: read as comma-separated text below.
		}
	}
	return toStringList(value);
}

export const LOCATION_KEYS = ['streetAddress', 'city', 'state', 'country', 'continent'];

/** Locations: JSON objects, or `city=Berlin; country=Germany` (several separated by `|`). */
export function asLocations(value: unknown): Array<Record<string, string>> | undefined {
	let items: unknown[];
	if (Array.isArray(value)) items = value;
	else if (value && typeof value === 'object') items = [value];
	else if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
		try {
			const parsed = JSON.parse(value) as unknown;
			items = Array.isArray(parsed) ? parsed : [parsed];
		} catch {
			return undefined;
		}
	} else {
		items = String(value ?? '')
			.split('|')
			.map((part) => part.trim())
			.filter(Boolean)
			.map((part) =>
				Object.fromEntries(
					part.split(';').map((pair) => {
						const [key, ...rest] = pair.split('=');
						return [key.trim(), rest.join('=').trim()];
					}),
				),
			);
	}
	const out: Array<Record<string, string>> = [];
	for (const item of items) {
		if (!item || typeof item !== 'object' || Array.isArray(item)) return undefined;
		const entries = Object.entries(item as Record<string, unknown>).filter(
			([, v]) => v !== '' && v !== null && v !== undefined,
		);
		if (
			!entries.length ||
			entries.some(([k, v]) => !LOCATION_KEYS.includes(k) || typeof v !== 'string')
		)
			return undefined;
		out.push(Object.fromEntries(entries) as Record<string, string>);
	}
	return out.length ? out : undefined;
}

/** A dropdown option by id or by its text (any case). */
export function optionId(
	value: unknown,
	options: Array<{ id: number; text: string }> | undefined,
): number | undefined {
	const id = asInteger(value);
	if (id !== undefined && (!options || options.some((o) => o.id === id))) return id;
	const text = String(value ?? '')
		.trim()
		.toLowerCase();
	return options?.find((o) => o.text.toLowerCase() === text)?.id;
}
