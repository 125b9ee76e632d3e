import type { FrameParser, ParserSink, WeightUnit } from './frame.js';
import { regexParser } from './regex.js';
import { equalsParser } from './reversed.js';
import { toledoParser } from './toledo.js';
import { xk3190a9Parser } from './xk3190-a9.js';
import { xk3190a12Parser } from './xk3190-a12.js';

/** A port's protocol, as its config or the --protocol switch names it. */
export type ProtocolSpec =
  | { name: 'toledo'; checksum?: boolean; unit?: WeightUnit }
  | { name: 'xk3190-a9'; unit?: WeightUnit }
  | { name: 'xk3190-a12' }
  | { name: 'reversed'; unit?: WeightUnit }
  | { name: 'equals'; unit?: WeightUnit }
  | { name: 'regex'; pattern: string; unit?: WeightUnit };

export const PROTOCOL_NAMES = ['toledo', 'toledo-checksum', 'xk3190-a9', 'xk3190-a12', 'reversed', 'equals', 'regex:<pattern>'];

/** Reads the --protocol text: toledo | toledo-checksum | xk3190-a9 | xk3190-a12 | reversed | equals | regex:<pattern>. */
export function protocolFromText(text: string): ProtocolSpec {
  if (text.startsWith('regex:')) return { name: 'regex', pattern: text.slice('regex:'.length) };
  switch (text) {
    case 'toledo':
      return { name: 'toledo' };
    case 'toledo-checksum':
      return { name: 'toledo', checksum: true };
    case 'xk3190-a9':
    case 'xk3190-a12':
    case 'reversed':
    case 'equals':
      return { name: text };
    default:
      throw new Error(`unknown protocol "${text}" (one of ${PROTOCOL_NAMES.join(', ')})`);
  }
}

export function createParser(spec: ProtocolSpec, sink: ParserSink): FrameParser {
  switch (spec.name) {
    case 'toledo':
      return toledoParser(sink, { checksum: spec.checksum, unit: spec.unit });
    case 'xk3190-a9':
      return xk3190a9Parser(sink, { unit: spec.unit });
    case 'xk3190-a12':
      return xk3190a12Parser(sink);
    case 'reversed':
      return equalsParser(sink, { reversed: true, unit: spec.unit });
    case 'equals':
      return equalsParser(sink, { reversed: false, unit: spec.unit });
    case 'regex':
      return regexParser(sink, spec.pattern, { unit: spec.unit });
  }
}
