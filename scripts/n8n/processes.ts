/*
 * Child processes in their own process groups (so a stop takes n8n's task runner with it), and
 * free loopback ports for them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

import { REPO_ROOT } from '../paths';

const running = new Set<ManagedProcess>();

/** Last resort when the parent exits without stopping its children (a failed test, an exception). */
process.on('exit', () => {
	for (const child of running) child.killGroup('SIGKILL');
});

export interface ManagedProcessOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	logFile?: string;
	echo?: boolean;
	/**
	 * How stop() asks the process to end, when not SIGTERM to the whole group: a server that
	 * shuts its own children down (postgres) wants its signal alone.
	 */
	stopSignal?: { signal: NodeJS.Signals; leaderOnly: boolean };
}

/**
 * A child in its own process group: Ctrl-C in the terminal reaches only our script, which then
 * stops the children in order, and a stop signals the whole group (n8n's task runner included).
 */
export class ManagedProcess {
	readonly child: ChildProcess;
	readonly exited: Promise<number | null>;
	private output = '';
	private listeners: Array<(chunk: string) => void> = [];
	private exitCode: number | null | undefined;
	private readonly stopSignal: { signal: NodeJS.Signals; leaderOnly: boolean };

	constructor(
		readonly label: string,
		command: string,
		args: string[],
		options: ManagedProcessOptions,
	) {
		this.stopSignal = options.stopSignal ?? { signal: 'SIGTERM', leaderOnly: false };
		const log = options.logFile ? fs.createWriteStream(options.logFile, { flags: 'a' }) : undefined;
		this.child = spawn(command, args, {
			cwd: options.cwd ?? REPO_ROOT,
			env: options.env ?? process.env,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		running.add(this);
		const onData = (chunk: Buffer) => {
			const text = chunk.toString();
			// Keep the tail only: enough for an error report, bounded for long runs.
			this.output = (this.output + text).slice(-200_000);
			log?.write(text);
			if (options.echo) process.stdout.write(text);
			for (const listener of this.listeners) listener(text);
		};
		this.child.stdout?.on('data', onData);
		this.child.stderr?.on('data', onData);
		this.exited = new Promise((resolve) => {
			this.child.on('exit', (code) => {
				this.exitCode = code;
				running.delete(this);
				log?.end();
				resolve(code);
			});
			this.child.on('error', (error) => {
				this.output += `\n${error.message}`;
				this.exitCode = -1;
				running.delete(this);
				resolve(-1);
			});
		});
	}

	get pid(): number | undefined {
		return this.child.pid;
	}

	get hasExited(): boolean {
		return this.exitCode !== undefined;
	}

	get logText(): string {
		return this.output;
	}

	/** Resolves with the first output matching the pattern; rejects if the process exits first or time runs out. */
	waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
		return new Promise((resolve, reject) => {
			const found = pattern.exec(this.output);
			if (found) return resolve(found);
			const timer = setTimeout(
				() =>
					finish(
						new Error(
							`${this.label}: no output matching ${pattern} within ${timeoutMs} ms\n${this.tail()}`,
						),
					),
				timeoutMs,
			);
			const listener = () => {
				const match = pattern.exec(this.output);
				if (match) finish(undefined, match);
			};
			const finish = (error?: Error, match?: RegExpMatchArray) => {
				clearTimeout(timer);
				this.listeners = this.listeners.filter((l) => l !== listener);
				if (error) reject(error);
				else resolve(match!);
			};
			this.listeners.push(listener);
			void this.exited.then((code) =>
				finish(
					new Error(
						`${this.label} exited (code ${code}) before printing ${pattern}\n${this.tail()}`,
					),
				),
			);
		});
	}

	tail(lines = 40): string {
		return this.output.split('\n').slice(-lines).join('\n');
	}

	killGroup(signal: NodeJS.Signals): void {
		if (!this.child.pid) return;
		try {
			process.kill(-this.child.pid, signal);
		} catch {
			// The group is already gone.
		}
	}

	/** SIGTERM to the group, SIGKILL after the grace period; then SIGKILL any stragglers of the group. */
	async stop(graceMs = 15_000): Promise<void> {
		if (!this.hasExited) {
			const { signal, leaderOnly } = this.stopSignal;
			if (leaderOnly) this.child.kill(signal);
			else this.killGroup(signal);
			const timer = setTimeout(() => this.killGroup('SIGKILL'), graceMs);
			await this.exited;
			clearTimeout(timer);
		}
		// n8n's task runner or tsx's worker may outlive the group leader for a moment.
		this.killGroup('SIGKILL');
	}
}

/** Stops every child still running, last started first. */
export async function stopAll(): Promise<void> {
	for (const child of [...running].reverse()) await child.stop();
}

/** A free loopback port: the preferred one when it is free, else one the OS picks. */
export async function freePort(preferred?: number): Promise<number> {
	const tryPort = (port: number) =>
		new Promise<number | undefined>((resolve) => {
			const server = net.createServer();
			server.once('error', () => resolve(undefined));
			server.listen(port, '127.0.0.1', () => {
				const address = server.address() as net.AddressInfo;
				server.close(() => resolve(address.port));
			});
		});
	if (preferred) {
		const port = await tryPort(preferred);
		if (port) return port;
	}
	const port = await tryPort(0);
	if (!port) throw new Error('no free loopback port');
	return port;
}
