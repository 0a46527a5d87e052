import { OperationError } from '../../../shared/contract/errors.ts';
import type { fidelityOperations } from '../../../shared/contract/operations-fidelity.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import { formatTimestamp, type Clock } from '../time.ts';
import {
  compareHar,
  listRecordings,
  parseHar,
  readRecording,
  type Answer,
  type DriftStore,
  type ProxySettingsStore,
  type TwinRequest,
} from '../domains/fidelity/index.ts';

export interface FidelityHandlerDeps {
  proxy: Pick<ProxySettingsStore, 'get' | 'update'>;
  drift: Pick<DriftStore, 'report' | 'clear'>;
  /** Where the recordings of every account are kept. */
  recordingsDir: string;
  clock: Clock;
  /** The REST door's in-process answer to a request of an account; undefined while no listener runs. */
  twinDoor(): ((companyId: number, request: TwinRequest) => Promise<Answer>) | undefined;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
}

/**
 * Fidelity (shared/contract/operations-fidelity.ts, docs/fidelity.md): an account's proxy mode,
 * its drift report, the offline comparison of a HAR, its recordings.
 */
export function createFidelityHandlers(deps: FidelityHandlerDeps): HandlersOf<keyof typeof fidelityOperations> {
  const { proxy, drift, recordingsDir, requireAccount } = deps;
  return {
    'proxy.get': ({ company_id }) => {
      requireAccount(company_id);
      return proxy.get(company_id);
    },
    'proxy.update': ({ company_id, ...patch }) => {
      requireAccount(company_id);
      return proxy.update(company_id, patch);
    },
    'drift.report': ({ company_id }) => {
      requireAccount(company_id);
      return drift.report(company_id);
    },
    'drift.clear': ({ company_id }) => {
      requireAccount(company_id);
      return { cleared_routes: drift.clear(company_id) };
    },
    'drift.compareHar': async ({ company_id, har }) => {
      requireAccount(company_id);
      const document = parseHar(har, 'har');
      const door = deps.twinDoor();
      if (!door) throw new OperationError(503, 'drift: the REST listener is not running, so the twin cannot answer the recorded requests');
      return compareHar(company_id, document, (request) => door(company_id, request), formatTimestamp(deps.clock.now()));
    },
    'recordings.list': ({ company_id }) => {
      requireAccount(company_id);
      return listRecordings(recordingsDir, company_id);
    },
    'recordings.get': ({ company_id, file_name }) => {
      requireAccount(company_id);
      const bytes = readRecording(recordingsDir, company_id, file_name);
      return { file_name, content_type: 'application/json' as const, content_base64: bytes.toString('base64') };
    },
  };
}
