import type { ResourceModule } from './types';
import { company } from './company';
import { dropdownOption } from './dropdownOption';
import { field } from './field';
import { fieldValueChange } from './fieldValueChange';
import { file } from './file';
import { interaction } from './interaction';
import { list } from './list';
import { listEntry } from './listEntry';
import { merge } from './merge';
import { note } from './note';
import { opportunity } from './opportunity';
import { person } from './person';
import { rateLimit } from './rateLimit';
import { reminder } from './reminder';
import { team } from './team';
import { transcript } from './transcript';
import { user } from './user';
import { webhook } from './webhook';

/** Every resource of the node, by its value name (saved workflows store these names: never rename one). */
export const resources: Record<string, ResourceModule> = {
	company,
	dropdownOption,
	field,
	fieldValueChange,
	file,
	interaction,
	list,
	listEntry,
	merge,
	note,
	opportunity,
	person,
	rateLimit,
	reminder,
	team,
	transcript,
	user,
	webhook,
};
