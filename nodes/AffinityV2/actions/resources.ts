import type { ResourceModule } from './types';
import { company } from './company';
import { list } from './list';
import { listEntry } from './listEntry';
import { merge } from './merge';
import { person } from './person';

/** Every resource of the node, by its value name (DESIGN.md: these names are public). */
export const resources: Record<string, ResourceModule> = {
	company,
	list,
	listEntry,
	person,
	merge,
};
