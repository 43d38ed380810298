/* n8n's internal REST API (the editor's), authenticated by the session cookie a login returns. */
import { OWNER } from './names';
import { unflatten, type WorkflowRun } from './runs';

export class RestError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
		route: string,
	) {
		super(`${route}: HTTP ${status} ${JSON.stringify(body).slice(0, 500)}`);
	}
}

export class N8nRest {
	cookie = '';

	constructor(readonly baseUrl: string) {}

	async request<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
		const send = () =>
			fetch(`${this.baseUrl}${route}`, {
				method,
				headers: {
					...(body === undefined ? {} : { 'content-type': 'application/json' }),
					...(this.cookie ? { cookie: this.cookie } : {}),
					// n8n refuses state-changing browser requests without it.
					'browser-id': 'affinity-v2-scripts',
				},
				body: body === undefined ? undefined : JSON.stringify(body),
			});
		let res: Response;
		try {
			res = await send();
		} catch (error) {
			// A kept-alive connection that n8n closed while idle (its keep-alive timeout is 5 s; our
			// event loop may have been busy past it) fails before n8n reads the request: send it
			// again, once, on a new connection.
			const code = ((error as Error).cause as { code?: string } | undefined)?.code;
			if (!['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(code ?? '')) throw error;
			res = await send();
		}
		const setCookie = res.headers.getSetCookie?.() ?? [];
		const auth = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		if (auth) this.cookie = auth;
		const text = await res.text();
		let parsed: unknown = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			// not JSON
		}
		if (!res.ok) throw new RestError(res.status, parsed, `${method} ${route}`);
		// Most internal endpoints wrap their answer in { data }.
		return (
			parsed && typeof parsed === 'object' && 'data' in parsed
				? (parsed as { data: T }).data
				: parsed
		) as T;
	}

	/** Creates the owner on a new instance; on an instance that has one, does nothing. */
	async ensureOwner(owner = OWNER): Promise<'created' | 'existed'> {
		const settings = await this.request<{ userManagement?: { showSetupOnFirstLoad?: boolean } }>(
			'GET',
			'/rest/settings',
		);
		if (settings.userManagement?.showSetupOnFirstLoad === false) return 'existed';
		await this.request('POST', '/rest/owner/setup', owner);
		return 'created';
	}

	async login(owner = OWNER): Promise<void> {
		await this.request('POST', '/rest/login', {
			emailOrLdapLoginId: owner.email,
			password: owner.password,
		});
		if (!this.cookie) throw new Error('n8n login returned no n8n-auth cookie');
	}

	/**
	 * What the editor's "Execute workflow" does: a manual run from the given trigger (mode
	 * "manual": a polling trigger's poll() is called), then the finished execution.
	 */
	async runManually(
		workflowId: string,
		triggerName: string,
		timeoutMs = 120_000,
	): Promise<WorkflowRun> {
		const execution = await this.runManuallyRaw(workflowId, triggerName, timeoutMs);
		return {
			status: execution.status,
			mode: 'manual',
			data: unflatten(execution.data) as WorkflowRun['data'],
		};
	}

	/** The manual run as the REST API returns the finished execution (timings, flatted data). */
	async runManuallyRaw(
		workflowId: string,
		triggerName: string,
		timeoutMs = 120_000,
		pollMs = 300,
	): Promise<StoredExecution> {
		// The editor sends the workflow it shows: n8n 1.x requires workflowData, 2.x accepts it.
		const workflowData = await this.request<Record<string, unknown>>(
			'GET',
			`/rest/workflows/${workflowId}`,
		);
		const started = await this.request<{ executionId?: string; waitingForWebhook?: boolean }>(
			'POST',
			`/rest/workflows/${workflowId}/run`,
			{ workflowData, triggerToStartFrom: { name: triggerName } },
		);
		if (!started.executionId) {
			throw new Error(
				`manual run of ${workflowId} did not start an execution: ${JSON.stringify(started)}`,
			);
		}
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const execution = await this.request<StoredExecution>(
				'GET',
				`/rest/executions/${started.executionId}`,
			);
			// n8n 1.x may show an execution as finished a moment before its data is stored ("[]").
			const stored = typeof execution.data === 'string' && execution.data !== '[]';
			if (!['new', 'running', 'waiting'].includes(execution.status) && stored) return execution;
			if (Date.now() > deadline) {
				throw new Error(
					`execution ${started.executionId} still ${execution.status} after ${timeoutMs} ms`,
				);
			}
			await new Promise((r) => setTimeout(r, pollMs));
		}
	}
}

/** An execution as `GET /rest/executions/:id` returns it; `data` is flatted (see unflatten). */
export interface StoredExecution {
	id: string;
	finished?: boolean;
	status: string;
	startedAt: string;
	stoppedAt?: string;
	data: string;
}
