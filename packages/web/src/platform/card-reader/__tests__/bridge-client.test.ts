import { describe, expect, it } from 'vitest';
import { askBridge, CardReaderError } from '../bridge-client';
import { CARD_READER_MESSAGES, readRequest } from '../bridge-protocol';

describe('the card-reader bridge client', () => {
  it('says clearly that no reader answers when nothing listens, within its timeout', async () => {
    const started = Date.now();
    const failure = await askBridge(readRequest(), { url: 'ws://127.0.0.1:9', timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CardReaderError);
    expect((failure as Error).message).toBe(CARD_READER_MESSAGES.notConnected);
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
