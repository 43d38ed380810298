import { listSearch } from '../AffinityV2/methods/listSearch';
import { loadOptions } from '../AffinityV2/methods/loadOptions';
import { readListSearch } from '../AffinityV2/methods/readSearch';

/** The action node's own pickers: the list, its saved views, and its fields. */
export const methods = {
	listSearch: { searchLists: listSearch.searchLists, searchSavedViews: readListSearch.searchSavedViews },
	loadOptions: { getListFields: loadOptions.getListFields },
};
