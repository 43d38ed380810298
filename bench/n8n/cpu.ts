/*
 * The CPU time a process group (n8n and its task runner) spends, read from /proc: user and
 * system time of every member and of all its threads (the event loop, the garbage collector's
 * helpers, the expression sandbox's isolates), in clock ticks of 10 ms.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

import { groupMembers } from './memory';

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

function cpuMs(pid: number): number {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// Fields 14 and 15 (utime, stime); the command name (field 2) may hold spaces.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
	} catch {
		return 0;
	}
}

/** The group's CPU time so far, in milliseconds. */
export function groupCpuMs(groupId: number): number {
	return groupMembers(groupId).reduce((sum, pid) => sum + cpuMs(pid), 0);
}
