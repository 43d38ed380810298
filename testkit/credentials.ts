import {
	Expression,
	ICredentialsHelper,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INodeCredentialsDetails,
	type INodeProperties,
	type IRequestOptionsSimplified,
	type ICredentials,
	type IDataObject,
} from 'n8n-workflow';

import { AffinityV2Api } from '../credentials/AffinityV2Api.credentials';

export const CREDENTIAL_ID = 'affinity-test-credential';

/** Resolves `={{$credentials.x}}` values as n8n's own credentials helper does. */
function resolve(value: unknown, credentials: ICredentialDataDecryptedObject): unknown {
	if (typeof value === 'string' && value.startsWith('=')) {
		return Expression.resolveWithoutWorkflow(value.slice(1), { $credentials: credentials });
	}
	if (value && typeof value === 'object' && !Array.isArray(value)) {
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, credentials)]));
	}
	return value;
}

/**
 * The credentials helper the engine asks for decrypted credentials and for authentication.
 * It applies the credential type's own `authenticate` (a function, or a generic block), so what
 * the package ships is what every test exercises.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	readonly types: Record<string, ICredentialType> = { affinityV2Api: new AffinityV2Api() };

	constructor(private data: ICredentialDataDecryptedObject) {
		super();
	}

	setData(data: ICredentialDataDecryptedObject): void {
		this.data = data;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
	): Promise<IHttpRequestOptions> {
		const type = this.types[typeName];
		const block = type?.authenticate;
		const options = requestOptions as IHttpRequestOptions;
		// A function is called as n8n's own helper calls it (credentials-helper.ts): with the
		// decrypted credential and the request, on the type (the shipped function runs).
		if (typeof block === 'function') return await block.call(type, credentials, options);
		if (!block) throw new Error(`credential ${typeName} has no authenticate`);
		const resolved = resolve(block.properties, credentials) as {
			headers?: IDataObject;
			qs?: IDataObject;
		};
		options.headers = { ...(options.headers ?? {}), ...(resolved.headers ?? {}) };
		if (resolved.qs) options.qs = { ...(options.qs ?? {}), ...resolved.qs };
		return options;
	}

	async preAuthentication(
		_helpers: IHttpRequestHelper,
		_credentials: ICredentialDataDecryptedObject,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(_details: INodeCredentialsDetails, _type: string): Promise<ICredentials> {
		throw new Error('not used by these tests');
	}

	/** How often n8n read the credential (in n8n proper: a database read and a decryption). */
	decryptions = 0;

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		this.decryptions++;
		return { ...this.data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types[type]?.properties ?? [];
	}
}
