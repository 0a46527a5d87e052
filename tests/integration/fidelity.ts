import { afterAll, beforeAll, expect } from 'vitest';
import type { DriftReport, ProxySettings, ProxySettingsPatch, Recording } from '../../shared/domain/fidelity.ts';
import { FIDELITY_NOW, startStandIn, type StandIn } from '../support/stand-in.ts';
import { basicAuth, startHarness, type Answer, type Harness } from './harness.ts';

/**
 * The world of the fidelity tests: a twin (a real core and listener in this process, the demo
 * seed, the fixed clock) and the stand-in upstream (a second process, seeded the same way, that
 * differs in five known ways: tests/support/stand-in.ts), both on 127.0.0.1.
 */
export interface FidelityWorld {
  twin: Harness;
  standIn: StandIn;
  /** The twin's own API user of account 1 (unknown to the stand-in, which takes anyone). */
  twinUser: [string, string];
}

/** A partner's credentials on the real service: the twin does not know this user. */
export const REAL_USER = 'partner.integration';
export const REAL_PASSWORD = 'Real-Secret-pa55word-7Qx9';
export const REAL_AUTH = basicAuth(REAL_USER, REAL_PASSWORD);

/** Starts the twin and the stand-in in beforeAll (in parallel) and stops both in afterAll. */
export function useFidelity(): FidelityWorld {
  const world: Partial<FidelityWorld> = {};
  beforeAll(async () => {
    const [twin, standIn] = await Promise.all([startHarness({ clock: { now: () => new Date(FIDELITY_NOW) } }), startStandIn()]);
    Object.assign(world, { twin, standIn });
    world.twinUser = await twin.apiUser();
  }, 90_000);
  afterAll(async () => {
    await Promise.all([world.twin?.close(), world.standIn?.close()]);
  });
  return world as FidelityWorld;
}

/** What a REST caller gets: status, content type and the body's exact bytes. */
export interface RawAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** A REST call to the twin (`path` below /app/rest/v1, with the company id) that keeps the body's bytes. */
export async function restRaw(twin: Harness, method: string, path: string, authorization: string, body?: string): Promise<RawAnswer> {
  const response = await fetch(`${twin.url}/app/rest/v1${path}`, {
    method,
    headers: { authorization, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body }),
  });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: Buffer.from(await response.arrayBuffer()) };
}

/** The JSON envelope of a raw answer. */
export function envelopeOf(answer: RawAnswer): { is_error: boolean; http_code: number; data: unknown; messages: string[]; your_user?: string } {
  return JSON.parse(answer.body.toString('utf8')) as { is_error: boolean; http_code: number; data: unknown; messages: string[] };
}

/** proxy.update of account 1; fails the test unless accepted. */
export async function setProxy(twin: Harness, patch: ProxySettingsPatch): Promise<ProxySettings> {
  const answer = await twin.control<ProxySettings>('PATCH', '/accounts/1/proxy', patch);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

export const proxyUpdate = (twin: Harness, patch: Record<string, unknown>): Promise<Answer<ProxySettings>> => twin.control<ProxySettings>('PATCH', '/accounts/1/proxy', patch);

export async function driftReport(twin: Harness): Promise<DriftReport> {
  const answer = await twin.control<DriftReport>('GET', '/accounts/1/drift');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

export async function recordings(twin: Harness): Promise<Recording[]> {
  const answer = await twin.control<Recording[]>('GET', '/accounts/1/recordings');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/** A port nothing listens on (bound, read, closed again): an upstream that is down. */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
