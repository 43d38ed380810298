/*
 * The resident memory of a process group (n8n and its task runner), read from /proc: the sum of
 * VmRSS over the group's processes, sampled on a timer while a run goes on.
 */
import fs from 'node:fs';

/** The pids whose process group is `groupId` (field 5 of /proc/<pid>/stat). */
export function groupMembers(groupId: number): number[] {
	const members: number[] = [];
	for (const name of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
			// The command name (field 2) may hold spaces and parentheses: count from its end.
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			if (Number(fields[2]) === groupId) members.push(Number(name));
		} catch {
			// The process ended while we looked.
		}
	}
	return members;
}

function rssKb(pid: number): number {
	try {
		const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
		return match ? Number(match[1]) : 0;
	} catch {
		return 0;
	}
}

export function groupRssMb(groupId: number, members = groupMembers(groupId)): number {
	return members.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
}

export interface MemorySample {
	/** The group's RSS just before the run. */
	baselineMb: number;
	peakMb: number;
	samples: number;
}

/**
 * Samples the group's RSS every `everyMs` until stopped; the members are looked up again every
 * tenth tick, so that a task runner started during the run is counted from then on.
 */
export function sampleGroupRss(groupId: number, everyMs = 50): { stop(): MemorySample } {
	let members = groupMembers(groupId);
	const baselineMb = groupRssMb(groupId, members);
	let peakMb = baselineMb;
	let samples = 1;
	let tick = 0;
	const timer = setInterval(() => {
		if (++tick % 10 === 0) members = groupMembers(groupId);
		peakMb = Math.max(peakMb, groupRssMb(groupId, members));
		samples++;
	}, everyMs);
	return {
		stop() {
			clearInterval(timer);
			peakMb = Math.max(peakMb, groupRssMb(groupId));
			return { baselineMb, peakMb, samples };
		},
	};
}
