/* The fixed names n8n gives the pack and the accounts our scripts create in it. */
import { PACKAGE_NAME } from '../paths';

/** The owner account `npm start` and the tests create (n8n wants 8+ characters, a digit and a capital). */
export const OWNER = {
	email: 'owner@example.com',
	firstName: 'Demo',
	lastName: 'Owner',
	password: 'AffinityV2-demo',
};

/** Node types as n8n names a community package's nodes: `<package>.<node name>`. */
export const NODE_TYPES = {
	action: `${PACKAGE_NAME}.affinityV2`,
	trigger: `${PACKAGE_NAME}.affinityV2Trigger`,
	webhookTrigger: `${PACKAGE_NAME}.affinityV2WebhookTrigger`,
	/** n8n derives an AI-agent tool from a node marked usableAsTool. */
	tool: `${PACKAGE_NAME}.affinityV2Tool`,
} as const;

export const CREDENTIAL_TYPE = 'affinityV2Api';
