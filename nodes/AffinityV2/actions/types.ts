import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** One operation: its parameters and what it does for one input item. */
export interface OperationModule {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

/** A resource: its operation picker and its operations by value name. */
export interface ResourceModule {
	operations: Record<string, OperationModule>;
	description: INodeProperties[];
}
