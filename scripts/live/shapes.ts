import { jsonType } from './conformance';

/**
 * The shape of JSON answers: for every path (`/data[]/fields[]/value/type`), the JSON types seen
 * there. Values are dropped, so shapes can be printed and compared without personal data.
 * Arrays merge their elements into one `[]` path. Object keys that are ids (all digits) are
 * folded into `{id}`, so two accounts' answers compare by structure.
 */
export type Shape = Record<string, string[]>;

export function addShape(shape: Shape, value: unknown, at = ''): Shape {
	const type = jsonType(value);
	const key = at || '/';
	shape[key] = [...new Set([...(shape[key] ?? []), type])].sort();
	if (type === 'array') for (const item of value as unknown[]) addShape(shape, item, `${at}[]`);
	else if (type === 'object')
		for (const [name, inner] of Object.entries(value as Record<string, unknown>))
			addShape(shape, inner, `${at}/${/^\d+$/.test(name) ? '{id}' : name}`);
	return shape;
}

export interface ShapeDifference {
	at: string;
	/** Types at this path in the target's answers; empty when the target's objects lack it. */
	target: string[];
	/** Types at this path in the emulator's answers; empty when its objects lack it. */
	emulator: string[];
}

/** The path of the object or array holding `at` (`/data[]/id` -> `/data[]`). */
function parentOf(at: string): string {
	const cut = Math.max(at.lastIndexOf('/'), at.endsWith('[]') ? at.length - 2 : -1);
	return cut <= 0 ? '/' : at.slice(0, cut);
}

/**
 * Where two shapes differ: a property one side's objects have and the other's lack, or
 * different types at one path. What one side could not show is not a difference: elements of
 * an array that was empty there, properties of an object that was null, and null itself.
 */
export function diffShapes(target: Shape, emulator: Shape): ShapeDifference[] {
	const paths = [...new Set([...Object.keys(target), ...Object.keys(emulator)])].sort();
	const out: ShapeDifference[] = [];
	const nonNull = (types: string[]) => types.filter((t) => t !== 'null');
	for (const at of paths) {
		const a = target[at] ?? [];
		const b = emulator[at] ?? [];
		if (a.length && b.length) {
			const [x, y] = [nonNull(a), nonNull(b)];
			if (x.length && y.length && x.join() !== y.join()) out.push({ at, target: a, emulator: b });
			continue;
		}
		// Absent on one side: a difference only where that side had the holding object.
		const holder = (a.length ? emulator : target)[parentOf(at)] ?? [];
		if (!at.endsWith('[]') && holder.includes('object')) out.push({ at, target: a, emulator: b });
	}
	return out;
}
