import { toledoChecksum } from './toledo.js';

// Frames as the indicators send them: for the scale simulator, the bench and the tests.

export interface EncodeInput {
  /** Weight in the indicator's unit, e.g. 15.02 */
  weight: number;
  decimals: number;
  motion?: boolean;
  net?: boolean;
  tare?: number;
  overRange?: boolean;
}

function digits(value: number, decimals: number, width: number): string {
  return Math.round(Math.abs(value) * 10 ** decimals)
    .toString()
    .padStart(width, '0')
    .slice(-width);
}

export function encodeToledo(w: EncodeInput, options: { checksum?: boolean } = {}): Buffer {
  const swa = 0x20 | 0x08 | ((w.decimals + 2) & 0x07); // increment x1
  const swb =
    0x20 |
    0x10 |
    (w.net ? 0x01 : 0) |
    (w.weight < 0 ? 0x02 : 0) |
    (w.overRange ? 0x04 : 0) |
    (w.motion ? 0x08 : 0);
  const body = Buffer.from(
    `\x02${String.fromCharCode(swa, swb, 0x20)}${digits(w.weight, w.decimals, 6)}${digits(w.tare ?? 0, w.decimals, 6)}\r`,
    'latin1',
  );
  if (!options.checksum) return body;
  return Buffer.concat([body, Buffer.from([toledoChecksum(body, 0)])]);
}

export function encodeXk3190a9(w: EncodeInput): Buffer {
  const inner = `${w.weight < 0 ? '-' : '+'}${digits(w.weight, w.decimals, 6)}${w.decimals}`;
  let xor = 0;
  for (let i = 0; i < inner.length; i++) xor ^= inner.charCodeAt(i);
  return Buffer.from(`\x02${inner}${xor.toString(16).toUpperCase().padStart(2, '0')}\x03`, 'latin1');
}

export function encodeXk3190a12(w: EncodeInput, unit = 'kg'): Buffer {
  const abs = (Math.abs(w.weight)).toFixed(w.decimals).padStart(7, '0');
  return Buffer.from(`${w.net ? 'wn' : 'ww'}${w.weight < 0 ? '-' : ''}${abs}${unit}\r\n`, 'latin1');
}

export function encodeReversed(w: EncodeInput): Buffer {
  const text = `${w.weight < 0 ? '-' : ''}${Math.abs(w.weight).toFixed(w.decimals).padStart(7, '0')}`;
  return Buffer.from(`=${[...text].reverse().join('')}`, 'latin1');
}

export type SimProtocol = 'toledo' | 'toledo-checksum' | 'xk3190-a9' | 'xk3190-a12' | 'reversed';

export function encodeFrame(protocol: SimProtocol, w: EncodeInput): Buffer {
  switch (protocol) {
    case 'toledo':
      return encodeToledo(w);
    case 'toledo-checksum':
      return encodeToledo(w, { checksum: true });
    case 'xk3190-a9':
      return encodeXk3190a9(w);
    case 'xk3190-a12':
      return encodeXk3190a12(w);
    case 'reversed':
      return encodeReversed(w);
  }
}
