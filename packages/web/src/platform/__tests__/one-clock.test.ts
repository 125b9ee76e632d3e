import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every date and time the web shows, parses or sends goes through platform/plant-time.ts, on the
// plant's clock. Outside it, the browser's own clock must not creep back: no dayjs(...) parsing or
// "now" in the browser's zone, no Date parsed and read by its local fields, no locale date text,
// no native date inputs. Tests are not read.
const SRC = path.resolve(import.meta.dirname, '../..');
// The driver's phone page (src/driver) is a bundle of its own without dayjs (its weight budget):
// driver/clock.ts is its time module, on the plant's zone as well.
const MODULES = [path.join(SRC, 'platform', 'plant-time.ts'), path.join(SRC, 'driver', 'clock.ts')];

const RULES: [RegExp, string][] = [
  [/\bdayjs\s*\(/, 'dayjs(...) reads in the browser zone: use toPicker / plantNow'],
  [/\bdayjs\.(utc|tz)\b/, 'zone arithmetic outside the time module'],
  [/new Date\(\s*[^)\s]/, 'a Date parsed from a value: use instantOf / formatPlant'],
  [/\.get(Hours|Minutes|Seconds|Date|Day|Month|FullYear)\(\)/, "a Date's local fields are the browser's clock"],
  [/\.toLocale(Date|Time)String\(/, 'locale date text is in the browser zone'],
  [/\.toLocaleString\(\s*\)/, 'locale text is in the browser zone'],
  [/\btimeZone\s*:/, 'a zone named outside the time module'],
  [/type=["'](date|datetime-local|month|time)["']/, 'a native date input: use PlantDatePicker'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe("one clock: the plant's", () => {
  it('no file but platform/plant-time.ts reads, writes or shows a time by the browser clock', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (MODULES.includes(file)) continue;
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        for (const [pattern, why] of RULES) if (pattern.test(line)) found.push(`${path.relative(SRC, file)}:${i + 1} ${why}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('catches what it is meant to', () => {
    const hits = (line: string) => RULES.filter(([p]) => p.test(line)).length;
    expect(hits("const d = dayjs(v).format('YYYY-MM-DD')")).toBe(1);
    expect(hits('new Date(v).toLocaleString()')).toBe(2);
    expect(hits('<Input type="date" />')).toBe(1);
    expect(hits('dayjs.isDayjs(v)')).toBe(0);
    expect(hits("value.toLocaleString('en-US', { maximumFractionDigits: 3 })")).toBe(0);
  });
});
