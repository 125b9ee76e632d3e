import { type FrameParser, joinPending, toHex } from './frame.js';

/** The longest line a text indicator sends; anything longer is noise and is dropped. */
export const MAX_LINE = 256;

/**
 * Splits a byte stream into lines ended by CR, LF or CR LF. Empty lines are skipped; a run of
 * bytes longer than MAX_LINE without an end is reported as bad and dropped.
 */
export function lineParser(
  onLine: (text: string, raw: string) => void,
  onBad: (raw: string, reason: string) => void,
): FrameParser {
  let pending: Uint8Array | null = null;
  return {
    push(chunk) {
      const bytes = joinPending(pending, chunk);
      const n = bytes.length;
      let start = 0;
      for (let i = 0; i < n; i++) {
        const b = bytes[i];
        if (b !== 0x0d && b !== 0x0a) continue;
        if (i > start) emit(bytes, start, i);
        start = i + 1;
      }
      if (n - start > MAX_LINE) {
        onBad(toHex(bytes, start, Math.min(n, start + 64)), 'no line end');
        start = n;
      }
      pending = start < n ? bytes.slice(start) : null;
    },
    end() {
      if (pending !== null && pending.length > 0) emit(pending, 0, pending.length);
      pending = null;
    },
  };

  function emit(bytes: Uint8Array, start: number, end: number): void {
    let text = '';
    for (let i = start; i < end; i++) text += String.fromCharCode(bytes[i]);
    onLine(text, toHex(bytes, start, end));
  }
}
