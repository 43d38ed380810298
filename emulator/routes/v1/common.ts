import { ApiError } from '../../http';

/**
 * v1 answers malformed or logically impossible parameters with 422 Unprocessable Entity (its
 * documented error codes); the body keeps the emulator's error form, naming the parameter.
 */
export const unprocessable = (message: string, param?: string) =>
	new ApiError(422, 'validation', message, param);

/** v1's entity types (List Entry resource): 0 person, 1 organization, 8 opportunity. */
export const V1_ENTITY_TYPE = { person: 0, company: 1, opportunity: 8 } as const;
