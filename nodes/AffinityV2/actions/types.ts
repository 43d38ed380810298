import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** One operation: its parameters and what it does for one input item. */
export interface OperationModule {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

/** A resource: its name in the Resource list, its operation picker and its operations by value name. */
export interface ResourceModule {
	displayName: string;
	operations: Record<string, OperationModule>;
	description: INodeProperties[];
}
