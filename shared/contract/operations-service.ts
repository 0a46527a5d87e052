import Type from 'typebox';
import { ServiceSettings, ServiceSettingsPatch } from '../domain/settings.ts';
import { op, Empty } from './operation-def.ts';

/** The service itself: whether it runs, and where it listens. */
export const serviceOperations = {
  'service.health': op({
    summary: 'Liveness and version; the one call that needs no admin token (probes, `erp-workbench wait`)',
    input: Empty,
    output: Type.Object({ status: Type.Literal('ok'), version: Type.String(), api_version: Type.String() }),
    http: { method: 'GET', path: '/health' },
  }),
  'service.info': op({
    summary: 'Where the service listens: the REST base URL (add the company id) and the control API URL',
    input: Empty,
    output: Type.Object({ rest_base_url: Type.String(), control_base_url: Type.String() }),
    http: { method: 'GET', path: '/info' },
  }),
};

/**
 * The service-wide settings. A map of its own because the operations map lists them after the
 * accounts (shared/contract/operations.ts keeps the order the control API and IPC derive from).
 */
export const serviceSettingOperations = {
  'settings.get': op({
    summary: 'Service-wide settings',
    input: Empty,
    output: ServiceSettings,
    http: { method: 'GET', path: '/settings' },
    reads: ['service_settings'],
  }),
  'settings.update': op({
    summary: 'Change service-wide settings; answers all settings',
    input: ServiceSettingsPatch,
    output: ServiceSettings,
    http: { method: 'PATCH', path: '/settings' },
  }),
};
