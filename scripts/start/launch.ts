// A child process on this terminal until it exits: the build, then Electron. The launcher stays
// as its parent (npm waits on it): it passes SIGINT and SIGTERM on, and returns the child's exit
// code, as node_modules/electron/cli.js does.
import { spawn } from 'node:child_process';
import { signalExitCode } from './failure.ts';

const FORWARDED: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/**
 * Runs `command` with `args`, stdio inherited; resolves with its exit code (128 + the signal's
 * number when a signal ended it), rejects when it cannot be started (ENOENT, EACCES).
 */
export function runChild(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: 'inherit', windowsHide: false });
    const forward = (signal: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of FORWARDED) process.on(signal, forward);
    const done = () => {
      for (const signal of FORWARDED) process.off(signal, forward);
    };
    child.once('error', (error) => {
      done();
      reject(error);
    });
    child.once('close', (code, signal) => {
      done();
      resolve(code ?? (signal ? signalExitCode(signal) : 1));
    });
  });
}

/**
 * The environment Electron gets: this one without ELECTRON_RUN_AS_NODE, which some tools leave
 * set (an editor's terminal, a script run by an Electron app) and which would make Electron a
 * plain Node that cannot open a window.
 */
export function electronEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...rest } = env;
  return rest;
}
