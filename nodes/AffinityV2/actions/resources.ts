import type { ResourceModule } from './types';
import { company } from './company';
import { list } from './list';
import { listEntry } from './listEntry';

/** Every resource of the node, by its value name (DESIGN.md: these names are public). */
export const resources: Record<string, ResourceModule> = {
	company,
	list,
	listEntry,
};
