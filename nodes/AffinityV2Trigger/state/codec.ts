/**
 * Codecs for the trigger's saved state: zigzag for signed deltas, Exp-Golomb codes, and bit
 * streams written as JSON-safe text. Written without Buffer so that the node needs nothing but
 * the language (and n8n-workflow) at runtime.
 */

/** Signed to unsigned, small magnitudes to small numbers: 0, -1, 1, -2 → 0, 1, 2, 3. */
export function zigzag(value: number): number {
	return value >= 0 ? value * 2 : -value * 2 - 1;
}

export function unzigzag(value: number): number {
	return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}

const POW2 = Float64Array.from({ length: 64 }, (_, i) => 2 ** i);

/** Bits needed to tell `count` values apart: 0 for one value, 1 for two, 2 for three or four… */
export function bitsFor(count: number): number {
	let bits = 0;
	while (2 ** bits < count) bits++;
	return bits;
}

/*
 * Bit streams as JSON-safe text. The state is stored as JSON, where base64
 * spends 8 bits of text on 6 of data. JSON.stringify escapes only `"`, `\` and the control
 * characters below U+0020 (and lone surrogates), so the 93 other printable ASCII characters
 * pass through as one byte each: two of them carry 13 bits (93² = 8649 ≥ 2^13), 6.5 bits a
 * character, 8% less than base64.
 */
const TEXT_ALPHABET = Uint8Array.from({ length: 95 }, (_, i) => 32 + i).filter(
	(c) => c !== 34 && c !== 92,
);
const TEXT_BASE = TEXT_ALPHABET.length;
const TEXT_DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < TEXT_BASE; i++) TEXT_DECODE[TEXT_ALPHABET[i]] = i;
const SYMBOL_BITS = 13;
const SYMBOL_MASK = (1 << SYMBOL_BITS) - 1;

/** The largest width written or read in one step: pending bits (< 13) plus it fit an int32. */
const CHUNK = 16;

/**
 * Writes unsigned values bit by bit, least significant first, into 13-bit symbols of two
 * characters each. Values up to 2^53 - 1 are written in chunks of 16 bits.
 */
export class TextBitWriter {
	private chars: Uint8Array;
	private length = 0;
	private pending = 0;
	private pendingBits = 0;
	/** Bits written so far. */
	bits = 0;

	constructor(expectedBits = 1024) {
		this.chars = new Uint8Array(Math.ceil(expectedBits / SYMBOL_BITS) * 2 + 2);
	}

	/** `value` in `width` bits (0 to 53); `value` must be an integer in [0, 2^width). */
	write(value: number, width: number): void {
		this.bits += width;
		while (width > CHUNK) {
			const low = value % 65536;
			this.put(low, CHUNK);
			value = (value - low) / 65536;
			width -= CHUNK;
		}
		this.put(value, width);
	}

	private put(value: number, width: number): void {
		this.pending |= value << this.pendingBits;
		this.pendingBits += width;
		while (this.pendingBits >= SYMBOL_BITS) {
			this.symbol(this.pending & SYMBOL_MASK);
			this.pending >>>= SYMBOL_BITS;
			this.pendingBits -= SYMBOL_BITS;
		}
	}

	private symbol(value: number): void {
		if (this.length + 2 > this.chars.length) {
			const grown = new Uint8Array(this.chars.length * 2);
			grown.set(this.chars);
			this.chars = grown;
		}
		const high = (value / TEXT_BASE) | 0;
		this.chars[this.length++] = TEXT_ALPHABET[high];
		this.chars[this.length++] = TEXT_ALPHABET[value - high * TEXT_BASE];
	}

	/** One bit per flag. */
	flag(on: boolean): void {
		this.put(on ? 1 : 0, 1);
		this.bits++;
	}

	/**
	 * Exp-Golomb code of order k for an unsigned integer up to 2^53 - 1: the quotient by 2^k
	 * plus one in Elias gamma (n zeros, a one, then n bits), then the k low bits. Small values
	 * take few bits; k is chosen per sequence from its typical size (see expGolombOrder).
	 */
	expGolomb(value: number, k: number): void {
		const scale = POW2[k];
		const quotient = Math.floor(value / scale);
		const q = quotient + 1;
		let n = 0;
		while (POW2[n + 1] <= q) n++;
		// n zero bits, then a one: written as the single value 2^n in n + 1 bits.
		if (n < 31) this.write(2 ** n, n + 1);
		else {
			this.write(0, n);
			this.write(1, 1);
		}
		this.write(q - POW2[n], n);
		this.write(value - quotient * scale, k);
	}

