// Types of preflight.mjs (plain JavaScript: it runs before the TypeScript of npm start can be loaded).

/** Whether `npm run serve` works as things stand, or needs the same fix as npm start. */
export type ServeState = 'works' | 'same-fix';

/** What a failed step of npm start tells the user. */
export interface FailureText {
  /** What is missing or went wrong: one sentence, ending with a full stop. */
  what: string;
  /** How to fix it. */
  fix: string;
  serve: ServeState;
}

export function formatFailure(text: FailureText): string;
export function dependenciesProblem(root: string): string | undefined;
export function nodeVersionProblem(version: string, range: string): string | undefined;
export function satisfies(version: string, range: string): boolean;
