import type { DocField, DocumentChildren, DocumentFamily, EntityValues } from '../../platform/documents/define';
import { draftLifecycle } from '../../platform/documents/lifecycle';
import { fieldOptions as options, MONEY_BELOW, readFieldsOf } from '../masterdata/shared/fields';
import { adjustBase, PRICE_KINDS, priceBase, type PriceKindDef } from './kinds';
import { applyAdjustments, gaugedTargets, rulesOfAdjustments, stampRuleAudit, withdrawAdjustments, withdrawProblems } from './repo';
import { lineBasis, PRICE_BASIS_OPTIONS, TARGET_MESSAGE, targetProblem, windowProblem } from './rules';
import { ADJUST_LINE_TABLE, adjustForms, adjustListTemplate, adjustTable, PACKING_OPTIONS, ruleForms, ruleListTemplate, ruleTable, TRANSPORT_OPTIONS } from './templates';

/**
 * The price lists and the price adjustments on the document engine, one family each per kind.
 * A rule prices trucks once audited; an adjustment's audit writes its lines as rules from its
 * effective time (repo.ts), and its un-audit, allowed only before that time, takes them back.
 */
const priceLifecycle = draftLifecycle;

/** The keys and the price, as a rule and an adjustment line both carry them. */
function keyFields(k: PriceKindDef, codeNames: boolean): DocField[] {
  const code = (name: string, label: string, table: string, codeColumn: string, scope: 'group' | 'org') => ({ name, label, table, codeColumn, scope });
  return [
    { name: 'materialId', column: 'material_id', label: '物料', type: 'id', required: true, byCode: code('materialCode', '物料编码', 'md_material', 'inv_code', 'group') },
    { name: 'partyId', column: 'party_id', label: k.party.label, type: 'id', byCode: code(codeNames ? 'partyCode' : `${k.party.table === 'md_customer' ? 'customer' : 'vendor'}Code`, `${k.party.label}编码`, k.party.table, k.party.codeColumn, 'group') },
    { name: 'routeId', column: 'route_id', label: '线路', type: 'id', byCode: code(codeNames ? 'routeCode' : 'lineCode', '线路编码', 'md_line', 'line_code', 'org') },
    { name: 'transport', column: 'transport', label: '运输方式', type: 'enum', options: options(TRANSPORT_OPTIONS) },
    { name: 'packing', column: 'packing', label: '包装', type: 'enum', options: options(PACKING_OPTIONS) },
    { name: 'price', column: 'price', label: '单价', type: 'number', required: true, scale: 4, min: 0, below: MONEY_BELOW },
    { name: 'taxRate', column: 'tax_rate', label: '税率', type: 'number', scale: 4, min: 0, below: 100.0001 },
  ];
}

/** 085: a rule's price per ton weighed or per m3 gauged (a ticket's amount follows: weighing/rules/amount.ts basisAmount) */
const priceBasisField: DocField = { name: 'priceBasis', column: 'price_basis', label: '计价依据', type: 'enum', options: options(PRICE_BASIS_OPTIONS), default: 'NET' };