	/** The text: two characters per 13 bits, the last symbol padded with zero bits. */
	finish(): string {
		if (this.pendingBits > 0) {
			this.symbol(this.pending);
			this.pending = 0;
			this.pendingBits = 0;
		}
		const parts: string[] = [];
		for (let i = 0; i < this.length; i += 8192) {
			parts.push(
				String.fromCharCode.apply(
					null,
					this.chars.subarray(i, Math.min(i + 8192, this.length)) as unknown as number[],
				),
			);
		}
		return parts.join('');
	}
}

/** Bits needed by expGolomb(value, k), without writing them. */
export function expGolombBits(value: number, k: number): number {
	const q = Math.floor(value / POW2[k]) + 1;
	let n = 0;
	while (POW2[n + 1] <= q) n++;
	return 2 * n + 1 + k;
}

/**
 * The order k (0 to 48) that codes these values in the fewest bits, and that number of bits.
 * Long runs are judged on an even sample of 4096 values (the bits are then an estimate).
 */
export function expGolombOrder(
	values: ArrayLike<number>,
	length = values.length,
): { k: number; bits: number } {
	if (length === 0) return { k: 0, bits: 0 };
	const stride = Math.ceil(length / 4096);
	const sampled = Math.ceil(length / stride);
	// The best order is near log2 of the mean: try a few around it.
	let sum = 0;
	for (let i = 0; i < length; i += stride) sum += values[i];
	const center = Math.max(0, Math.floor(Math.log2(sum / sampled + 1)) - 1);
	let best = { k: 0, bits: Infinity };
	for (let k = Math.max(0, center - 3); k <= Math.min(48, center + 3); k++) {
		let bits = 0;
		for (let i = 0; i < length; i += stride) bits += expGolombBits(values[i], k);
		if (bits < best.bits) best = { k, bits };
	}
	if (stride > 1) best.bits = Math.ceil((best.bits * length) / sampled);
	return best;
}

/** Reads what TextBitWriter wrote; refuses characters outside the alphabet and reads past the end. */
export class TextBitReader {
	private position = 0;
	private pending = 0;
	private pendingBits = 0;

	constructor(private readonly text: string) {
		if (text.length % 2 !== 0) throw new Error('bit text of odd length');
	}

	read(width: number): number {
		if (width <= CHUNK) return this.take(width);
		let value = 0;
		let scale = 1;
		while (width > CHUNK) {
			value += this.take(CHUNK) * scale;
			scale *= 65536;
			width -= CHUNK;
		}
		return value + this.take(width) * scale;
	}

	private take(width: number): number {
		while (this.pendingBits < width) {
			this.pending |= this.symbol() << this.pendingBits;
			this.pendingBits += SYMBOL_BITS;
		}
		const value = this.pending & ((1 << width) - 1);
		this.pending >>>= width;
		this.pendingBits -= width;
		return value;
	}

	private symbol(): number {
		const text = this.text;
		if (this.position >= text.length) throw new Error('truncated bit text');
		const a = text.charCodeAt(this.position++);
		const b = text.charCodeAt(this.position++);
		const high = a < 128 ? TEXT_DECODE[a] : -1;
		const low = b < 128 ? TEXT_DECODE[b] : -1;
		const value = high * TEXT_BASE + low;
		if (high < 0 || low < 0 || value > SYMBOL_MASK)
			throw new Error(`invalid bit text at ${this.position - 2}`);
		return value;
	}

	flag(): boolean {
		return this.take(1) === 1;
	}

	expGolomb(k: number): number {
		let n = 0;
		while (this.take(1) === 0) {
			if (++n > 53) throw new Error('Exp-Golomb code too long');
		}
		const q = POW2[n] + this.read(n);
		return (q - 1) * POW2[k] + this.read(k);
	}

	/** Throws unless every symbol was read and the padding is zero: a damaged text is refused. */
	end(): void {
		if (this.position !== this.text.length || this.pending !== 0)
			throw new Error('bit text longer than its content');
	}
}
