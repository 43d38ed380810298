import { request } from 'undici';

import { ADMIN_KEY, type EmulatorFixture } from '../harness/emulator';

export interface Page<T = Record<string, unknown>> {
	data: T[];
	pagination: { prevUrl: string | null; nextUrl: string | null; totalCount?: number };
}

export type ErrorBody = { errors: Array<{ code: string; message: string; param?: string }> };

/** GET (or POST) an absolute URL, as a client following nextUrl does. */
export async function follow<T = Page>(
	url: string,
	key = ADMIN_KEY,
	init: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown } = {},
) {
	const res = await request(url, {
		method: init.method ?? 'GET',
		headers: {
			authorization: `Bearer ${key}`,
			...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: init.body === undefined ? undefined : JSON.stringify(init.body),
	});
	const text = await res.body.text();
	return { status: res.statusCode, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Every item of a paged endpoint, following nextUrl to the end; also the number of pages. */
export async function collect<T = Record<string, unknown>>(
	fixture: EmulatorFixture,
	path: string,
	key = ADMIN_KEY,
) {
	const items: T[] = [];
	let url: string | null = `${fixture.baseUrl}${path}`;
	let pages = 0;
	while (url) {
		const res: { status: number; body: Page<T> } = await follow<Page<T>>(url, key);
		if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
		items.push(...res.body.data);
		pages++;
		url = res.body.pagination.nextUrl;
	}
	return { items, pages };
}

/** Asserts a 400 naming the parameter, and returns the message. */
export async function expect400(
	fixture: EmulatorFixture,
	path: string,
	param: string,
	key = ADMIN_KEY,
): Promise<string> {
	const res = await fixture.api<ErrorBody>(path, key);
	expect({ path, status: res.status, param: res.body?.errors?.[0]?.param }).toEqual({
		path,
		status: 400,
		param,
	});
	expect(res.body.errors[0].code).toBe('validation');
	return res.body.errors[0].message;
}

export async function statusOf(
	fixture: EmulatorFixture,
	path: string,
	key = ADMIN_KEY,
): Promise<number> {
	return (await fixture.api(path, key)).status;
}

/** A field id by name from a fields endpoint. */
export async function fieldId(
	fixture: EmulatorFixture,
	fieldsPath: string,
	name: string,
): Promise<string> {
	const { items } = await collect<{ id: string; name: string }>(fixture, fieldsPath);
	const field = items.find((f) => f.name === name);
	if (!field) throw new Error(`no field ${name} at ${fieldsPath}`);
	return field.id;
}
