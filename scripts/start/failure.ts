// The one way a step of npm start stops: a message for the user (preflight.mjs formats it), never
// a stack trace.
import { constants } from 'node:os';
import { formatFailure, type FailureText } from './preflight.mjs';

/** A step that cannot be done: what is missing, how to fix it. main.ts prints it and exits 1. */
export class StartFailure extends Error {
  readonly text: FailureText;
  /** The exit code: 1, or 128 + the signal's number when the user interrupted. */
  readonly exitCode: number;

  constructor(text: FailureText, exitCode = 1) {
    super(text.what);
    this.name = 'StartFailure';
    this.text = text;
    this.exitCode = exitCode;
  }

  /** The message as printed. */
  format(): string {
    return formatFailure(this.text);
  }
}

/** The shell's exit code for a process ended by `signal` (SIGINT 130, SIGTERM 143). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 0);
}

/**
 * An error no step expected (a bug, a full disk...): said in a sentence like the others. The
 * stack stays out of it; ERP_START_DEBUG=1 prints it for whoever reports the bug.
 */
export function unexpectedFailure(step: string, error: unknown): StartFailure {
  const detail = error instanceof Error ? error.message : String(error);
  if (process.env.ERP_START_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  return new StartFailure({
    what: `${step} failed: ${detail}`,
    fix: 'Run `npm start` again; if it fails the same way, report it with this message (ERP_START_DEBUG=1 npm start prints the details).',
    serve: 'works',
  });
}
