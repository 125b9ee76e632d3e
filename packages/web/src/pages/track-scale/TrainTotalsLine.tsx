import { Form } from 'antd';
import { trainTotals, wagonFigures, type LossTerms } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import type { ChildSummaryProps } from '@/platform/templates/form/child-summaries';

/**
 * The train form's totals line (轨道衡): wagons, gross, tare, net, waybill weight, loss and the loss
 * beyond the tolerance, worked out from the wagon grid and the header's loss terms as they are
 * edited, before save, by the server's own rules (protocol track.ts). A train of a contract that
 * names no terms of its own takes the contract's on save; until then the line reads no tolerance.
 */
const weight = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  const text = String(v).trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? text : null;
};

export function trainTotalsOf(rows: readonly Record<string, unknown>[], terms: LossTerms) {
  return trainTotals(rows.map((r) => {
    const w = { gross: weight(r.gross), tare: weight(r.tare), waybill: weight(r.waybill) };
    return { ...w, figures: wagonFigures(w, terms) };
  }));
}

export function TrainTotalsLine({ rows, form }: ChildSummaryProps) {
  const english = useEnglish();
  const basis = Form.useWatch('lossBasis', form) as LossTerms['basis'] | undefined;
  const allowance = Form.useWatch('lossAllowance', form) as string | number | null | undefined;
  const handling = Form.useWatch('lossHandling', form) as LossTerms['handling'] | undefined;
  const terms: LossTerms = basis && weight(allowance) !== null
    ? { basis, allowance: weight(allowance), handling: handling === 'CHARGE' ? 'CHARGE' : 'FLAG' }
    : { basis: null, allowance: null, handling: 'FLAG' };
  const t = trainTotalsOf(rows, terms);
  const parts: [string, string, string][] = [
    ['wagons', english ? 'Wagons' : '车皮', english ? String(t.wagons) : `${t.wagons} 节`],
    ['gross', english ? 'Gross' : '毛重', t.gross],
    ['tare', english ? 'Tare' : '皮重', t.tare],
    ['net', english ? 'Net' : '净重', t.net],
    ['waybill', english ? 'Waybill' : '票重', t.waybill],
    ['loss', english ? 'Loss' : '损耗', t.loss],
    ['overLoss', english ? 'Over tolerance' : '超耗', t.flagged > 0 ? `${t.overLoss}（${english ? `${t.flagged} wagons` : `${t.flagged} 节`}）` : t.overLoss],
  ];
  return (
    <div className="wb-train-totals" data-testid="train-totals" style={{ marginTop: 8, display: 'flex', flexWrap: 'wrap', gap: '4px 16px' }}>
      <strong>{english ? 'Totals (Train)' : '合计（车次）'}</strong>
      {parts.map(([key, label, value]) => (
        <span key={key} data-total={key}>{label} <b>{value}</b></span>
      ))}
    </div>
  );
}
