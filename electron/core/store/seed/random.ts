// Deterministic randomness for the seed: a small 32-bit PRNG (sfc32) that gives the same
// sequence on every machine, plus rounding helpers used for document arithmetic.

/** Element i of an array; throws instead of returning undefined (noUncheckedIndexedAccess). */
export function at<T>(arr: readonly T[], i: number): T {
  const v = arr[i];
  if (v === undefined) throw new Error(`seed: index ${i} out of range (length ${arr.length})`);
  return v;
}

/** Money rounding: half away from zero, robust to binary noise such as 1.005. */
import { round2 } from '../../money.ts';
export { round2 };

export function round3(x: number): number {
  const a = Math.abs(x);
  const r = Math.round(a * 1000 + 1e-7 * Math.max(1, a)) / 1000;
  return x < 0 ? -r : r;
}

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    // splitmix32 expands the seed into the four state words
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** Next unsigned 32-bit integer (sfc32). */
  u32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Float in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  money(min: number, max: number): number {
    return round2(this.float(min, max));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(arr: readonly T[]): T {
    return at(arr, Math.floor(this.next() * arr.length));
  }

  /** Index into an array of the given length. */
  index(length: number): number {
    return Math.floor(this.next() * length);
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.u32() % 10);
    return s;
  }

  token(n: number, upper = false): string {
    const alphabet = upper ? UPPER_ALNUM : ALNUM;
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet.charAt(this.u32() % alphabet.length);
    return s;
  }

  /** k distinct indices out of [0, n), in ascending order. */
  sampleIndices(n: number, k: number): number[] {
    const take = Math.min(n, Math.max(0, k));
    const chosen = new Set<number>();
    if (take > n / 2) {
      const all = Array.from({ length: n }, (_, i) => i);
      this.shuffle(all);
      return all.slice(0, take).sort((x, y) => x - y);
    }
    while (chosen.size < take) chosen.add(this.index(n));
    return [...chosen].sort((x, y) => x - y);
  }

  shuffle<T>(arr: T[]): T[] {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = at(arr, i);
      arr[i] = at(arr, j);
      arr[j] = tmp;
    }
    return arr;
  }
}

/** Picks values by weight; the cumulative table is built once. */
export class Weighted<T> {
  private readonly values: T[];
  private readonly cumulative: number[];
  private readonly total: number;

  constructor(entries: readonly (readonly [T, number])[]) {
    this.values = [];
    this.cumulative = [];
    let sum = 0;
    for (const [v, w] of entries) {
      sum += w;
      this.values.push(v);
      this.cumulative.push(sum);
    }
    if (sum <= 0) throw new Error('seed: weighted table without weight');
    this.total = sum;
  }

  pick(rng: Rng): T {
    const x = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (at(this.cumulative, mid) > x) hi = mid;
      else lo = mid + 1;
    }
    return at(this.values, lo);
  }
}

/** Stateless hash of two integers to [0, 1); used where a value must not consume the PRNG. */
export function hash01(a: number, b: number): number {
  let h = Math.imul(a ^ 0x27d4eb2d, 0x165667b1) ^ Math.imul(b + 0x3c6ef372, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca77);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae3d);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
