/* Credentials in the shape `n8n import:credentials` takes. */
import { CREDENTIAL_TYPE } from './names';

export interface CredentialSpec {
	id: string;
	name: string;
	apiKey: string;
	baseUrl: string;
	/** The API Version stored (the credential's field); empty: the key's default version. */
	apiVersion?: string;
}

/** An `affinityV2Api` credential as `n8n import:credentials` takes it (n8n encrypts the data on import). */
export function credentialExport(spec: CredentialSpec) {
	const now = new Date().toISOString();
	return {
		id: spec.id,
		name: spec.name,
		type: CREDENTIAL_TYPE,
		data: {
			apiKey: spec.apiKey,
			baseUrl: spec.baseUrl,
			apiVersion: spec.apiVersion ?? '',
			ipAllowlistNote: '',
		},
		createdAt: now,
		updatedAt: now,
	};
}

/** An n8n `postgres` credential (n8n's own Postgres node) for `n8n import:credentials`. */
export function postgresCredentialExport(spec: {
	id: string;
	name: string;
	host: string;
	port: number;
	database: string;
	user: string;
	password: string;
}) {
	const now = new Date().toISOString();
	return {
		id: spec.id,
		name: spec.name,
		type: 'postgres',
		data: {
			host: spec.host,
			port: spec.port,
			database: spec.database,
			user: spec.user,
			password: spec.password,
			ssl: 'disable',
			allowUnauthorizedCerts: false,
			sshTunnel: false,
		},
		createdAt: now,
		updatedAt: now,
	};
}
