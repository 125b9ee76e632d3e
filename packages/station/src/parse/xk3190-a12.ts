import { type FrameParser, type ParserSink, type WeightUnit, normalizeDecimal } from './frame.js';
import { lineParser } from './lines.js';

// XK3190-A12 and similar ASCII output: "ww" (gross) or "wn" (net), weight with its point, unit, CR LF.
const LINE = /^\s*(ww|wn)\s*([+-]?\s*[\d.]+)\s*(kg|t|lb|g)\s*$/i;

export function xk3190a12Parser(sink: ParserSink): FrameParser {
  return lineParser((text, raw) => {
    const m = LINE.exec(text);
    const weight = m ? normalizeDecimal(m[2].replace(/\s+/g, '')) : null;
    if (!m || weight === null) {
      sink.bad(raw, 'not ww/wn weight unit');
      return;
    }
    const frame = { weight, unit: m[3].toLowerCase() as WeightUnit, raw };
    sink.frame(m[1].toLowerCase() === 'wn' ? { ...frame, net: weight } : frame);
  }, sink.bad);
}
