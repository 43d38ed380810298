/**
 * Byte-level codecs for the trigger's saved state: base64, unsigned varints for ids, and a bit
 * packer for fixed-width columns. Written without Buffer so that the node needs nothing but
 * the language (and n8n-workflow) at runtime.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

const ALPHABET_CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));

export function toBase64(bytes: Uint8Array): string {
	const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
	const full = bytes.length - (bytes.length % 3);
	let o = 0;
	for (let i = 0; i < full; i += 3) {
		const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
		out[o++] = ALPHABET_CODES[n >>> 18];
		out[o++] = ALPHABET_CODES[(n >>> 12) & 63];
		out[o++] = ALPHABET_CODES[(n >>> 6) & 63];
		out[o++] = ALPHABET_CODES[n & 63];
	}
	const rest = bytes.length - full;
	if (rest > 0) {
		const n = (bytes[full] << 16) | (rest === 2 ? bytes[full + 1] << 8 : 0);
		out[o++] = ALPHABET_CODES[n >>> 18];
		out[o++] = ALPHABET_CODES[(n >>> 12) & 63];
		out[o++] = rest === 2 ? ALPHABET_CODES[(n >>> 6) & 63] : 61;
		out[o++] = 61;
	}
	// In slices: fromCharCode takes its arguments on the stack.
	const parts: string[] = [];
	for (let i = 0; i < out.length; i += 8192) parts.push(String.fromCharCode.apply(null, out.subarray(i, i + 8192) as unknown as number[]));
	return parts.join('');
}

export function fromBase64(text: string): Uint8Array {
	let length = text.length;
	while (length > 0 && text.charCodeAt(length - 1) === 61) length--;
	const out = new Uint8Array(Math.floor((length * 3) / 4));
	let buffer = 0;
	let bits = 0;
	let o = 0;
	for (let i = 0; i < length; i++) {
		const code = text.charCodeAt(i);
		const value = code < 128 ? DECODE[code] : -1;
		if (value < 0) throw new Error(`invalid base64 character at ${i}`);
		buffer = ((buffer << 6) | value) & 0xffffff;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[o++] = (buffer >>> bits) & 0xff;
		}
	}
	return out;
}

/** A growable byte buffer. */
export class ByteWriter {
	private bytes = new Uint8Array(1024);
	length = 0;

	private reserve(extra: number): void {
		if (this.length + extra <= this.bytes.length) return;
		let size = this.bytes.length * 2;
		while (size < this.length + extra) size *= 2;
		const grown = new Uint8Array(size);
		grown.set(this.bytes.subarray(0, this.length));
		this.bytes = grown;
	}

	byte(value: number): void {
		this.reserve(1);
		this.bytes[this.length++] = value;
	}

	/** An unsigned integer up to 2^53 - 1 in 7-bit groups, low first (LEB128). */
	varint(value: number): void {
		if (!Number.isSafeInteger(value) || value < 0) throw new Error(`varint out of range: ${value}`);
		this.reserve(8);
		let n = value;
		while (n >= 128) {
			this.bytes[this.length++] = (n % 128) | 128;
			n = Math.floor(n / 128);
		}
		this.bytes[this.length++] = n;
	}

	uint32(value: number): void {
		this.reserve(4);
		this.bytes[this.length++] = value & 0xff;
		this.bytes[this.length++] = (value >>> 8) & 0xff;
		this.bytes[this.length++] = (value >>> 16) & 0xff;
		this.bytes[this.length++] = (value >>> 24) & 0xff;
	}

	result(): Uint8Array {
		return this.bytes.slice(0, this.length);
	}
}

export class ByteReader {
	position = 0;

	constructor(private readonly bytes: Uint8Array) {}

	get done(): boolean {
		return this.position >= this.bytes.length;
	}

	varint(): number {
		let result = 0;
		let factor = 1;
		for (;;) {
			if (this.position >= this.bytes.length) throw new Error('truncated varint');
			const b = this.bytes[this.position++];
			result += (b & 127) * factor;
			if (b < 128) return result;
			factor *= 128;
			if (factor > 2 ** 56) throw new Error('varint too long');
		}
	}

	uint32(): number {
		if (this.position + 4 > this.bytes.length) throw new Error('truncated uint32');
		const b = this.bytes;
		const p = this.position;
		this.position += 4;
		return (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) >>> 0;
	}
}

/** Signed to unsigned, small magnitudes to small numbers: 0, -1, 1, -2 → 0, 1, 2, 3. */
export function zigzag(value: number): number {
	return value >= 0 ? value * 2 : -value * 2 - 1;
}

export function unzigzag(value: number): number {
	return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}

const POW2 = Float64Array.from({ length: 54 }, (_, i) => 2 ** i);

/**
 * Packs unsigned values of 0 to 32 bits each, least significant bit first. The pending bits
 * are kept in a float (at most 39 of them: exact), which avoids int32 shift overflow.
 */
export class BitWriter {
	private readonly bytes: Uint8Array;
	private position = 0;
	private pending = 0;
	private pendingBits = 0;

	constructor(totalBits: number) {
		this.bytes = new Uint8Array(Math.ceil(totalBits / 8));
	}

	write(value: number, width: number): void {
		if (this.pendingBits + width <= 31) {
			// Fits an int32: plain shifts.
			this.pending |= value << this.pendingBits;
			this.pendingBits += width;
			while (this.pendingBits >= 8) {
				this.bytes[this.position++] = this.pending & 255;
				this.pending >>>= 8;
				this.pendingBits -= 8;
			}
			return;
		}
		this.pending += (value >>> 0) * POW2[this.pendingBits];
		this.pendingBits += width;
		while (this.pendingBits >= 8) {
			const byte = this.pending % 256;
			this.bytes[this.position++] = byte;
			this.pending = (this.pending - byte) / 256;
			this.pendingBits -= 8;
		}
	}

	result(): Uint8Array {
		if (this.pendingBits > 0) {
			this.bytes[this.position++] = this.pending;
			this.pending = 0;
			this.pendingBits = 0;
		}
		return this.bytes;
	}
}

export class BitReader {
	private position = 0;
	private pending = 0;
	private pendingBits = 0;

	constructor(private readonly bytes: Uint8Array) {}

	read(width: number): number {
		if (width <= 23) {
			// At most 30 bits pending: plain shifts.
			while (this.pendingBits < width) {
				if (this.position >= this.bytes.length) throw new Error('truncated bit stream');
				this.pending |= this.bytes[this.position++] << this.pendingBits;
				this.pendingBits += 8;
			}
			const value = this.pending & ((1 << width) - 1);
			this.pending >>>= width;
			this.pendingBits -= width;
			return value;
		}
		while (this.pendingBits < width) {
			if (this.position >= this.bytes.length) throw new Error('truncated bit stream');
			this.pending += this.bytes[this.position++] * POW2[this.pendingBits];
			this.pendingBits += 8;
		}
		const scale = POW2[width];
		const value = this.pending % scale;
		this.pending = (this.pending - value) / scale;
		this.pendingBits -= width;
		return value;
	}
}

/** Bits needed to tell `count` values apart: 0 for one value, 1 for two, 2 for three or four… */
export function bitsFor(count: number): number {
	let bits = 0;
	while (2 ** bits < count) bits++;
	return bits;
}
