import type { DocField, DocumentChildren, EntityValues } from '../../platform/documents/define';
import type { FieldDef } from '../../platform/templates/define';
import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { checkNoticeGrant, registryFormProblems } from './checks';
import { pick } from './fields';

/**
 * What the sales notice and the sales registry carry for the licence control: the fields, their
 * popups and the checks their families call. Kept here so those families change by a line each.
 */
const grantByCode = { name: 'grantNo', label: '许可证号', table: 'mgp_grant', codeColumn: 'grant_no', scope: 'org' } as const;

/** 许可证 on a sales notice's header. */
export const NOTICE_GRANT_FIELD: DocField = { name: 'grantId', column: 'grant_id', label: '许可证', type: 'id', byCode: grantByCode };

const grantNoSql = '(SELECT g.grant_no FROM mgp_grant g WHERE g.id = t.grant_id)';
const collectorNameSql = '(SELECT e.employee_name FROM mgp_employee e WHERE e.id = t.collector_id)';

/** The form's 许可证 popup (the header of a sales notice, a sales registry). */
export const grantFormFields = (table: string): FieldDef[] =>
  pick(table, { name: 'grantNo', idName: 'grantId', label: '许可证', labelEn: 'Grant', nameSql: grantNoSql, idColumn: 'grant_id', formatCode: 'licence.grant.open.resource', from: 'grantNo' })
    .map((f) => (f.fieldName === 'grantNo' ? { ...f, tipsMessage: '管控产品必须选择有效的许可证' } : f));

/** The sales notice's lines, checked with their header for the grant a controlled product needs. */
export function withGrantCheck(children: DocumentChildren): DocumentChildren {
  const own = children.checkWrite;
  return {
    ...children,
    checkWrite: async (tx, who, parentId, header, rows) => {
      const problems = own ? await own(tx, who, parentId, header, rows) : [];
      if (problems.length === 0) await checkNoticeGrant(tx, who.orgId, header, rows);
      return problems;
    },
  };
}

/** 许可证 and 授权提货人 on a sales registry. */
export const REGISTRY_LICENCE_FIELDS: DocField[] = [
  { ...NOTICE_GRANT_FIELD, importable: false },
  { name: 'collectorId', column: 'collector_id', label: '授权提货人', type: 'id', importable: false },
];

export const registryLicenceFormFields = (table: string): FieldDef[] => [
  ...grantFormFields(table),
  ...pick(table, { name: 'collectorName', idName: 'collectorId', label: '授权提货人', labelEn: 'Authorised collector', nameSql: collectorNameSql, idColumn: 'collector_id', formatCode: 'licence.employee.resource', from: 'employeeName' }),
];

/** The sales registry's form checked for its grant and collector (a blank grant takes its notice's). */
export const registryLicenceProblems = (tx: Transaction<DB>, orgId: string, values: EntityValues) => registryFormProblems(tx, orgId, values);
