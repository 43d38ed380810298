/** The trigger's saved state: what a poll writes at its end and reads at the next one. */
export {
	DICTIONARY_LIMIT,
	STATE_VERSION,
	isTriggerState,
	sameSnapshot,
	storableEntityId,
	type DecodedColumn,
	type DecodedState,
	type SavedState,
	type TrackedField,
	type TriggerState,
} from './format';
export { SnapshotBuilder, decodeState } from './snapshot';
