/*
 * Where a CPU profile of n8n's main thread went: the busy time (every sample but idle) and the
 * inclusive time of a few parts of interest (a sample counts for a part when any frame of its
 * stack belongs to it), so that a share can be told per request.
 */
import type { CpuProfile } from './inspector';

type Frame = CpuProfile['nodes'][number]['callFrame'];

export const PROFILE_PARTS: Array<{ label: string; match(frame: Frame): boolean }> = [
	{
		label: "authenticating each request (n8n's credentials helper and the credential)",
		match: (f) =>
			(/credentials-helper\.js$/.test(f.url) && f.functionName === 'authenticate') ||
			/\.credentials\.js$/.test(f.url),
	},
	{
		label: 'evaluating expressions (any caller)',
		match: (f) =>
			/n8n-workflow\/dist\/.*expression|@n8n\/expression-runtime|@n8n\/tournament|isolated-vm/i.test(
				f.url,
			),
	},
	{
		label: "n8n's HTTP client (@n8n/backend-network, axios)",
		match: (f) => /@n8n\/backend-network|\/axios\//.test(f.url),
	},
	{
		label: "the pack's node code",
		// The installed package, not n8n's own install folder (which may be named after the pack).
		match: (f) => /node_modules\/n8n-nodes-affinity-v2[^/]*\/dist\//.test(f.url),
	},
	{ label: 'garbage collection', match: (f) => f.functionName === '(garbage collector)' },
];

export interface ProfileShares {
	busyMs: number;
	parts: Array<{ label: string; ms: number }>;
	/** The functions with the most self time: `name (file:package)`. */
	top: Array<{ frame: string; ms: number }>;
}

/** A frame as `function (package/file)`, short enough for a line. */
function frameName(frame: Frame): string {
	const url = frame.url.replace(/^file:\/\//, '');
	const inModules = url.lastIndexOf('node_modules/');
	const where = inModules >= 0 ? url.slice(inModules + 'node_modules/'.length) : url;
	const parts = where.split('/');
	const short =
		parts.length > 3
			? `${parts.slice(0, parts[0].startsWith('@') ? 2 : 1).join('/')}/…/${parts[parts.length - 1]}`
			: where;
	return `${frame.functionName || '(anonymous)'}${short ? ` (${short})` : ''}`;
}

/**
 * The shares of the samples taken between `window.fromMs` and `window.toMs` after the profile
 * started (all of them without a window).
 */
export function profileShares(
	profile: CpuProfile,
	window?: { fromMs: number; toMs: number },
): ProfileShares {
	const parent = new Map<number, number>();
	const byId = new Map<number, CpuProfile['nodes'][number]>();
	for (const node of profile.nodes) {
		byId.set(node.id, node);
		for (const child of node.children ?? []) parent.set(child, node.id);
	}
	// Which parts each node's stack touches, computed once per node.
	const partsOf = new Map<number, boolean[]>();
	const touches = (id: number): boolean[] => {
		const known = partsOf.get(id);
		if (known) return known;
		const frame = byId.get(id)!.callFrame;
		const up = parent.get(id);
		const above = up === undefined ? PROFILE_PARTS.map(() => false) : touches(up);
		const mine = PROFILE_PARTS.map((part, i) => above[i] || part.match(frame));
		partsOf.set(id, mine);
		return mine;
	};
	let busyUs = 0;
	const partUs = PROFILE_PARTS.map(() => 0);
	const selfUs = new Map<string, number>();
	let atUs = 0;
	profile.samples.forEach((id, i) => {
		const delta = profile.timeDeltas[i] ?? 0;
		atUs += delta;
		if (window && (atUs / 1000 < window.fromMs || atUs / 1000 > window.toMs)) return;
		const frame = byId.get(id)?.callFrame;
		if (!frame || frame.functionName === '(idle)') return;
		busyUs += delta;
		const name = frameName(frame);
		selfUs.set(name, (selfUs.get(name) ?? 0) + delta);
		touches(id).forEach((hit, p) => {
			if (hit) partUs[p] += delta;
		});
	});
	return {
		busyMs: busyUs / 1000,
		parts: PROFILE_PARTS.map((part, i) => ({ label: part.label, ms: partUs[i] / 1000 })),
		top: [...selfUs]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 12)
			.map(([frame, us]) => ({ frame, ms: us / 1000 })),
	};
}
