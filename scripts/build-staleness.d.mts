// Types of build-staleness.mjs (plain JavaScript: npm run serve runs it before anything is compiled).

export type PartName = 'renderer' | 'server' | 'electron' | 'cli';

export interface Part {
  /** Folders (walked) and files, relative to the checkout, the part is built from. */
  inputs: string[];
  /** A file the build of the part writes, relative to the checkout. */
  output: string;
}

export const PARTS: Record<PartName, Part>;
export const STAMP_FILE: string;

export function newestMtime(root: string, inputs: string[], seen?: Map<string, number>): number;
export function readStamps(root: string): Partial<Record<PartName, number>>;
export function writeStamp(root: string, part: PartName, startedAt: number): void;
export function isStale(facts: { stamp: number | undefined; newestSource: number; outputExists: boolean }): boolean;
export function staleParts(root: string, names: PartName[]): PartName[];
