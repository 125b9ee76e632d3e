import type { SearchCondition } from '@wb/protocol';
import type { Transaction } from 'kysely';
import type { Database } from '../db/pool';
import type { DB } from '../db/schema';
import type { RowScope, Who } from '../auth/who';
import type { TemplateDef } from '../templates/define';
import type { CodeRule } from '../numbering/rules';
import type { Lifecycle } from './lifecycle';

/** What a request may write into one column, and how its text is read and checked. */
export interface DocField {
  /** the key in entity, import headers and datax, as the templates name the field */
  name: string;
  column: string;
  /** Chinese label: messages and the import sheet's header */
  label: string;
  /** timeRange: two times of day (the web's TIME_RANGE_BOX), kept in one text column as 'HH:mm:ss,HH:mm:ss' */
  /** time: one time of day (the web's TIME_BOX_TIM), kept in a text column as 'HH:mm:ss' */
  /** dateRange: two days (the web's DATA_RANGE_BOX), kept in a text column as 'yyyy-MM-dd,yyyy-MM-dd' */
  type: 'text' | 'number' | 'integer' | 'boolean' | 'date' | 'datetime' | 'enum' | 'id' | 'timeRange' | 'time' | 'dateRange';
  required?: boolean;
  /** false: written on create only (a code, the card's chip serial) */
  updatable?: boolean;
  /** unique within the family's scope: checked row by row on import (mark the code field too) */
  unique?: boolean;
  /** text: most characters */
  maxLength?: number;
  /** number: decimals kept, and the bounds */
  scale?: number;
  min?: number;
  /** number: values must stay below this (money: 1e15) */
  below?: number;
  options?: readonly { value: string; label: string }[];
  /** the value a create without it stores (the column's default) */
  default?: string | number | boolean;
  /** text: the stored form (upper-cased plate, trimmed id number) */
  normalise?: (text: string) => string;
  /** text: null when valid, else the message */
  check?: (text: string) => string | null;
  /** text: several values (a multi-select's list, or 'a,b' as a sheet holds them), kept comma-joined */
  list?: boolean;
  /** false: not a column of the import sheet (ids of other rows cannot be typed) */
  importable?: boolean;
  /**
   * true: the family figures it from the other fields before the engine reads them (a manual
   * ticket's net and amount): a value the request sends is replaced, never stored as sent
   */
  derived?: boolean;
  /**
   * An id field an import sheet or an ERP names by the other row's code instead: the column
   * `name` (labelled `label`) holds the code, looked up in `table` within the group or company.
   */
  byCode?: { name: string; label: string; table: string; codeColumn: string; scope: 'group' | 'org' };
  /**
   * A text field that names a row of an archive by that row's name (a freight price's region, a
   * name of 区域档案): a value not found in `table`'s `nameColumn` within the group or company is
   * refused with `label` and the archive's name (`archive`), whichever way the value comes.
   */
  named?: { label: string; table: string; nameColumn: string; scope: 'group' | 'org'; archive: string };
}

/**
 * Company rows (org_id); group archives (group_id) a company uses through an allocation row; or
 * rows kept once per group that every company of it uses as they are (inventory classes).
 */
export type DocScope = { kind: 'org' } | { kind: 'group'; allocTable: string } | { kind: 'shared' };

export type EntityValues = Record<string, unknown>;

/** A problem of one child row: `row` counts from 1 as the child table shows it; null for the set as a whole. */
export interface ChildProblem {
  row: number | null;
  field: string;
  message: string;
}

/** One child row as the engine writes it: its id when it is stored already, and its values. */
export interface ChildRow {
  id: string | null;
  values: EntityValues;
  /** the version the row was read at (sent back by the form), or the stored one */
  version?: number;
}

/**
 * A document's child rows (notice lines, a line's control points, a dictionary's items): a table
 * of their own whose rows belong to one header. The child table has the engine's columns id,
 * org_id (the header's company), the parent column, version, created_by, updated_by, updated_at.
 */
export interface DocumentChildren {
  /** the rows' word in messages: 控制点 */
  label: string;
  table: string;
  /** the column holding the header's id */
  parentColumn: string;
  fields: DocField[];
  /** the fields get/{id} answers for each row, as the child table names them: name -> SQL over t */
  readFields: { name: string; sql: string }[];
  /** the rows' order: kept as the rows come and renumbered from 1 on every write */
  seq?: { field: string; column: string };
  /** checks across one row's fields (pure) */
  validate?: (values: EntityValues) => { field: string; message: string }[];
  /**
   * Checks over the whole child set as it will be (the header's lock is held): a line's order
   * rules. `parentId` is null on create; `header` holds the header's values after the write.
   */
  checkWrite?: (tx: Transaction<DB>, who: Pick<Who, 'orgId' | 'groupId'>, parentId: string | null, header: EntityValues, rows: ChildRow[]) => Promise<ChildProblem[]>;
  /** what a named CHECK constraint of the child table means, said to the user */
  constraintMessages?: Record<string, { field: string; message: string }>;
}

/** A state action hook's answer: the problems refusing it, or those and the warnings it goes through with. */
export type StateActionAnswer = { field: string; message: string }[] | { problems: { field: string; message: string }[]; warnings: string[] };

