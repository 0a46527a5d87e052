import type { OperationInput } from '../../../../shared/contract/operations.ts';
import type { Fault } from '../../../../shared/domain/faults.ts';

/*
 * The add-a-fault form's values as typed, and the faults.add input they make. An empty number
 * field is left out (no status, no count: until removed); a latency with an empty or equal
 * maximum is a fixed one. A storage_down fault is not tied to a route: method and path go out.
 */

export const FAULT_FIELDS = ['method', 'path', 'status', 'latency_ms', 'drop', 'storage_down', 'probability', 'count'] as const;

export interface FaultDraft {
  method: string;
  path: string;
  status: number | string;
  latencyMin: number | string;
  latencyMax: number | string;
  drop: boolean;
  storageDown: boolean;
  probability: number | string;
  count: number | string;
}

export const EMPTY_DRAFT: FaultDraft = {
  method: 'GET',
  path: '/sales/list/*',
  status: 503,
  latencyMin: '',
  latencyMax: '',
  drop: false,
  storageDown: false,
  probability: 1,
  count: '',
};

const given = (value: number | string): value is number => value !== '' && Number.isFinite(Number(value));

export function inputOf(companyId: number, draft: FaultDraft): OperationInput<'faults.add'> {
  const input: OperationInput<'faults.add'> = { company_id: companyId };
  if (draft.storageDown) input.storage_down = true;
  else {
    input.method = draft.method as NonNullable<OperationInput<'faults.add'>['method']>;
    input.path = draft.path;
    if (given(draft.status)) input.status = Number(draft.status);
    if (given(draft.latencyMin)) {
      const min = Number(draft.latencyMin);
      const max = given(draft.latencyMax) ? Number(draft.latencyMax) : min;
      input.latency_ms = max === min ? min : { min, max };
    }
    if (draft.drop) input.drop = true;
  }
  if (given(draft.probability)) input.probability = Number(draft.probability);
  if (given(draft.count)) input.count = Number(draft.count);
  return input;
}

/** What a fault does, in parts for badges: ['latency 100–500 ms', '503'] ... */
export function effectsOf(fault: Fault): Array<{ kind: 'latency' | 'status' | 'drop' | 'storage'; value: string }> {
  const effects: Array<{ kind: 'latency' | 'status' | 'drop' | 'storage'; value: string }> = [];
  if (fault.storage_down) effects.push({ kind: 'storage', value: '' });
  if (fault.latency_ms !== null) {
    const value = typeof fault.latency_ms === 'number' ? String(fault.latency_ms) : `${fault.latency_ms.min}–${fault.latency_ms.max}`;
    effects.push({ kind: 'latency', value });
  }
  if (fault.drop) effects.push({ kind: 'drop', value: '' });
  if (fault.status !== null) effects.push({ kind: 'status', value: String(fault.status) });
  return effects;
}
