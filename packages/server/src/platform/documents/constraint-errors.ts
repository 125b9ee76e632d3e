import type { DocumentFamily } from './define';

/**
 * What the database refused, said as a user would: PostgreSQL's unique, foreign-key and check
 * violations become a 400 naming the field, instead of a 500. The constraints are the last line;
 * the engine checks what it can before writing, so these mostly catch races and references.
 */
interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
}

export interface ConstraintProblem {
  field: string | null;
  message: string;
  /** the key's values, to find the row of an import that broke it */
  values: string[];
  /** the key's columns and values as the database named them */
  key: Record<string, string>;
}

const UNIQUE = '23505';
const FOREIGN_KEY = '23503';
const CHECK = '23514';
const NOT_NULL = '23502';

/** "Key (group_id, vendor_code)=(1, GYS0001) already exists." -> columns and values */
function keyOf(detail: string | undefined): { columns: string[]; values: string[] } {
  const m = /Key \((.+?)\)=\((.*?)\)/.exec(detail ?? '');
  if (!m) return { columns: [], values: [] };
  return { columns: m[1].split(',').map((c) => c.trim()), values: m[2].split(',').map((v) => v.trim()) };
}

const SCOPE_COLUMNS = new Set(['org_id', 'group_id']);

/** The field a key is about: the code when the key has it (area code within its warehouse), else the first. */
function fieldOfColumns(family: DocumentFamily, columns: string[]) {
  const own = columns.filter((c) => !SCOPE_COLUMNS.has(c));
  if (own.includes(family.code.column)) return family.fields.find((f) => f.column === family.code.column) ?? null;
  return family.fields.find((f) => own.includes(f.column)) ?? null;
}

export function constraintProblem(family: DocumentFamily, err: unknown): ConstraintProblem | null {
  const e = err as PgError;
  if (!e || typeof e !== 'object' || !e.code) return null;
  const { columns, values } = keyOf(e.detail);
  const key = Object.fromEntries(columns.map((c, i) => [c, values[i]]));
  const field = fieldOfColumns(family, columns);
  const own = values.filter((_, i) => !SCOPE_COLUMNS.has(columns[i]));
  const shown = field && columns.includes(field.column) ? [values[columns.indexOf(field.column)]] : own;
  switch (e.code) {
    case UNIQUE: {
      if (e.constraint === 'md_ic_card_vehicle_uq') return { field: 'vehicleId', message: '该车辆已有正常使用的IC卡', values: own, key };
      // a key over several columns (one opening stock per warehouse and material) says what it means
      const named = e.constraint ? family.constraintMessages?.[e.constraint] : undefined;
      if (named) return { field: named.field, message: named.message, values: own, key };
      return { field: field?.name ?? null, message: `${field?.label ?? family.label}${shown.length ? ` ${shown.join(',')}` : ''} 已存在`, values: shown, key };
    }
    case FOREIGN_KEY:
      if (e.table !== family.table && /still referenced/.test(e.detail ?? '')) {
        return { field: null, message: `${family.label}已被其他单据或资料使用，不能删除`, values: own, key };
      }
      return { field: field?.name ?? null, message: `${field?.label ?? '关联数据'}不存在或未分配给当前公司`, values: own, key };
    case CHECK:
    case NOT_NULL: {
      const known = e.constraint ? family.constraintMessages?.[e.constraint] : undefined;
      if (known) return { field: known.field, message: known.message, values: [], key };
      return { field: field?.name ?? null, message: `${family.label}数据不符合规则（${e.constraint ?? e.detail ?? ''}）`, values: [], key };
    }
    default:
      return null;
  }
}
