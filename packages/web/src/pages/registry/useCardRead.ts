import { useCallback, useEffect, useRef, useState } from 'react';
import { readCard, CardReaderError } from '@/platform/card-reader/bridge-client';
import type { CardRead } from '@/platform/card-reader/bridge-protocol';

export type CardReadState = { status: 'reading' } | { status: 'read'; card: CardRead } | { status: 'failed'; message: string };

/** Reads the card on the reader when the dialog opens, and again on demand; says why when it cannot. */
export function useCardRead(): { state: CardReadState; again(): void } {
  const [state, setState] = useState<CardReadState>({ status: 'reading' });
  const live = useRef(true);
  const read = useCallback(() => {
    setState({ status: 'reading' });
    readCard().then(
      (card) => live.current && setState({ status: 'read', card }),
      (err: unknown) => live.current && setState({ status: 'failed', message: err instanceof CardReaderError ? err.message : String(err) }),
    );
  }, []);
  useEffect(() => {
    live.current = true;
    read();
    return () => {
      live.current = false;
    };
  }, [read]);
  return { state, again: read };
}
