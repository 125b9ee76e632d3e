import { entryOf, writeLog } from '../audit/log';
import type { ImportProblem } from '@wb/protocol';
import type { Database } from '../db/pool';
import { badRequestWith } from '../http/errors';
import { writing } from './actions';
import { approvalGateOf } from './approval-gate';
import { resolveCodes, withoutShadowed } from './by-code';
import { fieldByName, type DocumentFamily, type EntityValues } from './define';
import { missingRequired, parseEntity } from './fields';
import { entityKeys, unknownKeys } from './known-keys';
import * as repo from './repo';
import type { RowScope } from '../auth/who';

/** An ERP pushes its archives, keyed by code: every entity checked first, then one upsert. */
export async function dataxUpsert(db: Database, family: DocumentFamily, who: RowScope, entities: Record<string, unknown>[]) {
  const numbered = entities.map((entity, i) => ({ row: i + 1, entity: { ...entity } }));
  const known = entityKeys(family);
  const problems: ImportProblem[] = await resolveCodes(db, family, who, numbered);
  const rows: EntityValues[] = [];
  const seen = new Map<string, number>();
  numbered.forEach(({ row, entity }) => {
    // a misspelt name in a push is refused like one in a form: never dropped while the rest is saved
    const unknown = unknownKeys(known, entity);
    if (unknown.length) problems.push({ row, field: unknown[0], message: `不允许的字段: ${unknown.join(', ')}` });
    const result = parseEntity(family.fields, entity, 'create');
    const missing = missingRequired(family.fields, result.values).filter((p) => !result.problems.some((q) => q.field === p.field));
    const all = [...result.problems, ...missing];
    if (!all.length && family.validate) all.push(...family.validate(family.normalise ? family.normalise(result.values) : result.values));
    if (family.dataxKey) {
      const key = JSON.stringify(family.dataxKey.map((n) => result.values[n] ?? null));
      if (!all.length && seen.has(key)) all.push({ field: family.dataxKey[family.dataxKey.length - 1], message: `${keyLabel(family)}与第 ${seen.get(key)} 条相同` });
      seen.set(key, row);
    } else {
      const code = String(result.values[family.code.field] ?? '');
      if (!code && !all.some((p) => p.field === family.code.field)) {
        all.push({ field: family.code.field, message: `${family.fields.find((f) => f.name === family.code.field)?.label ?? '编码'}不能为空！` });
      }
      if (code && seen.has(code)) all.push({ field: family.code.field, message: `编码 ${code} 与第 ${seen.get(code)} 条重复` });
      seen.set(code, row);
    }
    problems.push(...all.map((p) => ({ row, field: p.field, message: p.message })));
    const normalised = family.normalise ? family.normalise(result.values) : result.values;
    // a blank the push may leave stays blank for the upsert, which keeps the stored value
    for (const name of Object.keys(family.dataxBlankKeeps ?? {})) if (result.values[name] == null) normalised[name] = null;
    rows.push(normalised);
  });
  if (problems.length) throw badRequestWith(withoutShadowed(family, problems).sort((a, b) => a.row - b.row));
  return writing(db, family, async (tx) => {
    // a push changes the documents it names as an edit would: one in approval refuses it (domain/workflow)
    const gate = approvalGateOf(family);
    if (gate && family.dataxKey) throw new Error(`${family.label}: a family under approval is pushed by its code`);
    if (gate) await gate(tx, who, 'update', await repo.lockRowsByCode(tx, family, who, rows.map((r) => String(r[family.code.field]))));
    const result = family.dataxKey
      ? await repo.upsertByKey(tx, family, who, rows, family.dataxKey.map((n) => fieldByName(family, n)?.column ?? n), blankKeeps(family))
      : await repo.upsertByCode(tx, family, who, rows);
    if (family.afterDatax) await family.afterDatax(tx, who, rows);
    // a repeated push that changed nothing is not a change
    if (result.created + result.updated > 0) {
      await writeLog(tx, entryOf(who, { action: 'datax', family: family.logLabel ?? family.label, detail: `新增 ${result.created} 条，更新 ${result.updated} 条（推送 ${rows.length} 条）` }));
    }
    return result;
  });
}

/** The fields that name a pushed row, as its messages say them: 所属仓库、货区编码 */
const keyLabel = (family: DocumentFamily) => (family.dataxKey ?? []).map((n) => fieldByName(family, n)?.label ?? n).join('、');

/** dataxBlankKeeps by column: column -> the SQL a new row takes when the push leaves it blank. */
const blankKeeps = (family: DocumentFamily) =>
  Object.fromEntries(Object.entries(family.dataxBlankKeeps ?? {}).map(([n, expr]) => [fieldByName(family, n)?.column ?? n, expr]));
