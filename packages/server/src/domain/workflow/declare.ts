import type { DocFieldType } from '@wb/protocol';
import type { Transaction } from 'kysely';
import type { RowScope } from '../../platform/auth/who';
import type { DB } from '../../platform/db/schema';
import { stateActionIn } from '../../platform/documents/actions';
import { gateFamily } from '../../platform/documents/approval-gate';
import type { DocField, DocumentFamily } from '../../platform/documents/define';
import { decide } from '../../platform/documents/lifecycle';
import * as docRepo from '../../platform/documents/repo';
import type { ApprovalDecl, ApprovalField } from '../../platform/module/approval';
import { refuseUnderApproval } from './gate';

/**
 * A document family of the engine put under approval, declared in its module as
 * `approvals: [documentApproval(family, {...})]`. Its fields are the family's own (ids show the
 * name the form reads beside them); its audit is the engine's audit through the family's
 * transition table and hooks; the engine's gate refuses what a document in approval may not take.
 */
export interface DocumentApprovalOptions {
  /** the type's English name (the family's label is the Chinese one) */
  nameEn: string;
  menuPath: string | null;
  /** default: the family's prefix */
  docType?: string;
  /** default: `${prefix}_update`, whoever may edit the draft submits it */
  initiatePermission?: string;
  /** fields held in yuan that conditions compare in cents */
  money?: string[];
}

const TYPE_OF: Partial<Record<DocField['type'], DocFieldType>> = {
  text: 'text', enum: 'text', number: 'number', integer: 'number', id: 'id', date: 'date', datetime: 'date',
};

export function documentFields(family: DocumentFamily, money: readonly string[] = []): ApprovalField[] {
  const en = new Map(family.listTemplate.fields.map((f) => [f.fieldName, f.fieldExplainEn ?? f.fieldExplain]));
  return family.fields.flatMap((f): ApprovalField[] => {
    const type = money.includes(f.name) ? 'money' : TYPE_OF[f.type];
    if (!type) return [];
    return [{ key: f.name, name: f.label, nameEn: en.get(f.name) ?? f.name, type, condition: f.name !== family.code.field }];
  });
}

const toValue = (v: unknown, type: DocFieldType): string | number | null => {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v.toISOString();
  if (type === 'money') return Math.round(Number(v) * 100);
  if (type === 'number') return Number(v);
  return String(v);
};

export function documentApproval(family: DocumentFamily, opts: DocumentApprovalOptions): ApprovalDecl {
  const docType = opts.docType ?? family.permissionPrefix;
  const fields = documentFields(family, opts.money);
  gateFamily(family, (tx, who, action, rows) => refuseUnderApproval(tx, who, docType, family.label, action, rows));
  return {
    docType,
    name: family.label,
    nameEn: opts.nameEn,
    menuPath: opts.menuPath,
    base: family.base,
    initiatePermission: opts.initiatePermission ?? `${family.permissionPrefix}_update`,
    fields,
    async read(tx: Transaction<DB>, who: RowScope, docId: string) {
      const [row] = await docRepo.lockRows(tx, family, who, [docId]);
      if (!row) return null;
      const entity = (await docRepo.readEntity(tx, family, who, docId)) ?? {};
      const [stored] = await docRepo.readValues(tx, family, who, [docId]);
      const decision = decide(family.lifecycle, family.label, row, 'audit', family.extraState?.words);
      const values: Record<string, string | number | null> = {};
      const display: Record<string, string | null> = {};
      for (const f of fields) {
        values[f.key] = toValue(stored?.[f.key], f.type);
        if (f.type === 'id') {
          const name = entity[f.key.replace(/Id$/, 'Name')];
          display[f.key] = typeof name === 'string' ? name : null;
        }
      }
      return { id: row.id, docNo: row.code, title: `${family.label} ${row.code}`, refusal: decision.ok ? null : decision.message, values, display };
    },
    async approve(tx, who, docId) {
      await stateActionIn(tx, family, who, 'audit', [docId], { viaApproval: true });
    },
  };
}
