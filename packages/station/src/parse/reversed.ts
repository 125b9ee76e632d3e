import { type FrameParser, type ParserSink, type WeightUnit, joinPending, normalizeDecimal, toHex } from './frame.js';

const EQ = 0x3d;
const MAX_FRAME = 32;

export interface EqualsOptions {
  /** The indicator sends its digits reversed after "=" ("=00.5100" is 15.00). Never guessed. */
  reversed: boolean;
  unit?: WeightUnit;
}

/**
 * Frames that start with "=": a frame ends where the next "=" (or a CR/LF) begins, so the last one
 * of a stream is given at end().
 */
export function equalsParser(sink: ParserSink, options: EqualsOptions): FrameParser {
  const unit = options.unit ?? 'kg';
  let pending: Uint8Array | null = null;
  return {
    push(chunk) {
      const bytes = joinPending(pending, chunk);
      const n = bytes.length;
      let i = 0;
      while (i < n && bytes[i] !== EQ) i++;
      while (i < n) {
        let j = i + 1;
        while (j < n && bytes[j] !== EQ && bytes[j] !== 0x0d && bytes[j] !== 0x0a) j++;
        if (j === n) {
          if (n - i > MAX_FRAME) {
            sink.bad(toHex(bytes, i, i + MAX_FRAME), 'no frame end');
            i = n;
          }
          break;
        }
        if (j > i + 1) decode(bytes, i, j);
        i = j;
        while (i < n && bytes[i] !== EQ) i++;
      }
      pending = i < n ? bytes.slice(i) : null;
    },
    end() {
      if (pending !== null && pending.length > 1) decode(pending, 0, pending.length);
      pending = null;
    },
  };

  function decode(bytes: Uint8Array, start: number, end: number): void {
    let body = '';
    for (let k = start + 1; k < end; k++) body += String.fromCharCode(bytes[k]);
    const text = options.reversed ? [...body.trim()].reverse().join('') : body;
    const weight = normalizeDecimal(text);
    const raw = toHex(bytes, start, end);
    if (weight === null) sink.bad(raw, 'not a number');
    else sink.frame({ weight, unit, raw });
  }
}
