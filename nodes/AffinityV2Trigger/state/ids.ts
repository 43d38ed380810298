import { TextBitReader, TextBitWriter, expGolombOrder, unzigzag, zigzag } from './codec';

/*
 * The two id columns: list entry ids (sorted, unique) as Exp-Golomb coded gaps, and each
 * entry's company, person or opportunity id as zigzag deltas from the previous row's or as
 * they are, whichever is smaller.
 */

/** `ids[order[i]]` is the i-th smallest entry id. */
export function writeEntryIds(ids: Float64Array, order: Uint32Array, count: number): string {
	const writer = new TextBitWriter(count * 2);
	if (count === 0) return writer.finish();
	const first = ids[order[0]];
	if (!Number.isSafeInteger(first) || first < 0)
		throw new Error(`list entry id out of range: ${first}`);
	const gaps = new Float64Array(count - 1);
	for (let i = 1; i < count; i++) gaps[i - 1] = ids[order[i]] - ids[order[i - 1]] - 1;
	// Ids are unique (the poll skips repeats), so every gap is 0 or more.
	const firstK = expGolombOrder([first]).k;
	const gapK = expGolombOrder(gaps).k;
	writer.write(firstK, 6);
	writer.expGolomb(first, firstK);
	writer.write(gapK, 6);
	for (let i = 0; i < gaps.length; i++) {
		if (!Number.isSafeInteger(gaps[i]) || gaps[i] < 0)
			throw new Error(`list entry id out of range: ${ids[order[i + 1]]}`);
		writer.expGolomb(gaps[i], gapK);
	}
	return writer.finish();
}

export function readEntryIds(text: string, count: number): Float64Array {
	const entryIds = new Float64Array(count);
	const reader = new TextBitReader(text);
	if (count > 0) {
		let id = reader.expGolomb(reader.read(6));
		entryIds[0] = id;
		const gapK = reader.read(6);
		for (let i = 1; i < count; i++) {
			id += reader.expGolomb(gapK) + 1;
			entryIds[i] = id;
		}
	}
	reader.end();
	return entryIds;
}

/** `ids[order[i]]` is the entity id of the i-th written row. */
export function writeEntityIds(ids: Float64Array, order: Uint32Array, count: number): string {
	const deltas = new Float64Array(count);
	const raw = new Float64Array(count);
	for (let i = 0, previous = 0; i < count; i++) {
		const id = ids[order[i]];
		raw[i] = id;
		deltas[i] = zigzag(id - previous);
		previous = id;
	}
	const deltaPlan = expGolombOrder(deltas);
	const rawPlan = expGolombOrder(raw);
	const useRaw = rawPlan.bits < deltaPlan.bits;
	const k = useRaw ? rawPlan.k : deltaPlan.k;
	const coded = useRaw ? raw : deltas;
	const writer = new TextBitWriter(count * 4);
	writer.flag(useRaw);
	writer.write(k, 6);
	for (let i = 0; i < count; i++) writer.expGolomb(coded[i], k);
	return writer.finish();
}

export function readEntityIds(text: string, count: number): Float64Array {
	const entityIds = new Float64Array(count);
	const reader = new TextBitReader(text);
	const raw = reader.flag();
	const k = reader.read(6);
	for (let i = 0, previous = 0; i < count; i++) {
		const value = reader.expGolomb(k);
		previous = raw ? value : previous + unzigzag(value);
		entityIds[i] = previous;
	}
	reader.end();
	return entityIds;
}
