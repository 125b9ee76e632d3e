import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindHttp } from '@/platform/api/http';
import { useEventStream } from '../event-stream';

/** The one event-stream reader of the pages (fetch stands in for the server). */
beforeEach(() => {
  bindHttp({
    session: () => ({ accessToken: 't', refreshToken: 'r', orgId: '1', hasUserInfo: true, isAdmin: false, activeMenuId: null }),
    language: () => 'zh', tokensRefreshed: () => {}, signedOut: () => {}, companyLeft: () => {}, failed: () => {},
  });
});
afterEach(() => vi.unstubAllGlobals());

const stream = (text: string) => new Response(new ReadableStream({
  start(c) {
    c.enqueue(new TextEncoder().encode(text));
  },
}), { status: 200, headers: { 'content-type': 'text/event-stream' } });

describe('useEventStream', () => {
  it('hands each named event to its handler with the bearer header sent, and is live', async () => {
    const headers: (string | null)[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      headers.push(new Headers(init.headers).get('authorization'));
      return stream('event: counts\ndata: {"todo":3}\n\n');
    }));
    const seen: unknown[] = [];
    const { result, unmount } = renderHook(() => useEventStream('/api/test/stream', { on: { counts: (e) => seen.push(JSON.parse(e.data)) } }));
    await waitFor(() => expect(result.current).toBe('live'));
    expect(seen).toEqual([{ todo: 3 }]);
    expect(headers[0]).toBe('Bearer t');
    unmount();
  });

  it('a refused stream is final: forbidden, told once, not opened again', async () => {
    const fetchSpy = vi.fn(async () => new Response('', { status: 404 }));
    vi.stubGlobal('fetch', fetchSpy);
    const refused = vi.fn();
    const { result, unmount } = renderHook(() => useEventStream('/api/test/stream', { on: { counts: () => {} }, refusedOn: [403, 404], onRefused: refused, reopenMs: 1 }));
    await waitFor(() => expect(result.current).toBe('forbidden'));
    expect(refused).toHaveBeenCalledWith(404);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('opens nothing without a url', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { result } = renderHook(() => useEventStream(null, { on: {} }));
    expect(result.current).toBe('idle');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
