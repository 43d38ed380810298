/**
 * Shapes the live API answers where its description says otherwise, switched by emulator
 * settings at answer time (so a test can switch them without re-seeding). A leaf module: the
 * serializers (v2 and v1) use it, and the server tells it where the current request's settings
 * are (readShapeSettingsFrom), so that it imports nothing of the emulator.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The settings the answer shapes depend on (part of EmulatorSettings). */
export interface LiveShapeSettings {
	/** v1 timestamps: UTC with ms (`…T12:53:13.339Z`) or a Pacific offset with microseconds. */
	v1Timestamps: 'utc' | 'pacific-offset';
	/** v2 answers send null instead of an empty `emailAddresses` / `domains` array. */
	nullArrays: boolean;
	/** Some filterable-text-multi values (person Job Titles) hold `{link, text}` objects. */
	linkedInTexts: boolean;
	/** Some person emails and company domains break `format: email` / `format: hostname`. */
	malformedFormats: boolean;
	/** A hidden field: field `type: "hidden"` ('field-type') or value `type: "hidden"`. */
	hiddenFieldShape: 'field-type' | 'value-type';
}

export const DEFAULT_SHAPE_SETTINGS: LiveShapeSettings = {
	v1Timestamps: 'utc',
	nullArrays: false,
	linkedInTexts: false,
	malformedFormats: false,
	hiddenFieldShape: 'field-type',
};

let source: () => LiveShapeSettings | undefined = () => undefined;

/** Where the settings of the request being answered are read (the server's request scope). */
export function readShapeSettingsFrom(current: () => LiveShapeSettings | undefined): void {
	source = current;
}

/** The current request's shape settings; the defaults outside a request (seeding, unit tests). */
export function shapeSettings(): LiveShapeSettings {
	return source() ?? DEFAULT_SHAPE_SETTINGS;
}

/**
 * Live, an empty array of a record (Company.domains, Person.emailAddresses,
 * UserData.emailAddresses) can come back as null although the API declares an array: with
 * the setting nullArrays, an empty array is answered as null.
 */
export function arrayOrNull<T>(items: T[]): T[] | null {
	return items.length === 0 && shapeSettings().nullArrays ? null : items;
}

/**
 * Live data does not always satisfy `format: email` / `format: hostname`. With the setting
 * malformedFormats, the emails of persons and the domains of companies whose id ends in 7 are
 * answered malformed ("jane at acme", "acme_corp.local "); what is stored stays well-formed.
 */
export function isMalformed(id: number): boolean {
	return id % 10 === 7 && shapeSettings().malformedFormats;
}

export function shownEmail(personId: number, email: string | null): string | null {
	return email !== null && isMalformed(personId) ? email.replace('@', ' at ') : email;
}

export function shownEmails(personId: number, emails: string[]): string[] {
	return emails.map((e) => shownEmail(personId, e) as string);
}

export function shownDomain(companyId: number, domain: string | null): string | null {
	return domain !== null && isMalformed(companyId)
		? `${domain.replace(/\.[^.]+$/, '').replace(/\./g, '_')}.local `
		: domain;
}

export function shownDomains(companyId: number, domains: string[]): string[] {
	return domains.map((d) => shownDomain(companyId, d) as string);
}

/** The API version the current v2 request is answered in (what the edition's shapes depend on). */
const answering = new AsyncLocalStorage<string>();

export function answerIn<T>(version: string, fn: () => T): T {
	return answering.run(version, fn);
}

/** The version being answered; undefined outside a v2 request (webhook bodies, seeding). */
export function answerVersion(): string | undefined {
	return answering.getStore();
}
