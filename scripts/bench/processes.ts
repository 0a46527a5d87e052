/** Child processes of the bench: started, waited for until they say they listen, stopped. */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from './paths.ts';

export interface Running {
  child: ChildProcess;
  /** The measured process (taskset exec's the program: the same pid). */
  pid: number;
  match: RegExpMatchArray;
  stop(): Promise<void>;
}

/**
 * Spawns `command args` and resolves once its stdout matches `ready` (stderr goes to ours). Its
 * stdout keeps being read afterwards: a full pipe would block the server.
 */
export function startReady(command: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = process.env): Promise<Running> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    let started = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (started) return;
      output += chunk.toString();
      const match = output.match(ready);
      if (!match) return;
      started = true;
      output = '';
      resolvePromise({ child, pid: child.pid!, match, stop: () => stop(child) });
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!started) reject(new Error(`${command} ${args.join(' ')} exited (${code ?? signal}) before it was ready:\n${output}`));
      // A server that dies during a run: say how (the runs then fail on its missing /proc entry).
      else if (!stopping.has(child)) console.error(`[bench] ${command} ${args.join(' ')} exited during the bench (${code ?? signal})`);
    });
  });
}

/** Children being stopped on purpose. */
const stopping = new WeakSet<ChildProcess>();

/** SIGTERM, then the exit (SIGKILL after 10 s: a stuck server must not hang the bench). */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    stopping.add(child);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** Runs a program to its end and answers its stdout (stderr goes to ours); rejects on a non-zero exit. */
export function runToEnd(command: string, args: string[]): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolvePromise(output) : reject(new Error(`${args.join(' ')} exited (${code ?? signal}):\n${output.slice(-2000)}`)),
    );
  });
}
