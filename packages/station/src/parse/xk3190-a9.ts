import { type FrameParser, type ParserSink, type WeightUnit, joinPending, placeDecimals, toHex } from './frame.js';

// Yaohua XK3190-A9 (and Keli D2008 and others): STX, sign, 6 digits, decimals (0-4), 2 check chars, ETX.
const STX = 0x02;
const ETX = 0x03;
const LENGTH = 12;

/** A check character: hex (either case), or the nibble + 0x30 form some compatibles send (':'..'?'). */
function nibble(b: number): number {
  if (b >= 0x30 && b <= 0x3f) return b - 0x30;
  if (b >= 0x41 && b <= 0x46) return b - 0x37;
  if (b >= 0x61 && b <= 0x66) return b - 0x57;
  return -1;
}

export function xk3190a9Parser(sink: ParserSink, options: { unit?: WeightUnit } = {}): FrameParser {
  const unit = options.unit ?? 'kg';
  let pending: Uint8Array | null = null;
  return {
    push(chunk) {
      const bytes = joinPending(pending, chunk);
      const n = bytes.length;
      let i = 0;
      while (i < n) {
        if (bytes[i] !== STX) {
          i++;
          continue;
        }
        if (n - i < LENGTH) break;
        if (bytes[i + LENGTH - 1] !== ETX) {
          i++;
          continue;
        }
        const reason = check(bytes, i);
        if (reason !== null) {
          sink.bad(toHex(bytes, i, i + LENGTH), reason);
        } else {
          let digits = '';
          for (let k = i + 2; k < i + 8; k++) digits += String.fromCharCode(bytes[k]);
          sink.frame({
            weight: placeDecimals(digits, bytes[i + 8] - 0x30, bytes[i + 1] === 0x2d),
            unit,
            raw: toHex(bytes, i, i + LENGTH),
          });
        }
        i += LENGTH;
      }
      pending = i < n ? bytes.slice(i) : null;
    },
    end() {
      pending = null;
    },
  };
}

function check(bytes: Uint8Array, at: number): string | null {
  const sign = bytes[at + 1];
  if (sign !== 0x2b && sign !== 0x2d) return 'sign';
  for (let k = at + 2; k < at + 8; k++) if (bytes[k] < 0x30 || bytes[k] > 0x39) return 'not digits';
  const decimals = bytes[at + 8] - 0x30;
  if (decimals < 0 || decimals > 4) return 'decimals';
  let xor = 0;
  for (let k = at + 1; k <= at + 8; k++) xor ^= bytes[k];
  const hi = nibble(bytes[at + 9]);
  const lo = nibble(bytes[at + 10]);
  if (hi < 0 || lo < 0 || ((hi << 4) | lo) !== xor) return 'checksum';
  return null;
}
