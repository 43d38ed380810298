import type { IDataObject } from 'n8n-workflow';

import type { FieldDef } from '../../emulator/model';
import { AffinityV2WebhookTrigger } from '../../nodes/AffinityV2WebhookTrigger/AffinityV2WebhookTrigger.node';
import type { EmulatorFixture } from '../harness/emulator';
import { webhookHarness, type WebhookHarness } from '../harness/webhook';

export { DEAL_PIPELINE } from '../harness/ids';

export function webhookTrigger(
	fixture: EmulatorFixture,
	parameters: IDataObject,
	options: { apiKey?: string; webhookId?: string; staticData?: IDataObject; port?: number } = {},
): Promise<WebhookHarness> {
	return webhookHarness(
		new AffinityV2WebhookTrigger(),
		{ filters: {}, options: {}, ...parameters },
		fixture.credentials(options.apiKey),
		options,
	);
}

/** A writable list field of the given value type. */
export function listField(fixture: EmulatorFixture, listId: number, valueType: string): FieldDef {
	const field = fixture.emulator.store.lists
		.get(listId)
		?.fields.find((f) => f.valueType === valueType && !f.readOnly && /^field-\d+$/.test(f.id));
	if (!field) throw new Error(`no ${valueType} field on list ${listId}`);
	return field;
}

/** Waits until the emulator has nothing left to deliver (or retry). */
export async function deliveriesSettled(
	fixture: EmulatorFixture,
	timeoutMs = 30_000,
): Promise<void> {
	const until = Date.now() + timeoutMs;
	for (;;) {
		const counts = await fixture.control<{ pending: number }>('GET', '/webhook-deliveries');
		if (counts.pending === 0) return;
		if (Date.now() > until) throw new Error(`deliveries still pending: ${JSON.stringify(counts)}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

export async function webhooks(
	fixture: EmulatorFixture,
): Promise<Array<{ id: number; url: string; status: string; subscriptions: string[] }>> {
	const { body } = await fixture.api<{
		data: Array<{ id: number; url: string; status: string; subscriptions: string[] }>;
	}>('/v2/webhooks');
	return body.data;
}
