import type { LiveNotificationEvent } from '@bcp/contract';

/** Wait before reconnecting after the stream ended or failed (ms); doubled up to a minute on repeated failures. */
const RECONNECT_DELAY_MS = 3_000;
const MAX_RECONNECT_DELAY_MS = 60_000;

/** One parsed Server-Sent Event. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Splits an SSE text buffer into complete events (blank-line separated; `event`, `data`, `id`
 * fields; comment lines skipped). Returns the events and the unfinished rest of the buffer.
 */
export function parseServerSentEvents(buffer: string): { events: ServerSentEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: ServerSentEvent[] = [];
  for (const block of blocks) {
    const event: ServerSentEvent = { event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event.event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') event.id = value;
    }
    if (data.length > 0) events.push({ ...event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * Listens to `GET /api/app/firebase/live` (Server-Sent Events, read with `fetch` because
 * `EventSource` cannot send the bearer token) while the page is visible, calling `onNotification`
 * for each new notification. Reconnects after the stream ends or fails, sending `Last-Event-ID` so
 * nothing is missed; waits longer after repeated failures (e.g. 401 after the session ended).
 * @returns the function that stops listening
 */
export function listenForNotifications(options: {
  /** The app's base path, e.g. `/` or `/portal/`. */
  baseUrl: string;
  getToken: () => string | null;
  onNotification: (notification: LiveNotificationEvent) => void;
}): () => void {
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastEventId: string | undefined;
  let failures = 0;
  let stopped = false;

  async function read(signal: AbortSignal): Promise<void> {
    const token = options.getToken();
    if (!token) throw new Error('signed out');
    const response = await fetch(`${options.baseUrl}api/app/firebase/live`, {
      headers: {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
        ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
      },
      signal,
    });
    if (!response.ok || !response.body) throw new Error(`live updates answered ${response.status}`);
    failures = 0;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const parsed = parseServerSentEvents(buffer + value);
      buffer = parsed.rest;
      for (const event of parsed.events) {
        if (event.id) lastEventId = event.id;
        if (event.event !== 'notification') continue;
        try {
          options.onNotification(JSON.parse(event.data) as LiveNotificationEvent);
        } catch {
          // An unreadable event is skipped; the list and total are read from the server anyway.
        }
      }
    }
  }

  function open() {
    if (stopped || controller || document.visibilityState !== 'visible') return;
    const current = new AbortController();
    controller = current;
    read(current.signal)
      .catch(() => {
        failures += 1;
      })
      .finally(() => {
        if (controller !== current) return;
        controller = undefined;
        const delay = Math.min(RECONNECT_DELAY_MS * 2 ** Math.max(0, failures - 1), MAX_RECONNECT_DELAY_MS);
        timer = setTimeout(open, delay);
      });
  }

  function close() {
    clearTimeout(timer);
    const current = controller;
    controller = undefined;
    current?.abort();
  }

  const onVisibility = () => (document.visibilityState === 'visible' ? open() : close());
  document.addEventListener('visibilitychange', onVisibility);
  open();
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onVisibility);
    close();
  };
}
