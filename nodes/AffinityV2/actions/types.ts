import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiEdition } from '../helpers/types';

/**
 * What one run of the node shares between its items: values computed once per run under a
 * name. The router makes one per run and passes it to every operation's execute and laneKeys,
 * so what a run shares is in the signatures, not in maps keyed on the execution context.
 */
export class RunShared {
	private readonly values = new Map<string, unknown>();

	/** The value kept under `key`, made by `make` the first time it is asked for. */
	once<T>(key: string, make: () => T): T {
		if (!this.values.has(key)) this.values.set(key, make());
		return this.values.get(key) as T;
	}
}

/** One operation: its parameters and what it does for one input item. */
export interface OperationModule {
	description: INodeProperties[];
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunShared,
	): Promise<IDataObject | IDataObject[] | ItemWithFiles>;
	/** The endpoints it is built on, listed in docs/operations.md (whose check fails without it). */
	endpoint?: OperationEndpoint[];
	/**
	 * When set, items that share no key may run at the same time (see itemLanes.ts), items that
	 * share one in their order: the keys name every record an item writes or looks up, so that
	 * items that depend on each other never overlap.
	 */
	laneKeys?(this: IExecuteFunctions, itemIndex: number, run: RunShared): Promise<string[]>;
}

/** One output item that carries files (n8n binary data) beside its JSON: a downloaded file. */
export class ItemWithFiles {
	constructor(
		readonly json: IDataObject,
		readonly binary: IBinaryKeyData,
	) {}
}

/** A resource: its name in the Resource list, its operation picker and its operations by value name. */
export interface ResourceModule {
	displayName: string;
	operations: Record<string, OperationModule>;
	description: INodeProperties[];
}

/**
 * An API endpoint an operation calls, as the docs table lists it: the API (v2, or v1 where v2
 * has no equivalent), the method and the path template as Affinity documents it
 * (`/v2/companies/{companyId}`, `/lists/{list_id}/list-entries`). BETA endpoints say so; an endpoint
 * called only from, or only before, an edition says which (`since`, `before`).
 */
export interface OperationEndpoint {
	api: 'v1' | 'v2';
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	path: string;
	beta?: boolean;
	/** Called only when the run's API version is this edition or a later one. */
	since?: ApiEdition;
	/** Called only when the run's API version is older than this edition. */
	before?: ApiEdition;
}
