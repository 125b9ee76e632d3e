import { CARD_READER_BRIDGE_URL } from '@wb/protocol';

/**
 * The card-reader bridge on the operator's PC (domain notes: hardware): a local WebSocket service
 * at ws://127.0.0.1:61214 that drives the M1 reader. One JSON message per request,
 * `{ serviceid, blocks }`, answered by one message with the same serviceid:
 *
 *   { serviceid: 'ReadCard',  blocks: [4, 5] }                 -> { serviceid, success, uid, blocks: { '4': text, ... } }
 *   { serviceid: 'WriteCard', blocks: { '4': text, '5': text } } -> { serviceid, success, uid }
 *
 * A failure answers success false with msg (no card on the reader, a write that did not verify).
 * Pure: building requests and reading answers; the socket is bridge-client.ts.
 */
export const BRIDGE_URL = CARD_READER_BRIDGE_URL;
/** How long a reader has to answer: a card laid on the reader answers within a second. */
export const BRIDGE_TIMEOUT_MS = 5000;

export const CARD_READER_MESSAGES = {
  notConnected: '未连接读卡器：请确认读卡服务已启动',
  timeout: '读卡器无响应：请将IC卡放在读卡器上后重试',
  badAnswer: '读卡服务返回的数据无法识别',
  noCard: '未读到IC卡：请将IC卡放在读卡器上',
} as const;

/** The blocks a registry's card carries: its number and the truck's plate (sector 1). */
export const REGISTRY_BLOCKS = [4, 5] as const;

export type BridgeRequest =
  | { serviceid: 'ReadCard'; blocks: number[] }
  | { serviceid: 'WriteCard'; blocks: Record<string, string> };

export interface CardRead {
  uid: string;
  blocks: Record<string, string>;
}

export const readRequest = (blocks: readonly number[] = REGISTRY_BLOCKS): BridgeRequest => ({ serviceid: 'ReadCard', blocks: [...blocks] });

export function writeRequest(texts: readonly string[], first: number = REGISTRY_BLOCKS[0]): BridgeRequest {
  return { serviceid: 'WriteCard', blocks: Object.fromEntries(texts.map((t, i) => [String(first + i), t])) };
}

export type BridgeAnswer = { ok: true; card: CardRead } | { ok: false; message: string };

const UID = /^[0-9A-Fa-f]{8}([0-9A-Fa-f]{6})?$/;

/** An answer to the request sent; null when the message is for another request (ignored). */
export function readAnswer(request: BridgeRequest, text: string): BridgeAnswer | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: CARD_READER_MESSAGES.badAnswer };
  }
  if (!data || typeof data !== 'object') return { ok: false, message: CARD_READER_MESSAGES.badAnswer };
  const a = data as { serviceid?: unknown; success?: unknown; msg?: unknown; uid?: unknown; blocks?: unknown };
  if (a.serviceid !== request.serviceid) return null;
  if (a.success !== true) return { ok: false, message: typeof a.msg === 'string' && a.msg ? a.msg : CARD_READER_MESSAGES.noCard };
  if (typeof a.uid !== 'string' || !UID.test(a.uid)) return { ok: false, message: CARD_READER_MESSAGES.badAnswer };
  const blocks = a.blocks && typeof a.blocks === 'object' ? Object.fromEntries(Object.entries(a.blocks).map(([k, v]) => [k, String(v)])) : {};
  return { ok: true, card: { uid: a.uid.toUpperCase(), blocks } };
}
