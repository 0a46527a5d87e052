/** A WHERE clause built from optional conditions, with positional parameters in order. */
export class Where {
  private readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  /** Adds `clause` (with `?` placeholders) when every value is defined. */
  add(clause: string, ...values: unknown[]): this {
    if (values.some((v) => v === undefined)) return this;
    this.clauses.push(clause);
    this.params.push(...values);
    return this;
  }

  when(condition: boolean | undefined, clause: string): this {
    if (condition) this.clauses.push(clause);
    return this;
  }

  toString(): string {
    return this.clauses.length === 0 ? '1' : this.clauses.join(' AND ');
  }
}
