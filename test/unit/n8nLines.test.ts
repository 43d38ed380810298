/* Which n8n the scripts install and run: --n8n / AFFINITY_N8N_VERSION read into one of the lines. */
import path from 'node:path';

import {
	applyN8nFlag,
	DEFAULT_N8N_LINE,
	N8N_LINES,
	n8nLine,
	runtimePaths,
} from '../../scripts/paths';

const saved = process.env.AFFINITY_N8N_VERSION;
afterEach(() => {
	if (saved === undefined) delete process.env.AFFINITY_N8N_VERSION;
	else process.env.AFFINITY_N8N_VERSION = saved;
});

describe('n8nLine', () => {
	it('is 2.41 (n8n 2.41.1 on Node 24) when nothing is chosen', () => {
		expect(DEFAULT_N8N_LINE).toBe('2.41');
		expect(n8nLine('')).toMatchObject({ line: '2.41', version: '2.41.1', nodeMajor: '24' });
		expect(n8nLine(undefined).version).toBe('2.41.1');
	});

	it('reads a line, its pinned version or its major', () => {
		for (const choice of ['1.123', '1.123.81', '1', ' 1.123 '])
			expect(n8nLine(choice).version).toBe('1.123.81');
		for (const choice of ['2.41', '2.41.1', '2']) expect(n8nLine(choice).version).toBe('2.41.1');
	});

	it('refuses a version the pack does not install, naming the ones it does', () => {
		expect(() => n8nLine('1.122')).toThrow(
			'n8n version "1.122" is not one the pack installs; choose 2.41 (n8n 2.41.1), 1.123 (n8n 1.123.81)',
		);
	});

	it('installs 1.123 with xlsx from the npm registry and 2.41 with its linkedom', () => {
		expect(N8N_LINES['1.123'].overrides).toEqual({ xlsx: '0.18.5' });
		expect(N8N_LINES['2.41'].overrides).toEqual({ linkedom: '0.18.14' });
	});
});

describe('runtimePaths', () => {
	it('gives each line its own folder beside the Node it runs on', () => {
		const lts = runtimePaths('/cache', n8nLine('1.123'));
		const current = runtimePaths('/cache', n8nLine('2.41'));
		expect(lts.n8nDir).toBe(path.join('/cache', 'n8n-1.123.81'));
		expect(current.n8nDir).toBe(path.join('/cache', 'n8n-2.41.1'));
		expect(lts.nodeBin).toBe(current.nodeBin);
		expect(lts.nodeBin.startsWith(path.join('/cache', 'node24'))).toBe(true);
	});

	it('follows AFFINITY_N8N_VERSION', () => {
		process.env.AFFINITY_N8N_VERSION = '1.123';
		expect(runtimePaths('/cache').line.version).toBe('1.123.81');
	});
});

describe('applyN8nFlag', () => {
	it('sets AFFINITY_N8N_VERSION from --n8n, as the line name', () => {
		delete process.env.AFFINITY_N8N_VERSION;
		expect(applyN8nFlag(['node', 'start.ts', '--n8n', '1.123.81']).line).toBe('1.123');
		expect(process.env.AFFINITY_N8N_VERSION).toBe('1.123');
	});

	it('keeps AFFINITY_N8N_VERSION without --n8n, and refuses --n8n without a version', () => {
		process.env.AFFINITY_N8N_VERSION = '1';
		expect(applyN8nFlag(['node', 'start.ts', '--fresh']).line).toBe('1.123');
		expect(() => applyN8nFlag(['node', 'start.ts', '--n8n', '--fresh'])).toThrow(
			'--n8n needs a version, e.g. --n8n 1.123',
		);
		expect(() => applyN8nFlag(['node', 'start.ts', '--n8n', '0.236'])).toThrow(
			'n8n version "0.236"',
		);
	});
});
