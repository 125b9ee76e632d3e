import { describe, expect, it } from 'vitest';
import type { Frame } from './frame.js';
import { encodeFrame, type SimProtocol } from './encode.js';
import { createParser, protocolFromText, type ProtocolSpec } from './protocols.js';

function parseAll(spec: ProtocolSpec, input: Buffer, chunkSizes: number[] = [input.length]) {
  const frames: Frame[] = [];
  const bad: string[] = [];
  const p = createParser(spec, { frame: (f) => frames.push(f), bad: (_raw, reason) => bad.push(reason) });
  let at = 0;
  let k = 0;
  while (at < input.length) {
    const size = chunkSizes[k++ % chunkSizes.length];
    p.push(input.subarray(at, at + size));
    at += size;
  }
  p.end();
  return { frames, bad };
}

const bin = (s: string) => Buffer.from(s, 'latin1');
/** Two's complement of the low 7 bits of the sum, computed here apart from the parser. */
const withChecksum = (s: string) => {
  const sum = [...bin(s)].reduce((a, b) => a + b, 0);
  return Buffer.concat([bin(s), Buffer.from([(128 - (sum % 128)) % 128])]);
};

describe('Mettler-Toledo continuous output', () => {
  // SWA '+' = 0x2B: bit 5, increment x1, decimal code 3 (one decimal); SWB '0' = 0x30: gross, kg, still
  const stableGross = '\x02+0 001502000000\r';

  it('reads the decimal point, the unit and a still scale from the status bytes', () => {
    const { frames } = parseAll({ name: 'toledo' }, bin(stableGross));
    expect(frames).toEqual([{ weight: '150.2', unit: 'kg', stable: true, raw: bin(stableGross).toString('hex') }]);
  });

  it('reads motion, net with its tare, negative, lb and the x10 decimal code', () => {
    const motion = '\x02+8 001502000000\r'; // SWB 0x38: motion
    const net = '\x02+1 000500001000\r'; // SWB 0x31: net
    const negative = '\x02"\x22 000123000000\r'; // SWA 0x22: no decimals; SWB 0x22: negative, lb
    const tens = '\x02!0 000123000000\r'; // SWA 0x21: x10
    const { frames } = parseAll({ name: 'toledo' }, bin(motion + net + negative + tens));
    expect(frames.map((f) => [f.weight, f.unit, f.stable, f.net, f.tare])).toEqual([
      ['150.2', 'kg', false, undefined, undefined],
      ['50.0', 'kg', true, '50.0', '100.0'],
      ['-123', 'lb', true, undefined, undefined],
      ['1230', 'kg', true, undefined, undefined],
    ]);
  });

  it('reads the kg bit as the port unit when the indicator displays tonnes', () => {
    expect(parseAll({ name: 'toledo', unit: 't' }, bin(stableGross)).frames[0].unit).toBe('t');
  });

  it('marks an out-of-range frame unstable', () => {
    const { frames } = parseAll({ name: 'toledo' }, bin('\x02+4 999999000000\r')); // SWB 0x34
    expect(frames[0]).toMatchObject({ stable: false, overRange: true });
  });

  it('checks the checksum when the port has it and counts a bad one as unparsed', () => {
    const good = withChecksum(stableGross);
    const bad = Buffer.from(good);
    bad[bad.length - 1] ^= 0x01;
    const { frames, bad: reasons } = parseAll({ name: 'toledo', checksum: true }, Buffer.concat([good, bad, good]));
    expect(frames).toHaveLength(2);
    expect(reasons).toEqual(['checksum']);
  });

  it('finds frames in any chunking and after noise', () => {
    const stream = Buffer.concat([bin('\x00\xff\x02garbage'), ...Array.from({ length: 20 }, () => bin(stableGross))]);
    for (const sizes of [[1], [3, 7], [16], [17], [50]]) {
      expect(parseAll({ name: 'toledo' }, stream, sizes).frames).toHaveLength(20);
    }
  });
});

