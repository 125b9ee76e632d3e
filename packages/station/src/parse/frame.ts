/** What an indicator frame says, in the indicator's own unit and digits. */
export type WeightUnit = 'kg' | 't' | 'lb' | 'g';

export interface Frame {
  /** Decimal text as the indicator shows it (leading zeros dropped, its decimals kept). */
  weight: string;
  unit: WeightUnit;
  /**
   * The indicator's own judgement (motion bit, or a regex's stable group). Undefined when the frame
   * carries none: stability is then the agent's (stability.ts).
   */
  stable?: boolean;
  net?: string;
  tare?: string;
  /** The frame's bytes, hex. */
  raw: string;
  /** The indicator says it is beyond its range (Toledo SWB bit 2). */
  overRange?: boolean;
}

export interface ParserSink {
  frame(f: Frame): void;
  /** A delimited frame that does not parse (bad digits, bad checksum, unknown unit). */
  bad(raw: string, reason: string): void;
}

export interface FrameParser {
  push(chunk: Uint8Array): void;
  /** End of input: a protocol framed by the next frame's start gives its last frame here. */
  end(): void;
}

/** Digits with a decimal point placed `decimals` from the right, sign applied, leading zeros dropped. */
export function placeDecimals(digits: string, decimals: number, negative: boolean): string {
  let text: string;
  if (decimals <= 0) {
    text = trimInt(digits);
  } else {
    const padded = digits.padStart(decimals + 1, '0');
    text = `${trimInt(padded.slice(0, padded.length - decimals))}.${padded.slice(padded.length - decimals)}`;
  }
  return negative && !isZero(text) ? `-${text}` : text;
}

/** Normalizes a decimal text the indicator printed with its point ("0003.17" -> "3.17"). */
export function normalizeDecimal(text: string): string | null {
  let negative = false;
  let t = text.trim();
  if (t.startsWith('-') || t.startsWith('+')) {
    negative = t[0] === '-';
    t = t.slice(1).trim();
  }
  if (!/^(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  const [int, frac] = t.split('.');
  const out = frac !== undefined && frac.length > 0 ? `${trimInt(int || '0')}.${frac}` : trimInt(int);
  return negative && !isZero(out) ? `-${out}` : out;
}

function trimInt(s: string): string {
  let i = 0;
  while (i < s.length - 1 && s.charCodeAt(i) === 48) i++;
  return s.slice(i);
}

function isZero(text: string): boolean {
  return !/[1-9]/.test(text);
}

const HEX = '0123456789abcdef';
export function toHex(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let s = '';
  for (let i = start; i < end; i++) s += HEX[bytes[i] >> 4] + HEX[bytes[i] & 15];
  return s;
}

/** Appends a chunk to what is left of the previous one (frames cross chunk borders). */
export function joinPending(pending: Uint8Array | null, chunk: Uint8Array): Uint8Array {
  if (pending === null || pending.length === 0) return chunk;
  const out = new Uint8Array(pending.length + chunk.length);
  out.set(pending, 0);
  out.set(chunk, pending.length);
  return out;
}
