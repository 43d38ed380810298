import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { instantOf } from '../../helpers/dates';
import { ValueInputError } from '../../helpers/valueTypes';

/**
 * A date-time input as the instant to send (ISO, UTC): one without a zone is in the workflow's
 * time zone (`this.getTimezone()`), so a workflow sends the same instant on every server.
 * `label` names the parameter as the node shows it ("Options → Created At").
 */
export function instantParameter(
	this: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
): string {
	try {
		return instantOf(value, this.getTimezone());
	} catch (caught) {
		const error =
			caught instanceof ValueInputError
				? caught
				: new ValueInputError(`"${String(value)}" is not a date and time`);
		const given = value === undefined || value === null || value === '';
		throw new NodeOperationError(
			this.getNode(),
			`${label}: ${given ? 'required' : error.message}`,
			{
				itemIndex,
				description:
					error.hint ??
					`Give a date-time such as 2030-01-02T09:00:00 (read in the workflow's time zone, ${this.getTimezone()}) or one with an offset (2030-01-02T09:00:00+01:00).`,
			},
		);
	}
}
