/*
 * What a poll keeps per entry, a few bytes each: growable typed arrays and a hash index.
 */

type NumberArray = Float64Array | Uint32Array;

/** A typed array that doubles when full. `data` is longer than `length`: read below `length`. */
export class Growable<A extends NumberArray> {
	data: A;
	length = 0;

	constructor(
		private readonly allocate: (length: number) => A,
		capacity: number,
	) {
		this.data = allocate(Math.max(16, capacity));
	}

	push(value: number): void {
		if (this.length === this.data.length) {
			const grown = this.allocate(this.data.length * 2);
			grown.set(this.data);
			this.data = grown;
		}
		this.data[this.length++] = value;
	}
}

export function growableFloat64(capacity = 1024): Growable<Float64Array> {
	return new Growable((length) => new Float64Array(length), capacity);
}

export function growableUint32(capacity = 64): Growable<Uint32Array> {
	return new Growable((length) => new Uint32Array(length), capacity);
}

/**
 * uint32 → index, open addressing. The keys are hashes (well spread already) and many exceed
 * 2^30, which a Map would box as heap numbers: this is several times faster and allocates
 * nothing per key.
 */
export class HashIndex {
	private keys = new Uint32Array(64);
	private slots = new Int32Array(64).fill(-1);
	private size = 0;

	get(key: number): number {
		const mask = this.keys.length - 1;
		for (let i = key & mask; ; i = (i + 1) & mask) {
			const slot = this.slots[i];
			if (slot === -1) return -1;
			if (this.keys[i] === key) return slot;
		}
	}

	set(key: number, value: number): void {
		if ((this.size + 1) * 2 > this.keys.length) this.grow();
		this.place(key, value);
		this.size++;
	}

	private place(key: number, value: number): void {
		const mask = this.keys.length - 1;
		let i = key & mask;
		while (this.slots[i] !== -1) i = (i + 1) & mask;
		this.keys[i] = key;
		this.slots[i] = value;
	}

	private grow(): void {
		const { keys, slots } = this;
		this.keys = new Uint32Array(keys.length * 2);
		this.slots = new Int32Array(keys.length * 2).fill(-1);
		for (let i = 0; i < keys.length; i++) if (slots[i] !== -1) this.place(keys[i], slots[i]);
	}
}