export interface DocumentFamily {
  /** the family's word in messages: 供应商 */
  label: string;
  /** its word in the operation log where the messages' is shared by several families (登记单: 采购登记单) */
  logLabel?: string;
  /** `/api/masterdata/vendor`: every action is base + its path */
  base: string;
  /** permission keys are `${permissionPrefix}_${action}` */
  permissionPrefix: string;
  table: string;
  scope: DocScope;
  /** the field that names a row in messages and keys import and datax */
  code: { field: string; column: string };
  /** numbering of blank codes; absent: the code must be typed */
  numbering?: { docKind: string; fallback: CodeRule };
  fields: DocField[];
  lifecycle: Lifecycle;
  /** the document status column (FREE / AUDITED / OBSOLETE); absent: always FREE */
  statusColumn?: string;
  /** what an action on no selected row is told (contracts: 请选择要操作的信息); absent: the contract's 请至少选择一条数据！ */
  selectionMessage?: string;
  /** the family's own state column, its words for messages, and a time stamped on entering one state */
  extraState?: { column: string; words: Record<string, string>; stamp?: { column: string; when: string } };
  /** the list template (v2/list and export) and the popup template (autocomplete) */
  listTemplate: TemplateDef;
  resourceTemplate?: TemplateDef;
  /** the create and update forms (and any other template the family seeds) */
  forms: TemplateDef[];
  /** the fields get/{id} answers, as the form names them: name -> SQL over t */
  readFields: { name: string; sql: string }[];
  copy: 'none' | 'one' | 'many';
  /** columns a copy must not carry over (unique numbers of the original) */
  copyClears?: string[];
  /** a column made unique by appending the copy's new code */
  copyMarks?: string;
  /** keeps hidden sections consistent (trailer fields without a trailer), then checks across fields */
  normalise?: (values: EntityValues) => EntityValues;
  validate?: (values: EntityValues) => { field: string; message: string }[];
  datax?: boolean;
  /**
   * What names a row in a datax push where the code alone does not (an area's code repeats between
   * warehouses, an item's between types; a blacklist entry has no code): these fields' values
   * together, NULL matching NULL. Absent: the code. Company rows only.
   */
  dataxKey?: string[];
  /**
   * Fields a datax push may leave blank (with dataxKey): a new row takes the SQL expression given
   * (the blacklist's start: now()), an existing row keeps what it holds, so the same push sent
   * twice changes nothing. Their form-side default (normalise) is not applied to a push.
   */
  dataxBlankKeeps?: Record<string, string>;
  import?: boolean;
  /**
   * Checks that need the database, inside the write's transaction (create and update): a class
   * moved under its own sub-class, a photo that is another company's file. `id` is null on create.
   */
  checkWrite?: (tx: Transaction<DB>, who: Pick<Who, 'orgId' | 'groupId'>, id: string | null, values: EntityValues) => Promise<{ field: string; message: string }[]>;
  /** Checks that need the database before rows are deleted (delList), inside its transaction. */
  checkDelete?: (tx: Transaction<DB>, who: Pick<Who, 'orgId' | 'groupId'>, ids: string[]) => Promise<{ field: string; message: string }[]>;
  /**
   * What a state action needs from the database beyond the transition table (a notice with trucks
   * on the way is not voided) and writes beside the status (who audited, when): run in the
   * action's transaction once the rows are locked and the table allowed the action; any problem
   * refuses the whole batch. It may answer warnings as well (a stock balance left below zero): the
   * action goes through and the reply carries them to the user.
   */
  onStateAction?: (tx: Transaction<DB>, who: RowScope, action: string, ids: string[]) => Promise<StateActionAnswer>;
  /** what a named CHECK (or multi-column UNIQUE) constraint of the table means, said to the user */
  constraintMessages?: Record<string, { field: string; message: string }>;
  /**
   * Child rows: create and update take them as `entitysub` and write them in the header's
   * transaction; get/{id} answers them; copy copies them; delList deletes them.
   */
  children?: DocumentChildren;
  /**
   * Who may change the family beyond its permission keys (organisations: administrators only,
   * and never the company one works in switched off): asked by the engine before every action
   * that changes rows (create, update, delList, state actions, copy, import, datax, allocation),
   * once the request is read; it refuses by throwing, and nothing is written.
   */
  authorise?: (db: Database, who: Who, action: string, target: { ids?: string[]; entity?: EntityValues }) => Promise<void>;
  /**
   * Before create and update read the entity: a family that derives fields from the typed ones (a
   * manual ticket's net and amount) writes them into `entity` here, or refuses with a 400. Runs
   * before the entity is parsed, outside the write's transaction.
   */
  prepare?: (db: Database, who: RowScope, entity: Record<string, unknown>, mode: 'create' | 'update') => Promise<void>;
  /** After a datax push wrote its rows, in its transaction: what the family keeps in step (a dictionary type's version). */
  afterDatax?: (tx: Transaction<DB>, who: RowScope, rows: EntityValues[]) => Promise<void>;
  /** After create wrote the row, in its transaction: what the family tells others of it (an event). */
  afterCreate?: (tx: Transaction<DB>, who: RowScope, id: string) => Promise<void>;
  /** a tree list: the condition the chosen node (param.treeId) adds to the search */
  treeFilter?: (db: Database, who: Pick<Who, 'orgId' | 'groupId'>, treeId: string) => Promise<SearchCondition>;
}

export const fieldByName = (family: DocumentFamily, name: string) => family.fields.find((f) => f.name === name);
export const codeField = (family: DocumentFamily) => fieldByName(family, family.code.field) as DocField;
