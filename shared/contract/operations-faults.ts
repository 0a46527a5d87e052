import Type from 'typebox';
import { op, CompanyId } from './operation-def.ts';
import { Fault, NewFault } from '../domain/faults.ts';

/**
 * Fault switches of an account (docs/control-api.md, "Fault switches"): REST calls matched by method and path
 * pattern get an added latency, a forced status (in the envelope) or a dropped connection, or the
 * account's FTP storage refuses; each with a probability and an optional count.
 */
export const faultOperations = {
  'faults.list': op({
    summary: "The account's fault switches, oldest first, with the uses left (remaining) and how often each fired",
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: Type.Array(Fault),
    http: { method: 'GET', path: '/accounts/:company_id/faults' },
    reads: ['sandbox_faults'],
  }),
  'faults.add': op({
    summary:
      'Add a fault: {"method":"GET","path":"/sales/list/*","status":503,"probability":1,"count":2}; status (400-599), ' +
      'latency_ms (200 or {"min":100,"max":500}) and drop combine (the wait comes first); storage_down stands alone',
    input: Type.Object({ company_id: CompanyId, ...NewFault.properties }, { additionalProperties: false }),
    output: Fault,
    http: { method: 'POST', path: '/accounts/:company_id/faults', status: 201 },
  }),
  'faults.delete': op({
    summary: 'Remove a fault; calls it holds in a latency go on at once',
    input: Type.Object({ company_id: CompanyId, fault_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    output: Type.Object({ deleted_id: Type.Integer() }),
    http: { method: 'DELETE', path: '/accounts/:company_id/faults/:fault_id' },
  }),
};
