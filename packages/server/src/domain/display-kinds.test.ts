import { describe, expect, it } from 'vitest';
import { DISPLAY_KINDS, type DisplayKind } from '@wb/protocol';
import type { FieldDef, TemplateDef } from '../platform/templates/define';
import { ALL_TEMPLATES } from './templates';

// Every money, unit price and weight column of every template declares what it is (displayKind),
// so every screen shows it in the one format (protocol display.ts): ¥1,214.10, the plant's unit
// price precision, the plant's weight unit and decimals. A column is recognised by its label, as a
// person reading the screen would: a new column named 金额, 单价 or 净重(吨) without a kind fails here.

const PRICE = /价/;
const MONEY = /金额|税额|运费|扣款|余额|授信|冻结|消费|收款|付款|已付|已收|开票|汇款|预付|应付|差额|额度/;
const WEIGHT = /吨|重量|[净毛皮扣]重|暗扣|量|读数/;
/** counts, rates and durations whose labels share those words */
const NOT_A_FIGURE = /车数|车次|\(车\)|次数|率|%|分钟|毫秒|天数/;
/** a weight the Chinese label leaves unsaid (预装数) and the English one names: Pre-load (t) */
const WEIGHT_EN = /\(t\b|\(t\/|\btons\b/i;

/** Labels the words above mistake: what they are instead. */
const EXEMPT: Record<string, string> = {
  lossValue: 'a percentage or kilograms a truck, by the price\'s loss kind',
  tareWeight: 'an assay tray\'s weight in grams, not the plant\'s',
  beforeValue: 'a price adjustment\'s old value of any kind',
  afterValue: 'a price adjustment\'s new value of any kind',
  gaugeVolume: 'a gauged load\'s volume in cubic metres, not a weight',
  totalVolume: 'a settlement\'s cubic metres priced per m3, not a weight',
  density: 'a material\'s density in tons per cubic metre',
};

function expectedKind(f: Pick<FieldDef, 'fieldName' | 'fieldExplain' | 'fieldExplainEn' | 'fieldType'>): DisplayKind | null {
  if (f.fieldType !== 'NUMBER' || EXEMPT[f.fieldName]) return null;
  const label = f.fieldExplain;
  if (PRICE.test(label)) return 'unitPrice';
  if (MONEY.test(label)) return 'money';
  if (NOT_A_FIGURE.test(label)) return null;
  if (WEIGHT.test(label) || WEIGHT_EN.test(f.fieldExplainEn ?? '')) return 'weight';
  return null;
}

const fields = (t: TemplateDef) => t.fields.map((f) => ({ at: `${t.formatCode}.${f.fieldName} ${f.fieldExplain}`, f }));

describe('display kinds', () => {
  it('every money, unit price and weight column of every template declares its kind', () => {
    const missing = ALL_TEMPLATES.flatMap(fields)
      .filter(({ f }) => expectedKind(f) !== null && f.displayKind !== expectedKind(f))
      .map(({ at, f }) => `${at}: ${f.displayKind ?? 'none'}, expected ${expectedKind(f)}`);
    expect(missing).toEqual([]);
  });

  it('declares only known kinds, on NUMBER fields', () => {
    const wrong = ALL_TEMPLATES.flatMap(fields)
      .filter(({ f }) => f.displayKind !== undefined && (!DISPLAY_KINDS.includes(f.displayKind) || f.fieldType !== 'NUMBER'))
      .map(({ at }) => at);
    expect(wrong).toEqual([]);
  });

  it('recognises a column by its label', () => {
    const kind = (fieldExplain: string) => expectedKind({ fieldName: 'x', fieldExplain, fieldType: 'NUMBER' });
    expect(kind('新单价')).toBe('unitPrice');
    expect(kind('结算金额')).toBe('money');
    expect(kind('净重(吨)')).toBe('weight');
    expect(kind('已执行量')).toBe('weight');
    expect(kind('计划车数')).toBeNull();
    expect(kind('税率(%)')).toBeNull();
  });
});
