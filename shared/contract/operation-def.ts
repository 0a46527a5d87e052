import Type, { type TSchema } from 'typebox';

export interface OperationDef<I extends TSchema = TSchema, O extends TSchema = TSchema> {
  readonly summary: string;
  readonly input: I;
  readonly output: O;
  /** Where the control API serves it. Path parameters are input fields of the same name. */
  readonly http: {
    readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    readonly path: string;
    readonly status?: 200 | 201;
    /** Largest JSON body the control API accepts for it, when above the service's body limit (a file in base64). */
    readonly bodyLimit?: number;
    /**
     * The answer is a file ({ file_name, content_type, content_base64 }): a control API caller
     * sending `Accept: <its content type>` gets the bytes themselves, as a download.
     */
    readonly file?: true;
  };
  /**
   * What the operation changes that no statement shows, named in its `data.changed` besides the
   * tables its statements wrote (those are measured as it runs: electron/core/announce-writes.ts):
   * files, state kept in memory, or '*' (every screen). Only where the measure cannot see it.
   */
  readonly unmeasuredChanges?: readonly string[];
  /**
   * Tables the operation reads: the renderer reads it again when `data.changed` names one of
   * them (or '*'). A write operation leaves it out.
   */
  readonly reads?: readonly string[];
  /**
   * A read of one record: the table of that record and the input field holding its id. When a
   * `data.changed` names the ids written to that table (`records`), only the reads of those ids
   * are refreshed.
   */
  readonly record?: { readonly table: string; readonly input: string };
}

export const op = <I extends TSchema, O extends TSchema>(def: OperationDef<I, O>): OperationDef<I, O> => def;

/**
 * Whether an operation writes: neither a GET nor a read the renderer refreshes (`reads`; a
 * preview that runs an action and rolls it back is one). `invoke` announces what a write wrote.
 */
export const isWriteOperation = (def: Pick<OperationDef, 'http' | 'reads'>): boolean => def.http.method !== 'GET' && def.reads === undefined;

export const CompanyId = Type.Integer({ minimum: 1, description: 'account id' });
export const Empty = Type.Object({}, { additionalProperties: false });
