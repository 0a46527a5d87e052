import type { OperationInput, OperationName, OperationOutput } from '../../shared/contract/operations.ts';

/** The implementation of every operation of the map; each area contributes its part. */
export type OperationHandlers = {
  [K in OperationName]: (input: OperationInput<K>) => OperationOutput<K> | Promise<OperationOutput<K>>;
};

/** The handlers of some operations (an area's part of the map). */
export type HandlersOf<K extends OperationName> = Pick<OperationHandlers, K>;
