// Compact columns for what the seed keeps of the rows it wrote (products, contacts, sales): at
// scale 1000 those are hundreds of thousands of records, and an object with its own strings per
// record cost more memory than the rest of the seed together.

/** Numbers by index, in a typed array that grows (Int32Array, Float64Array ...). */
export class NumberColumn<A extends Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer> | Uint8Array<ArrayBuffer>> {
  private count = 0;

  constructor(
    private values: A,
    private readonly make: (length: number) => A,
  ) {}

  get length(): number {
    return this.count;
  }

  push(value: number): void {
    if (this.count === this.values.length) {
      const larger = this.make(Math.max(16, this.values.length * 2));
      larger.set(this.values);
      this.values = larger;
    }
    this.values[this.count++] = value;
  }

  get(i: number): number {
    return this.values[i] ?? 0;
  }
}

// `capacity`: the number of values expected (the seed knows its counts), so that the column is
// allocated once rather than copied as it doubles.
export const int32Column = (capacity = 1024): NumberColumn<Int32Array<ArrayBuffer>> =>
  new NumberColumn(new Int32Array(capacity), (n) => new Int32Array(n));
export const float64Column = (capacity = 1024): NumberColumn<Float64Array<ArrayBuffer>> =>
  new NumberColumn(new Float64Array(capacity), (n) => new Float64Array(n));
export const uint8Column = (capacity = 1024): NumberColumn<Uint8Array<ArrayBuffer>> =>
  new NumberColumn(new Uint8Array(capacity), (n) => new Uint8Array(n));

/**
 * Strings by index, kept as UTF-8 bytes in one buffer and the end of each: 150 000 product
 * names cost their characters, outside the JavaScript heap, rather than a string object (and
 * often a concatenation node) each. A read makes the string again (it is garbage soon after).
 */
export class TextColumn {
  private bytes: Buffer;
  private used = 0;
  private readonly ends: NumberColumn<Int32Array<ArrayBuffer>>;

  /** `capacity`: the number of strings to come, of about `bytesEach` bytes (the buffer grows as needed). */
  constructor(capacity = 1024, bytesEach = 16) {
    this.ends = int32Column(capacity);
    this.bytes = Buffer.allocUnsafe(Math.max(1024, Math.ceil(capacity * bytesEach)));
  }

  get length(): number {
    return this.ends.length;
  }

  push(value: string): void {
    const needed = this.used + Buffer.byteLength(value);
    if (needed > this.bytes.length) {
      const larger = Buffer.allocUnsafe(Math.max(needed, 2 * this.bytes.length));
      this.bytes.copy(larger, 0, 0, this.used);
      this.bytes = larger;
    }
    this.used += this.bytes.write(value, this.used);
    this.ends.push(this.used);
  }

  get(i: number): string {
    return this.bytes.toString('utf8', i === 0 ? 0 : this.ends.get(i - 1), this.ends.get(i));
  }
}
