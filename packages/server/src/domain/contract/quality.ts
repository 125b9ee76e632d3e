import { columnNumber, idOrNumber, MONEY_COLUMN, RATE_COLUMN, TONS_COLUMN } from '@wb/protocol';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest, badRequestWith } from '../../platform/http/errors';
import type { ContractKindDef } from './kinds';
import { qualityProblems } from './rules';
import { refuseUnderApproval } from '../workflow/gate';

/**
 * A contract's quality terms (质量条款), per material: written whole while the contract is a
 * draft (the engine's form writes the pricing rows; these are the contract's second table), read
 * back with the contract (get/{id}: qualityTerms). The quality inspection applies them.
 *
 *   POST /api/contract/{kind}/quality { id, terms: [{ materialCode, itemCode, itemName, standardValue,
 *        direction: MAX | MIN, deductStep?, deductPercent?, deductBasis?: NET | DRY, bandStep?, bandPrice?, bandMode?: STEP | PROPORTIONAL,
 *        rejectLimit?, remark? }] }
 * deductBasis and bandMode (migration 046) say how the quality inspection counts the deduction (of the
 * net: / 100, or the dry-basis convention: / (100 - standard)) and moves the price (whole band steps or
 * in proportion); absent, NET and STEP.
 */
const value = (label: string) => columnNumber({ ...TONS_COLUMN, label });
const optional = <T extends z.ZodTypeAny>(s: T) => z.union([z.null(), z.literal(''), s]).optional().transform((v) => (v === '' || v === undefined ? null : v));
const qualityTerm = z.strictObject({
  materialCode: z.string().trim().min(1, '物料编码不能为空！').max(40),
  itemCode: z.string().trim().min(1, '化验项目编码不能为空！').max(40),
  itemName: z.string().trim().min(1, '化验项目名称不能为空！').max(60),
  standardValue: value('标准值'),
  direction: z.enum(['MAX', 'MIN'], { message: '方向应为 MAX（不高于）或 MIN（不低于）' }),
  deductStep: optional(columnNumber({ ...TONS_COLUMN, min: 0, label: '每超出量' })),
  deductPercent: optional(columnNumber({ ...RATE_COLUMN, min: 0, label: '扣重比例' })),
  deductBasis: z.enum(['NET', 'DRY'], { message: '扣重基准应为 NET（按净重/100）或 DRY（按净重/(100-标准值)）' }).optional(),
  bandStep: optional(columnNumber({ ...TONS_COLUMN, min: 0, label: '档距' })),
  bandPrice: optional(columnNumber({ ...MONEY_COLUMN, label: '每档调价' })),
  bandMode: z.enum(['STEP', 'PROPORTIONAL'], { message: '调价方式应为 STEP（整档）或 PROPORTIONAL（按比例）' }).optional(),
  rejectLimit: optional(value('拒收限值')),
  remark: z.string().max(500, '备注不能超过500个字符').nullish(),
});
export const qualityTermsBody = z.strictObject({ id: idOrNumber, terms: z.array(qualityTerm).max(200, '质量条款最多200条') });
export type QualityTermsBody = z.infer<typeof qualityTermsBody>;

type Tx = Transaction<DB>;

export async function saveQualityTerms(tx: Tx, who: Pick<Who, 'orgId' | 'groupId' | 'userId'>, k: ContractKindDef, body: QualityTermsBody): Promise<{ reply: { id: string; count: number }; note: ChangeNote }> {
  const { rows } = await sql<{ contract_no: string; doc_status: string }>`
    SELECT contract_no, doc_status FROM wb_contract WHERE org_id = ${who.orgId} AND kind = ${k.kind} AND id = ${body.id}::bigint FOR UPDATE`.execute(tx);
  const c = rows[0];
  if (!c) throw AppError.of('notFound', `${k.label}不存在: ${body.id}`, 'id');
  if (c.doc_status !== 'FREE') throw badRequest(`${k.label} ${c.contract_no} 不是草稿，不能修改质量条款`, 'id');
  // a contract in approval is not changed (domain/workflow)
  await refuseUnderApproval(tx, who, `contract_${k.kind}`, k.label, 'update', [{ id: body.id, code: c.contract_no }], '修改质量条款');
  const codes = [...new Set(body.terms.map((t) => t.materialCode))];
  const found = await sql<{ inv_code: string; id: string }>`
    SELECT m.inv_code, m.id::text FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id AND a.org_id = ${who.orgId}
     WHERE m.group_id = ${who.groupId} AND m.inv_code = ANY(${codes}::text[])`.execute(tx);
  const material = new Map(found.rows.map((r) => [r.inv_code, r.id]));
  const problems: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  body.terms.forEach((t, i) => {
    const row = `第${i + 1}行 `;
    if (!material.has(t.materialCode)) problems.push({ field: 'materialCode', message: `${row}物料编码 ${t.materialCode} 不存在` });
    for (const p of qualityProblems(t)) problems.push({ field: p.field, message: row + p.message });
    const key = `${t.materialCode}\u0000${t.itemCode}`;
    if (seen.has(key)) problems.push({ field: 'itemCode', message: `${row}物料 ${t.materialCode} 的化验项目 ${t.itemCode} 重复` });
    seen.add(key);
  });
  if (problems.length) throw badRequestWith(problems);
  await sql`DELETE FROM wb_contract_quality WHERE contract_id = ${body.id}::bigint`.execute(tx);
  for (const [i, t] of body.terms.entries()) {
    await sql`INSERT INTO wb_contract_quality (org_id, contract_id, seq, material_id, item_code, item_name, standard_value, direction,
        deduct_step, deduct_percent, deduct_basis, band_step, band_price, band_mode, reject_limit, remark, created_by, updated_by)
      VALUES (${who.orgId}, ${body.id}::bigint, ${i + 1}, ${material.get(t.materialCode)}::bigint, ${t.itemCode}, ${t.itemName}, ${t.standardValue}::numeric, ${t.direction},
        ${t.deductStep}::numeric, ${t.deductPercent}::numeric, ${t.deductBasis ?? 'NET'}, ${t.bandStep}::numeric, ${t.bandPrice}::numeric, ${t.bandMode ?? 'STEP'}, ${t.rejectLimit}::numeric, ${t.remark ?? null}, ${who.userId}::bigint, ${who.userId}::bigint)`.execute(tx);
  }
  // the form read at the old version must not write over the terms unseen
  await sql`UPDATE wb_contract SET version = version + 1, updated_at = now(), updated_by = ${who.userId}::bigint WHERE id = ${body.id}::bigint`.execute(tx);
  return {
    reply: { id: String(body.id), count: body.terms.length },
    note: { action: 'qualityTerms', family: k.label, docNo: c.contract_no, detail: `质量条款 ${body.terms.length} 条` },
  };
}
