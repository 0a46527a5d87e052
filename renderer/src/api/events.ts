import { useEffect, useRef, useState } from 'react';
import { CORE_EVENT_NAMES, type CoreEventName } from '../../../shared/contract/events.ts';
import type { CoreEventMessage } from '../../../shared/contract/ipc.ts';
import { controlToken } from './client.ts';
import { useClientInfo } from './context.tsx';
import { CONTROL_PREFIX } from './transport-http.ts';

type Listener = (event: CoreEventMessage) => void;

const RECONNECT_MS = 2000;
const KNOWN = new Set<string>(CORE_EVENT_NAMES);

/**
 * Splits server-sent-event text into complete frames (`event:` / `data:` lines ended by a blank
 * line); returns the frames' events and the unfinished rest to keep for the next chunk.
 */
export function parseEventStream(text: string): { events: CoreEventMessage[]; rest: string } {
  const frames = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = frames.pop() ?? '';
  const events: CoreEventMessage[] = [];
  for (const frame of frames) {
    let name = '';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (!KNOWN.has(name) || data.length === 0) continue;
    try {
      events.push({ name: name as CoreEventName, payload: JSON.parse(data.join('\n')) } as CoreEventMessage);
    } catch {
      // A frame that is not JSON is not one of ours: skip it.
    }
  }
  return { events, rest };
}

/**
 * The control API's event stream (`GET /_sandbox/events`) read with fetch, since EventSource
 * cannot send the bearer token. Reconnects after a drop until the returned function is called.
 */
function subscribeHttp(companyId: number | undefined, listener: Listener, setLive: (live: boolean) => void): () => void {
  const abort = new AbortController();
  const token = controlToken();
  const path = `${CONTROL_PREFIX}/events${companyId !== undefined ? `?company_id=${companyId}` : ''}`;

  const connect = async (): Promise<void> => {
    const response = await fetch(new URL(path, window.location.origin), {
      headers: { accept: 'text/event-stream', ...(token && { authorization: `Bearer ${token}` }) },
      signal: abort.signal,
    });
    if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
    setLive(true);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const parsed = parseEventStream(buffered + value);
      buffered = parsed.rest;
      for (const event of parsed.events) listener(event);
    }
  };

  const run = async (): Promise<void> => {
    while (!abort.signal.aborted) {
      try {
        await connect();
      } catch {
        // Refused, dropped or aborted: say so, and try again unless we were stopped.
      }
      setLive(false);
      if (abort.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
  };
  void run();
  return () => abort.abort();
}

/**
 * Calls `listener` with every core event while the component is shown: the desktop window's
 * bridge over IPC, the control API's event stream in a browser tab. Returns whether events are
 * arriving now (false while the stream is not connected), so a screen can fall back to less.
 */
export function useCoreEvents(listener: Listener, companyId?: number): boolean {
  const { transport } = useClientInfo();
  const [live, setLive] = useState(false);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });

  useEffect(() => {
    const forward: Listener = (event) => latest.current(event);
    if (transport === 'ipc') {
      if (!window.erp) return undefined;
      setLive(true);
      const off = window.erp.onEvent(forward);
      return () => {
        off();
        setLive(false);
      };
    }
    return subscribeHttp(companyId, forward, setLive);
  }, [transport, companyId]);

  return live;
}
