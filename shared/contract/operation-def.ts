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
  };
  /** Tables the operation writes: the renderer invalidates queries that read them. */
  readonly changes?: readonly string[];
}

export const op = <I extends TSchema, O extends TSchema>(def: OperationDef<I, O>): OperationDef<I, O> => def;

export const CompanyId = Type.Integer({ minimum: 1, description: 'account id' });
export const Empty = Type.Object({}, { additionalProperties: false });
