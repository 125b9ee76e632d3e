import { BRIDGE_TIMEOUT_MS, BRIDGE_URL, CARD_READER_MESSAGES, readAnswer, readRequest, writeRequest, type BridgeRequest, type CardRead } from './bridge-protocol';

/** A refusal of the reader or of the bridge, in words for the operator. */
export class CardReaderError extends Error {}

export interface BridgeOptions {
  url?: string;
  timeoutMs?: number;
}

/**
 * One request to the bridge on its own connection: a connection that fails (no bridge running)
 * or an answer that does not come within the timeout ends in a CardReaderError that says so,
 * never in a hang.
 */
export function askBridge(request: BridgeRequest, opts: BridgeOptions = {}): Promise<CardRead> {
  const url = opts.url ?? BRIDGE_URL;
  return new Promise<CardRead>((resolve, reject) => {
    let settled = false;
    let socket: WebSocket;
    const finish = (err: CardReaderError | null, card?: CardRead) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      try {
        socket.close();
      } catch {
        // already closed
      }
      if (err) reject(err);
      else resolve(card as CardRead);
    };
    const timer = setTimeout(() => finish(new CardReaderError(opened ? CARD_READER_MESSAGES.timeout : CARD_READER_MESSAGES.notConnected)), opts.timeoutMs ?? BRIDGE_TIMEOUT_MS);
    let opened = false;
    try {
      socket = new WebSocket(url);
    } catch {
      finish(new CardReaderError(CARD_READER_MESSAGES.notConnected));
      return;
    }
    socket.onopen = () => {
      opened = true;
      socket.send(JSON.stringify(request));
    };
    socket.onmessage = (event) => {
      const answer = readAnswer(request, String(event.data));
      if (!answer) return;
      if (answer.ok) finish(null, answer.card);
      else finish(new CardReaderError(answer.message));
    };
    socket.onerror = () => finish(new CardReaderError(opened ? CARD_READER_MESSAGES.timeout : CARD_READER_MESSAGES.notConnected));
    socket.onclose = () => finish(new CardReaderError(opened ? CARD_READER_MESSAGES.timeout : CARD_READER_MESSAGES.notConnected));
  });
}

/** Reads the card on the reader: its chip serial and the registry blocks. */
export const readCard = (opts?: BridgeOptions) => askBridge(readRequest(), opts);

/** Writes texts into the registry blocks of the card on the reader. */
export const writeCard = (texts: readonly string[], opts?: BridgeOptions) => askBridge(writeRequest(texts), opts);
