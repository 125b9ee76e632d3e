import { type FrameParser, type ParserSink, type WeightUnit, normalizeDecimal } from './frame.js';
import { lineParser } from './lines.js';

const UNITS = new Set(['kg', 't', 'lb', 'g']);

/**
 * A port's own regular expression, applied to each line: named groups `weight` (required), `unit`
 * (else the port's unit) and `stable` (when the pattern has it, the frame is stable exactly when the
 * group took part in the match, e.g. `(?:(?<stable>ST)|US),GS,(?<weight>[-+\d.]+)(?<unit>kg)`).
 */
export function regexParser(sink: ParserSink, pattern: string, options: { unit?: WeightUnit } = {}): FrameParser {
  const re = compileFramePattern(pattern);
  const hasStable = /\(\?<stable>/.test(pattern);
  return lineParser((text, raw) => {
    const groups = re.exec(text)?.groups;
    const weight = groups?.weight !== undefined ? normalizeDecimal(groups.weight.replace(/\s+/g, '')) : null;
    if (!groups || weight === null) {
      sink.bad(raw, 'pattern does not match');
      return;
    }
    const unit = (groups.unit ?? options.unit ?? 'kg').toLowerCase();
    if (!UNITS.has(unit)) {
      sink.bad(raw, `unit ${unit}`);
      return;
    }
    const frame = { weight, unit: unit as WeightUnit, raw };
    sink.frame(hasStable ? { ...frame, stable: groups.stable !== undefined && groups.stable !== '' } : frame);
  }, sink.bad);
}

export function compileFramePattern(pattern: string): RegExp {
  const re = new RegExp(pattern);
  if (!/\(\?<weight>/.test(pattern)) throw new Error('the pattern needs a named group "weight"');
  return re;
}
