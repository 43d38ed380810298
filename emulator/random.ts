/** mulberry32: a small deterministic PRNG, so that one seed always gives the same CRM. */
export function createRandom(seed: number) {
	let state = seed >>> 0;
	const next = (): number => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		next,
		int(min: number, max: number): number {
			return min + Math.floor(next() * (max - min + 1));
		},
		pick<T>(items: readonly T[]): T {
			return items[Math.floor(next() * items.length)];
		},
		chance(p: number): boolean {
			return next() < p;
		},
		sample<T>(items: readonly T[], count: number): T[] {
			const copy = [...items];
			const out: T[] = [];
			while (out.length < count && copy.length)
				out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
			return out;
		},
	};
}

export type Random = ReturnType<typeof createRandom>;
