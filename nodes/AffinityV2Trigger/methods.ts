import { listSearch, loadOptions } from '../AffinityV2/methods';

/** The action node's own pickers: the list, its saved views, and its fields. */
export const methods = {
	listSearch: {
		searchLists: listSearch.searchLists,
		searchSavedViews: listSearch.searchSavedViews,
	},
	loadOptions: { getListFields: loadOptions.getListFields },
};
