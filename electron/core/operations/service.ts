import type { serviceOperations, serviceSettingOperations } from '../../../shared/contract/operations-service.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { ServiceSettingsStore } from '../domains/settings/index.ts';
import { APP_VERSION, API_VERSION } from '../version.ts';

export interface ServiceHandlerDeps {
  /** http://host:port of the listener. */
  publicUrl(): string;
  settings: Pick<ServiceSettingsStore, 'get' | 'update'>;
}

/**
 * The service itself (shared/contract/operations-service.ts): liveness and version, where it
 * listens, its settings.
 */
export function createServiceHandlers(deps: ServiceHandlerDeps): HandlersOf<keyof typeof serviceOperations | keyof typeof serviceSettingOperations> {
  return {
    'service.health': () => ({ status: 'ok', version: APP_VERSION, api_version: API_VERSION }),
    'service.info': () => ({ rest_base_url: `${deps.publicUrl()}/app/rest/v1/`, control_base_url: `${deps.publicUrl()}/_sandbox/` }),
    'settings.get': () => deps.settings.get(),
    'settings.update': (patch) => deps.settings.update(patch),
  };
}
