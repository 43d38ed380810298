/*
 * What a poll keeps per entry, a few bytes each: growable typed arrays and a hash index.
 */

type NumberArray = Float64Array | Uint32Array;

/** An ArrayBuffer that grows in place (ES2024; Node 20 has it, the es2022 types do not). */
interface ResizableBuffer extends ArrayBuffer {
	readonly maxByteLength: number;
	resize(byteLength: number): void;
}
const ResizableArrayBuffer = ArrayBuffer as unknown as new (
	byteLength: number,
	options: { maxByteLength: number },
) => ResizableBuffer;

/** Room reserved for growth in place (address space only: pages are used as they are written). */
const RESERVED_ELEMENTS = 1 << 21;

/**
 * A typed array that doubles when full. `data` is longer than `length`: read below `length`.
 * It grows in place, in a resizable buffer that tracks its length, so that growing leaves no
 * copy behind: a poll that cannot know the list's size would otherwise leave as much garbage
 * again as it keeps, outside V8's heap until a full collection. Past the room reserved, it is
 * copied into a larger one.
 */
export class Growable<A extends NumberArray> {
	data: A;
	length = 0;
	private buffer: ResizableBuffer;

	constructor(
		private readonly View: new (buffer: ArrayBuffer) => A,
		private readonly bytesPerElement: number,
		capacity: number,
		private readonly reservedElements = RESERVED_ELEMENTS,
	) {
		const elements = Math.max(16, capacity);
		this.buffer = this.reserve(elements);
		this.data = new View(this.buffer);
	}

	push(value: number): void {
		if (this.length === this.data.length) this.grow();
		this.data[this.length++] = value;
	}

	/**
	 * Gives the memory back at once. A resizable buffer is neither V8's heap nor counted as
	 * memory outside it, so nothing urges a collection to free it: a poll lets go of its arrays
	 * by hand when it is done with them. The array is empty after, and may be used again.
	 */
	release(): void {
		this.buffer.resize(0);
		this.length = 0;
	}

	private reserve(elements: number): ResizableBuffer {
		return new ResizableArrayBuffer(elements * this.bytesPerElement, {
			maxByteLength: Math.max(elements * 2, this.reservedElements) * this.bytesPerElement,
		});
	}

	private grow(): void {
		const elements = Math.max(16, this.data.length * 2);
		if (elements * this.bytesPerElement <= this.buffer.maxByteLength) {
			this.buffer.resize(elements * this.bytesPerElement);
			return;
		}
		const buffer = this.reserve(elements);
		const grown = new this.View(buffer);
		grown.set(this.data);
		this.buffer.resize(0);
		this.buffer = buffer;
		this.data = grown;
	}
}

export function growableFloat64(capacity = 1024): Growable<Float64Array> {
	return new Growable(Float64Array, 8, capacity);
}

export function growableUint32(capacity = 64): Growable<Uint32Array> {
	return new Growable(Uint32Array, 4, capacity);
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
