import { type Frame, type FrameParser, type ParserSink, type WeightUnit, joinPending, placeDecimals, toHex } from './frame.js';

// Mettler-Toledo continuous output: STX SWA SWB SWC, 6 weight digits, 6 tare digits, CR [checksum].
const STX = 0x02;
const CR = 0x0d;
const BODY = 17; // STX .. CR

export interface ToledoOptions {
  /** The indicator appends the checksum byte after CR (a per-port setting of the indicator). */
  checksum?: boolean;
  /**
   * SWB bit 4 says only kg or lb: an indicator that displays tonnes sets the kg bit, and the port's
   * unit (t) says what its digits are.
   */
  unit?: WeightUnit;
}

/** SWA bits 0-2: 0 and 1 multiply by 100 and 10, 2 = no decimals, 3 = one ... 7 = five. */
function decimalsOf(swa: number): number {
  return (swa & 0x07) - 2;
}

function digitsOf(bytes: Uint8Array, at: number): string | null {
  let s = '';
  for (let i = at; i < at + 6; i++) {
    const b = bytes[i];
    if (b >= 0x30 && b <= 0x39) s += String.fromCharCode(b);
    else if (b === 0x20) s += '0'; // blanked leading digits
    else return null;
  }
  return s;
}

/** Checksum: the two's complement of the low 7 bits of the sum of STX .. CR. */
export function toledoChecksum(bytes: Uint8Array, start: number): number {
  let sum = 0;
  for (let i = start; i < start + BODY; i++) sum += bytes[i];
  return -sum & 0x7f;
}

function scale(digits: string, decimals: number, negative: boolean): string {
  // codes 0 and 1: the display counts in hundreds or tens
  if (decimals < 0) return placeDecimals(digits + '0'.repeat(-decimals), 0, negative);
  return placeDecimals(digits, decimals, negative);
}

export function decodeToledo(bytes: Uint8Array, at: number, length: number, kgUnit: WeightUnit = 'kg'): Frame | string {
  const swa = bytes[at + 1];
  const swb = bytes[at + 2];
  if ((swa & 0x20) === 0 || (swb & 0x20) === 0) return 'status bytes without bit 5';
  const weightDigits = digitsOf(bytes, at + 4);
  const tareDigits = digitsOf(bytes, at + 10);
  if (weightDigits === null || tareDigits === null) return 'not digits';
  const decimals = decimalsOf(swa);
  const net = (swb & 0x01) !== 0;
  const negative = (swb & 0x02) !== 0;
  const frame: Frame = {
    weight: scale(weightDigits, decimals, negative),
    unit: (swb & 0x10) !== 0 ? kgUnit : 'lb',
    stable: (swb & 0x08) === 0,
    raw: toHex(bytes, at, at + length),
  };
  if (net) {
    frame.net = frame.weight;
    frame.tare = scale(tareDigits, decimals, false);
  }
  if ((swb & 0x04) !== 0) {
    frame.overRange = true;
    frame.stable = false;
  }
  return frame;
}

export function toledoParser(sink: ParserSink, options: ToledoOptions = {}): FrameParser {
  const length = options.checksum ? BODY + 1 : BODY;
  let pending: Uint8Array | null = null;
  return {
    push(chunk) {
      const bytes = joinPending(pending, chunk);
      let i = 0;
      const n = bytes.length;
      while (i < n) {
        if (bytes[i] !== STX) {
          i++;
          continue;
        }
        if (n - i < length) break;
        if (bytes[i + BODY - 1] !== CR) {
          i++; // a stray STX: look for the next one
          continue;
        }
        if (options.checksum && toledoChecksum(bytes, i) !== bytes[i + BODY]) {
          sink.bad(toHex(bytes, i, i + length), 'checksum');
          i += length;
          continue;
        }
        const decoded = decodeToledo(bytes, i, length, options.unit);
        if (typeof decoded === 'string') sink.bad(toHex(bytes, i, i + length), decoded);
        else sink.frame(decoded);
        i += length;
      }
      pending = i < n ? bytes.slice(i) : null;
    },
    end() {
      pending = null;
    },
  };
}