describe('Yaohua XK3190-A9', () => {
  // XOR of "+0015002" is 0x1D
  const frame = '\x02+00150021D\x03';

  it('places the decimals and checks the XOR', () => {
    const { frames, bad } = parseAll({ name: 'xk3190-a9' }, bin(frame + '\x02+00150021E\x03' + '\x02-00150021D\x03'));
    expect(frames.map((f) => [f.weight, f.unit, f.stable])).toEqual([['15.00', 'kg', undefined]]);
    // the second has a wrong check; the third changed the sign under the same check
    expect(bad).toEqual(['checksum', 'checksum']);
  });

  it('accepts lower-case hex and the nibble+0x30 check form, and any chunking', () => {
    const lower = '\x02+00150021d\x03';
    const nibbles = '\x02+00150021=\x03'; // 0x1D as '1' and 0x30+13
    for (const sizes of [[1], [5], [12], [100]]) {
      const { frames } = parseAll({ name: 'xk3190-a9' }, bin(frame + lower + nibbles), sizes);
      expect(frames.map((f) => f.weight)).toEqual(['15.00', '15.00', '15.00']);
    }
  });

  it('reads a negative weight with no decimals', () => {
    const inner = '-0012340';
    const xor = [...bin(inner)].reduce((a, b) => a ^ b, 0);
    const { frames } = parseAll({ name: 'xk3190-a9' }, bin(`\x02${inner}${xor.toString(16).padStart(2, '0').toUpperCase()}\x03`));
    expect(frames[0].weight).toBe('-1234');
  });
});

describe('XK3190-A12 ASCII', () => {
  it('reads gross and net lines with their point and unit', () => {
    const { frames, bad } = parseAll({ name: 'xk3190-a12' }, bin('ww0003.17kg\r\nwn0001.50t\r\nxx12kg\r\nww-000.20kg\r\n'), [2]);
    expect(frames.map((f) => [f.weight, f.unit, f.net])).toEqual([
      ['3.17', 'kg', undefined],
      ['1.50', 't', '1.50'],
      ['-0.20', 'kg', undefined],
    ]);
    expect(bad).toHaveLength(1);
  });
});

describe('"=" frames', () => {
  it('reverses the digits only when the port says so', () => {
    const input = bin('=00.5100=00.5100=00.5100');
    expect(parseAll({ name: 'reversed' }, input, [1]).frames.map((f) => f.weight)).toEqual(['15.00', '15.00', '15.00']);
    expect(parseAll({ name: 'equals' }, input).frames.map((f) => f.weight)).toEqual(['0.5100', '0.5100', '0.5100']);
  });

  it('reads a reversed negative weight', () => {
    expect(parseAll({ name: 'reversed' }, bin('=00.0520-\r\n')).frames[0].weight).toBe('-250.00');
  });
});

describe('a custom regular expression', () => {
  it('takes weight, unit and stable from named groups', () => {
    const spec = protocolFromText('regex:^(?:(?<stable>ST)|US),GS,(?<weight>[-+\\d.]+)\\s*(?<unit>kg|t)$');
    const { frames, bad } = parseAll(spec, bin('ST,GS,+0012.34kg\r\nUS,GS,+0012.40kg\r\nnoise\r\n'));
    expect(frames.map((f) => [f.weight, f.unit, f.stable])).toEqual([
      ['12.34', 'kg', true],
      ['12.40', 'kg', false],
    ]);
    expect(bad).toEqual(['pattern does not match']);
  });

  it('refuses a pattern without a weight group', () => {
    expect(() => parseAll(protocolFromText('regex:^(\\d+)$'), bin('12\n'))).toThrow(/weight/);
  });
});

describe('the encoders the simulator uses', () => {
  it.each(['toledo', 'toledo-checksum', 'xk3190-a9', 'xk3190-a12', 'reversed'] as SimProtocol[])('%s round-trips', (p) => {
    const spec = protocolFromText(p);
    const bytes = Buffer.concat([encodeFrame(p, { weight: 31.75, decimals: 2 }), encodeFrame(p, { weight: -0.5, decimals: 2 })]);
    expect(parseAll(spec, bytes, [4]).frames.map((f) => f.weight)).toEqual(['31.75', '-0.50']);
  });
});
