/** Accepts an array, or a comma-separated string as expressions often give. */
export function toStringList(value: unknown): string[] {
	const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
	return list.map((v) => String(v).trim()).filter((v) => v !== '');
}
