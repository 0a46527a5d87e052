import { join } from 'node:path';
import {
  createDriftStore,
  createProxySettings,
  createRecorder,
  forwardToUpstream,
  type Answer,
  type ComparedCall,
  type Exchange,
  type ForwardedRequest,
} from '../domains/fidelity/index.ts';
import type { ProxySettings, RecordingMode } from '../../../shared/domain/fidelity.ts';
import type { Storage } from './storage.ts';

/** The twin's answer to a REST request of an account, made by the REST door without credentials (a shadow call). */
export type TwinDoor = (companyId: number, request: { method: string; pathBelowAccount: string; query: string }) => Promise<Answer>;

/** Where the recordings of every account are kept, under the data folder. */
export const RECORDINGS_FOLDER = 'recordings';

/**
 * Fidelity (docs/fidelity.md): each account's proxy mode, the recordings of its forwarded calls,
 * the shadow comparisons of its forwarded GETs and the drift report made of them, and the
 * offline comparison of a HAR. The REST door forwards and asks the twin (server/public/proxy.ts);
 * `rest` is what it calls (the operations: electron/core/operations/fidelity.ts).
 */
export function assembleFidelity(storage: Storage, dataDir: string) {
  const { db, clock, settings, events } = storage;
  // The REST door answers the twin's side of a comparison; set when a listener exists (setTwinDoor).
  let twinDoor: TwinDoor | undefined;
  const allowPrivate = () => settings.get().outbound_allow_private;
  const proxy = createProxySettings(db, clock, { allowPrivate });
  const drift = createDriftStore(db, clock);
  const recordingsDir = join(dataDir, RECORDINGS_FOLDER);
  const recorder = createRecorder({ dir: recordingsDir, clock });

  return {
    proxy,
    drift,
    recordingsDir,
    /** The REST door's answer to a request, once a listener runs (setTwinDoor). */
    twinDoor: (): TwinDoor | undefined => twinDoor,
    /** What the REST door's proxy (server/public/proxy.ts) calls. */
    rest: {
      proxy,
      forward: (upstream: ProxySettings & { upstream_url: string }, request: ForwardedRequest) =>
        forwardToUpstream(upstream, request, { allowPrivate: allowPrivate(), now: () => clock.now() }),
      record(companyId: number, mode: Exclude<RecordingMode, 'off'>, exchange: Exchange): void {
        recorder.record(companyId, mode, exchange);
        events.emit('data.changed', { company_id: companyId, tables: ['recordings'] });
      },
      compare(companyId: number, call: ComparedCall): void {
        drift.record(companyId, call);
        events.emit('data.changed', { company_id: companyId, tables: ['fidelity_routes'] });
      },
      /** The REST door's in-process answer to a request (the listener sets it when it starts). */
      setTwinDoor(door: TwinDoor): void {
        twinDoor = door;
      },
    },
    /** Rows the shadow comparisons wrote: no REST answer is made of them (createDataVersion). */
    ownChanges: () => drift.ownChanges(),
    close: () => recorder.close(),
  };
}
export type FidelityArea = ReturnType<typeof assembleFidelity>;
