import type { faultOperations } from '../../../shared/contract/operations-faults.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { Faults } from '../domains/faults/index.ts';

/** The fault switches of an account (shared/contract/operations-faults.ts; docs/control-api.md, "Fault switches"). */
export function createFaultHandlers(deps: { faults: Pick<Faults, 'list' | 'add' | 'remove'> }): HandlersOf<keyof typeof faultOperations> {
  const { faults } = deps;
  return {
    'faults.list': ({ company_id }) => faults.list(company_id),
    'faults.add': ({ company_id, ...input }) => faults.add(company_id, input),
    'faults.delete': ({ company_id, fault_id }) => faults.remove(company_id, fault_id),
  };
}