export function ruleFamily(k: PriceKindDef): DocumentFamily {
  const [createForm, updateForm] = ruleForms(k);
  return {
    label: k.label, logLabel: k.label, base: priceBase(k.kind), permissionPrefix: `price_${k.kind}`, table: ruleTable(k), scope: { kind: 'org' },
    code: { field: 'ruleNo', column: 'rule_no' },
    numbering: { docKind: `price.${k.kind}`, fallback: { prefix: k.rulePrefix, datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
    fields: [
      { name: 'ruleNo', column: 'rule_no', label: '价格编号', type: 'text', updatable: false, unique: true, maxLength: 40 },
      ...targetFields(k, false),
      priceBasisField,
      { name: 'effectiveFrom', column: 'effective_from', label: '生效时间', type: 'datetime', required: true },
      { name: 'effectiveTo', column: 'effective_to', label: '失效时间', type: 'datetime' },
      { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
    ],
    lifecycle: priceLifecycle, statusColumn: 'doc_status',
    listTemplate: ruleListTemplate(k), forms: [createForm, updateForm],
    readFields: [...readFieldsOf(createForm), { name: 'auditedAt', sql: 't.audited_at' }, { name: 'adjustId', sql: 't.adjust_id::text' }],
    copy: 'many',
    validate: (v: EntityValues) => {
      const target = targetProblem(v.materialId, v.calcGroupId);
      if (target) return [{ field: 'materialId', message: target }];
      const message = windowProblem(v.effectiveFrom, v.effectiveTo);
      return message ? [{ field: 'effectiveTo', message }] : [];
    },
    // a price per m3 only on a target gauged by volume, as an adjustment's line (096)
    checkWrite: async (tx, who, _id, v) => {
      if (v.priceBasis !== 'VOLUME') return [];
      const isMaterial = Boolean(v.materialId);
      const targets = await gaugedTargets(tx, who.orgId, isMaterial ? [String(v.materialId)] : [], isMaterial ? [] : [String(v.calcGroupId)]);
      const target = targets.get(isMaterial ? `m${String(v.materialId)}` : `g${String(v.calcGroupId)}`);
      const basis = target ? lineBasis('VOLUME', { kind: isMaterial ? 'material' : 'group', ...target }) : { ok: true as const };
      return basis.ok ? [] : [{ field: 'priceBasis', message: basis.message }];
    },
    onStateAction: async (tx, who, action, ids) => {
      if (action === 'unaudit') {
        // its adjustment's history: it goes with that adjustment's withdrawal, never alone
        const written = await rulesOfAdjustments(tx, ids);
        if (written.length) return written.map((w) => ({ field: 'ids', message: `${k.label} ${w.ruleNo} 由调价单 ${w.adjustNo} 生成，请反审核该调价单` }));
      }
      if (action === 'audit') await stampRuleAudit(tx, ids, who.userId);
      return [];
    },
    constraintMessages: {
      wb_price_rule_window: { field: 'effectiveTo', message: '失效时间必须晚于生效时间' },
      wb_price_rule_target: { field: 'materialId', message: TARGET_MESSAGE },
    },
  };
}

/** A rule's or an adjustment line's target, a material or a computation group (migrations 080, 092), with the other keys. */
function targetFields(k: PriceKindDef, codeNames: boolean): DocField[] {
  return [
    ...keyFields(k, codeNames).map((f) => (f.name === 'materialId' ? { ...f, required: false } : f)),
    { name: 'calcGroupId', column: 'calc_group_id', label: '计算组', type: 'id',
      byCode: { name: 'calcGroupCode', label: '计算组编码', table: 'md_calc_group', codeColumn: 'group_code', scope: 'org' } },
  ];
}

const keyOf = (v: EntityValues) => ['materialId', 'calcGroupId', 'partyId', 'routeId', 'transport', 'packing'].map((n) => String(v[n] ?? '')).join('|');

function adjustLines(k: PriceKindDef): DocumentChildren {
  return {
    label: '调价明细', table: ADJUST_LINE_TABLE, parentColumn: 'adjust_id',
    fields: [
      ...targetFields(k, true),
      // 096: no default here: a line left without one takes its material's (checkWrite)
      { name: 'priceBasis', column: 'price_basis', label: '计价依据', type: 'enum', options: options(PRICE_BASIS_OPTIONS) },
      { name: 'lineSeq', column: 'seq', label: '行号', type: 'integer' },
      { name: 'lineRemark', column: 'remark', label: '明细备注', type: 'text', maxLength: 500 },
    ],
    readFields: [
      ...readFieldsOf({ formatCode: '', formatName: '', formatType: 'FORM', formatStyle: 'FORMAT_MASTER_CHILD_FROM', fields: (adjustForms(k)[0].fields).filter((f) => f.customTable === ADJUST_LINE_TABLE) }),
      { name: 'lineSeq', sql: 't.seq' }, { name: 'materialId', sql: 't.material_id::text' }, { name: 'calcGroupId', sql: 't.calc_group_id::text' }, { name: 'partyId', sql: 't.party_id::text' }, { name: 'routeId', sql: 't.route_id::text' },
    ],
    seq: { field: 'lineSeq', column: 'seq' },
    // two lines with the same keys would give two prices from the same time; each line's basis
    // is its own or its target's, and a price per m3 only on a target gauged by volume (096)
    checkWrite: async (tx, who, _parentId, _header, rows) => {
      const seen = new Map<string, number>();
      const sound = rows.flatMap((r, i) => {
        const target = targetProblem(r.values.materialId, r.values.calcGroupId);
        if (target) return [{ row: i + 1, field: 'materialCode', message: target }];
        const key = keyOf(r.values);
        const first = seen.get(key);
        if (first === undefined) { seen.set(key, i + 1); return []; }
        return [{ row: i + 1, field: 'materialCode', message: `第${i + 1}行与第${first}行的物料(计算组)、${k.party.label}、线路、运输方式与包装相同` }];
      });
      if (sound.length) return sound;
      const ids = (name: string) => [...new Set(rows.flatMap((r) => (r.values[name] ? [String(r.values[name])] : [])))];
      const targets = await gaugedTargets(tx, who.orgId, ids('materialId'), ids('calcGroupId'));
      return rows.flatMap((r, i) => {
        const isMaterial = Boolean(r.values.materialId);
        const key = isMaterial ? `m${String(r.values.materialId)}` : `g${String(r.values.calcGroupId)}`;
        const target = targets.get(key);
        if (!target) return [{ row: i + 1, field: isMaterial ? 'materialCode' : 'calcGroupCode', message: isMaterial ? '物料不存在' : '计算组不存在' }];
        const basis = lineBasis(r.values.priceBasis, { kind: isMaterial ? 'material' : 'group', ...target });
        if (!basis.ok) return [{ row: i + 1, field: 'priceBasis', message: basis.message }];
        r.values.priceBasis = basis.basis;
        return [];
      });
    },
  };
}

export function adjustFamily(k: PriceKindDef): DocumentFamily {
  const [createForm, updateForm] = adjustForms(k);
  const headerForm = { ...createForm, fields: createForm.fields.filter((f) => f.customTable !== ADJUST_LINE_TABLE) };
  return {
    label: k.adjustLabel, logLabel: k.adjustLabel, base: adjustBase(k.kind), permissionPrefix: `price_adjust_${k.kind}`, table: adjustTable(k), scope: { kind: 'org' },
    code: { field: 'adjustNo', column: 'adjust_no' },
    numbering: { docKind: `price.${k.kind}.adjust`, fallback: { prefix: k.adjustPrefix, datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
    fields: [
      { name: 'adjustNo', column: 'adjust_no', label: '调价单号', type: 'text', updatable: false, unique: true, maxLength: 40 },
      { name: 'effectiveAt', column: 'effective_at', label: '生效时间', type: 'datetime', required: true },
      { name: 'reason', column: 'reason', label: '调价原因', type: 'text', required: true, maxLength: 200 },
      { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
    ],
    lifecycle: priceLifecycle, statusColumn: 'doc_status',
    listTemplate: adjustListTemplate(k), forms: [createForm, updateForm],
    readFields: [...readFieldsOf(headerForm), { name: 'auditedAt', sql: 't.audited_at' }],
    copy: 'one', import: false, datax: false,
    onStateAction: async (tx, who, action, ids) => {
      if (action === 'audit') await applyAdjustments(tx, ids, who.userId);
      if (action === 'unaudit') {
        const problems = await withdrawProblems(tx, ids);
        if (problems.length) return problems;
        await withdrawAdjustments(tx, ids);
      }
      return [];
    },
    children: adjustLines(k),
  };
}

export const RULE_FAMILIES: DocumentFamily[] = PRICE_KINDS.map(ruleFamily);
export const ADJUST_FAMILIES: DocumentFamily[] = PRICE_KINDS.map(adjustFamily);
