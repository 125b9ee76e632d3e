/**
 * Reads a text/event-stream opened with fetch: each event's data as JSON, with the time it
 * arrived. The tests and the latency bench read the scale streams with it, as the web page does.
 */
export class SseReader<E> {
  readonly events: { at: number; event: E }[] = [];
  private readonly controller = new AbortController();
  status = 0;

  static async open<E>(url: string, authorization: string): Promise<SseReader<E>> {
    const s = new SseReader<E>();
    const res = await fetch(url, { headers: { authorization }, signal: s.controller.signal });
    s.status = res.status;
    if (res.ok && res.body) void s.read(res.body);
    return s;
  }

  /** Called with each event as it arrives (the bench's clock). */
  onEvent: ((event: E, at: number) => void) | null = null;

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue;
          const at = performance.now();
          const event = JSON.parse(data.slice(6)) as E;
          this.events.push({ at, event });
          this.onEvent?.(event, at);
        }
      }
    } catch {
      // aborted by close()
    }
  }

  async next(test: (e: E) => boolean, timeoutMs = 3000): Promise<E> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((r) => test(r.event));
      if (found) return found.event;
      if (Date.now() > until) throw new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(this.events.map((r) => r.event))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  close(): void {
    this.controller.abort();
  }
}
