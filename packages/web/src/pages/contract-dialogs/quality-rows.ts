import type { QualityTerm } from './api';

/**
 * The quality terms as the dialog edits them: every value a text box's text, one row per assay item
 * of a material; what the server's body takes (domain/contract/quality.ts) and where its refusal
 * belongs in the table.
 */
export const QUALITY_COLUMNS = [
  'materialCode', 'itemCode', 'itemName', 'standardValue', 'direction', 'deductStep', 'deductPercent', 'deductBasis', 'bandStep', 'bandPrice', 'bandMode',
  'rejectLimit', 'remark',
] as const;
export type QualityColumn = (typeof QUALITY_COLUMNS)[number];

export type QualityRow = Record<QualityColumn, string> & { key: number };

/** The body's term: optional numbers null when left empty, as the server keeps them. */
export interface QualityTermBody {
  materialCode: string; itemCode: string; itemName: string; standardValue: string; direction: string;
  deductStep: string | null; deductPercent: string | null; deductBasis: string; bandStep: string | null; bandPrice: string | null; bandMode: string;
  rejectLimit: string | null; remark: string | null;
}

let nextKey = 1;
export const emptyRow = (materialCode = ''): QualityRow => ({
  key: nextKey++, materialCode, itemCode: '', itemName: '', standardValue: '', direction: 'MAX',
  deductStep: '', deductPercent: '', deductBasis: 'NET', bandStep: '', bandPrice: '', bandMode: 'STEP', rejectLimit: '', remark: '',
});

export const rowsOf = (terms: readonly QualityTerm[]): QualityRow[] =>
  terms.map((t) => {
    const row = emptyRow();
    for (const c of QUALITY_COLUMNS) row[c] = t[c] ?? row[c];
    return row;
  });

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export const bodyOf = (rows: readonly QualityRow[]): QualityTermBody[] =>
  rows.map((r) => ({
    materialCode: r.materialCode.trim(), itemCode: r.itemCode.trim(), itemName: r.itemName.trim(), standardValue: r.standardValue.trim(), direction: r.direction,
    deductStep: orNull(r.deductStep), deductPercent: orNull(r.deductPercent), deductBasis: r.deductBasis, bandStep: orNull(r.bandStep), bandPrice: orNull(r.bandPrice),
    bandMode: r.bandMode,
    rejectLimit: orNull(r.rejectLimit), remark: orNull(r.remark),
  }));

/** The cell a refusal names: the body's path (terms.2.standardValue), or a field and its message's 第N行. */
export interface QualityProblem { row: number | null; column: QualityColumn | null; message: string }

const isColumn = (name: string | undefined): name is QualityColumn => (QUALITY_COLUMNS as readonly string[]).includes(name ?? '');

export function problemAt(field: string | null, message: string): QualityProblem {
  const path = /^terms\.(\d+)\.(\w+)$/.exec(field ?? '');
  if (path) return { row: Number(path[1]), column: isColumn(path[2]) ? path[2] : null, message };
  const line = /^第(\d+)行/.exec(message);
  return { row: line ? Number(line[1]) - 1 : null, column: line && isColumn(field ?? undefined) ? (field as QualityColumn) : null, message };
}
