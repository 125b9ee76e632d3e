import type pg from 'pg';
import type { ReportField, ReportParam } from '@wb/protocol';

/**
 * The report centre's one contract (报表中心): every report, built-in or designed, reads a dataset.
 * A dataset is a SELECT with named parameters and typed fields; the platform pages, sorts, totals,
 * groups, charts and exports it (platform/reports), so a built-in report, a designed report and a
 * database-source report are read, filtered and exported the same way.
 *
 * A family declares its built-in datasets in its module (`datasets`); a designed report names one
 * of them, or a database-source query (its SQL text, run by the guarded executor), as its source.
 */

/** A SELECT with its positional values ($1, $2 ...), as node-postgres takes it. */
export interface DatasetQuery {
  text: string;
  values: unknown[];
}

/** Who reads, and with what: what a dataset's SELECT is built for. */
export interface DatasetInput {
  orgId: string;
  userId: string;
  /** parameter values after defaults and macros, checked against the params' types */
  params: Record<string, unknown>;
  /** PLANT_TIME_ZONE: which instant a plant day starts */
  timeZone: string;
}

/**
 * Where a dataset's SELECT runs. 'app': the platform's own connection in a READ ONLY transaction
 * (built-in datasets: trusted code that scopes by orgId itself). 'guarded': the report reader role
 * under row-level security for the caller's organisation (SQL an administrator typed). A data
 * source id: that read-only source of 系统管理 → 数据源.
 */
export type DatasetExecutor = 'app' | 'guarded' | { dataSourceId: string };

export interface ReportDataset {
  /** stable and unique: 'weighing.daily', 'stock.period' */
  key: string;
  name: string;
  nameEn: string;
  /** the right a role needs to read it (a menu leaf's or button's permission key) */
  permission: string;
  params: ReportParam[];
  fields: ReportField[];
  executor: DatasetExecutor;
  /**
   * The company a 'guarded' or data-source dataset belongs to (a database-source report's, set by
   * loadSqlDataset): the guarded executor shows only its rows, the data source is looked up in it.
   */
  orgId?: string;
  /**
   * The rows it reads at most (a database-source report's cap): more are cut, and the viewer, the
   * print and the export say so (platform/reports/run.ts `isTruncated`). None: every row.
   */
  rowCap?: number;
  /**
   * The rows, in no particular order: the platform wraps it to sort, page, total and group. A
   * dataset with a rowCap reads at most `cap` rows (default its rowCap): the platform asks for one
   * more to learn whether it was cut.
   */
  query(input: DatasetInput, cap?: number): DatasetQuery;
}

/** A client an executor hands a dataset's SELECT to: inside its transaction, set up for the caller. */
export type ReportClient = Pick<pg.PoolClient, 'query'>;
