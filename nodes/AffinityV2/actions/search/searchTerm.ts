import type { INodeProperties } from 'n8n-workflow';

/** The keyword of a search (SearchTerm): the term and the extra fields it is matched against. */
export function searchTermParameters(spec: {
	matches: string;
	fieldsMethod: string;
	dependsOn?: string[];
}): INodeProperties[] {
	return [
		{
			displayName: 'Search Term',
			name: 'term',
			type: 'string',
			default: '',
			placeholder: 'e.g. acme',
			description: `Text to look for in ${spec.matches} (at least 3 characters). Leave empty to search by conditions only.`,
		},
		{
			displayName: 'Also Search In Field Names or IDs',
			name: 'termFieldIds',
			type: 'multiOptions',
			typeOptions: {
				loadOptionsMethod: spec.fieldsMethod,
				// With `resource`, as the Field Names or IDs of the reads (fieldSelection).
				loadOptionsDependsOn: ['resource', ...(spec.dependsOn ?? [])],
			},
			default: [],
			description:
				'Fields whose values the term is also matched against (date fields are ignored). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
	];
}
