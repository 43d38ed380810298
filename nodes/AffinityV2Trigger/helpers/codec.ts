/**
 * Byte-level codecs for the trigger's saved state: base64, unsigned varints for ids, and a bit
 * packer for fixed-width columns. Written without Buffer so that the node needs nothing but
 * the language (and n8n-workflow) at runtime.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

export function toBase64(bytes: Uint8Array): string {
	const parts: string[] = [];
	let chunk = '';
	const full = bytes.length - (bytes.length % 3);
	for (let i = 0; i < full; i += 3) {
		const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
		chunk += ALPHABET[n >>> 18] + ALPHABET[(n >>> 12) & 63] + ALPHABET[(n >>> 6) & 63] + ALPHABET[n & 63];
		// Joining bounded chunks keeps string building linear for multi-megabyte states.
		if (chunk.length >= 8192) {
			parts.push(chunk);
			chunk = '';
		}
	}
	const rest = bytes.length - full;
	if (rest === 1) {
		const n = bytes[full] << 16;
		chunk += ALPHABET[n >>> 18] + ALPHABET[(n >>> 12) & 63] + '==';
	} else if (rest === 2) {
		const n = (bytes[full] << 16) | (bytes[full + 1] << 8);
		chunk += ALPHABET[n >>> 18] + ALPHABET[(n >>> 12) & 63] + ALPHABET[(n >>> 6) & 63] + '=';
	}
	parts.push(chunk);
	return parts.join('');
}

export function fromBase64(text: string): Uint8Array {
	const clean = text.replace(/=+$/, '');
	const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
	let buffer = 0;
	let bits = 0;
	let o = 0;
	for (let i = 0; i < clean.length; i++) {
		const code = clean.charCodeAt(i);
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

/** Packs unsigned values of 0 to 32 bits each, least significant bit first. */
export class BitWriter {
	private readonly bytes: Uint8Array;
	private bit = 0;

	constructor(totalBits: number) {
		this.bytes = new Uint8Array(Math.ceil(totalBits / 8));
	}

	write(value: number, width: number): void {
		let v = value >>> 0;
		let left = width;
		while (left > 0) {
			const offset = this.bit & 7;
			const take = Math.min(8 - offset, left);
			this.bytes[this.bit >>> 3] |= (v & ((1 << take) - 1)) << offset;
			v >>>= take;
			left -= take;
			this.bit += take;
		}
	}

	result(): Uint8Array {
		return this.bytes;
	}
}

export class BitReader {
	private bit = 0;

	constructor(private readonly bytes: Uint8Array) {}

	read(width: number): number {
		let value = 0;
		let done = 0;
		while (done < width) {
			const offset = this.bit & 7;
			const take = Math.min(8 - offset, width - done);
			const byte = this.bytes[this.bit >>> 3];
			if (byte === undefined) throw new Error('truncated bit stream');
			const bits = (byte >>> offset) & ((1 << take) - 1);
			// Multiplication instead of a shift: a shift by 24 of a byte may overflow int32.
			value += bits * 2 ** done;
			done += take;
			this.bit += take;
		}
		return value;
	}
}

/** Bits needed to tell `count` values apart: 0 for one value, 1 for two, 2 for three or four… */
export function bitsFor(count: number): number {
	let bits = 0;
	while (2 ** bits < count) bits++;
	return bits;
}
