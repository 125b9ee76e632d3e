import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { ChangeNote } from '../audit/log';
import type { ConsistencyCheck } from '../checks/define';
import type { Caller } from '../auth/guard';
import type { Database, DatabaseHandle } from '../db/pool';
import type { DB } from '../db/schema';
import type { DocumentFamily } from '../documents/define';
import type { FileStorage } from '../files/storage';
import type { ScheduledJobDecl, WorkerDecl, PollerDecl } from '../jobs/define';
import type { ListOptions } from '../list/repo';
import type { ListHooks } from '../list/route';
import type { ApprovalDecl } from './approval';
import type { MenuPlacement } from './menu';
import type { ReportDataset } from '../reports/dataset';
import type { ReportDefinition } from '@wb/protocol';
import type { TemplateDef } from '../templates/define';

/**
 * A family module: everything one business family adds to the platform, declared in one file
 * (its `module.ts`). The app, the template seed and the menu seed iterate one list of modules
 * (domain/modules.ts); nothing else registers a family. See docs/ARCHITECTURE.md "How to add a
 * family".
 */
export interface FamilyModule {
  /** stable and unique: 'notice', 'weighing' */
  key: string;
  /** the modules this one builds on; each must come earlier in the list */
  depends?: string[];
  /** document families served whole by the document engine (list, get, create, update, ...) */
  documents?: DocumentFamily[];
  /** screen templates beyond the documents' own (their list, popup and forms are taken from them) */
  templates?: TemplateDef[];
  /** where its menu leaves and buttons go in the sidebar */
  menu?: MenuPlacement[];
  lists?: ListDecl[];
  actions?: ActionDecl[];
  /**
   * Calls that are not a JSON action or a template list: downloads, uploads, a server-sent stream.
   * Each still names its permission; a change they make writes its log entry itself.
   */
  routes?: (app: FastifyInstance, ctx: ModuleContext) => void;
  /** document types it puts under approval (domain/workflow); such a module depends on 'workflow' */
  approvals?: ApprovalDecl[];
  /** jobs run on a schedule (系统管理 → 定时任务), once per firing across instances (platform/jobs) */
  jobs?: ScheduledJobDecl[];
  /** workers of queues that enqueue() (platform/jobs/enqueue.ts) puts work on */
  workers?: WorkerDecl[];
  /** work found in its tables every few hundred milliseconds on each instance running jobs (platform/jobs/define.ts PollerDecl) */
  pollers?: PollerDecl[];
  /** the invariants its figures keep, checked from outside the writes (platform/checks: the nightly check and `npm run check:consistency`) */
  checks?: ConsistencyCheck[];
  /** the datasets its built-in reports read, offered to the report designer (platform/reports/dataset.ts) */
  datasets?: ReportDataset[];
  /** its built-in reports (报表中心), read-only definitions over its datasets; the designer copies them */
  reports?: ReportDefinition[];
}

/** What the platform hands a module's routes and hooks. */
export interface ModuleContext {
  db: Database;
  database: DatabaseHandle;
  list: ListOptions;
  storage: FileStorage;
  /** the clock of time-limited grants; tests move it */
  now: () => number;
  /** every template the modules seed (template administration checks edits against them) */
  templates: TemplateDef[];
  /** every module of the app, in order (what the approvals read the declared document types from) */
  modules?: FamilyModule[];
}

/** A `POST .../v2/list` served by the list engine from a template's whitelist, with its hooks. */
export interface ListDecl extends ListHooks {
  url: string;
  /** the LIST (or RESOURCE) template's formatCode */
  template: string;
  permission: string;
}

/** What an action's use case runs with: its transaction and the caller. */
export interface ActionCall<I> {
  tx: Transaction<DB>;
  who: Caller;
  input: I;
  now: () => number;
  /** the server the action is mounted on: what its routes check (a menu key still in use) */
  app: FastifyInstance;
  /** every module of the app as mounted (ModuleContext.modules): the registry of datasets and reports */
  modules?: FamilyModule[];
}

/** The parsed request: body, path parameters and query, each by its schema (absent: undefined). */
export interface ActionInput<B, P, Q> {
  body: B;
  params: P;
  query: Q;
}

/**
 * One call that changes something: a schema, a permission and a use case run in one transaction
 * that also writes its operation-log entries. A refused or rolled-back action leaves no entry.
 */
export interface ActionDecl<B = any, P = any, Q = any, R = any> {
  method?: 'POST' | 'PUT' | 'DELETE';
  /** the full path: `/api/notice/pu/updateMaxLimit`, `/api/weigh/pu/deduct/:id` */
  path: string;
  /** the key it checks; '' only with `signedIn` */
  permission: string;
  /** any signed-in user may call it, the use case deciding on whom (one's own password) */
  signedIn?: true;
  body?: z.ZodType<B>;
  /** the body parsed as sent: a missing or null body is refused by the schema, not read as {} */
  bodyAsSent?: true;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  run: (call: ActionCall<ActionInput<B, P, Q>>) => Promise<R>;
  /**
   * The entries the change writes, from what it was asked and what it did (a batch: one per
   * document). Written in the action's transaction, after the use case.
   */
  log: (input: ActionInput<B, P, Q>, result: R) => ChangeNote | ChangeNote[];
  /** the reply's message: 修改成功 */
  message?: string | ((result: R) => string);
  /** the reply's data, when it is not the use case's result */
  reply?: (result: R) => unknown;
  /**
   * After a refusal or a roll-back, in a transaction of its own: what must be kept of a refused try
   * (the weigh log). `input` is null when the request did not parse; `raw` is the body as sent.
   */
  refused?: (call: Omit<ActionCall<ActionInput<B, P, Q> | null>, 'tx' | 'app'> & { db: Database; raw: unknown; error: unknown }) => Promise<void>;
  /** a call that changes no business data: answered in the demo environment */
  demoAllowed?: true;
}

/** Typed by its schemas and use case; the wrapper and the list of modules take it as it is. */
export function defineAction<B = undefined, P = undefined, Q = undefined, R = unknown>(action: ActionDecl<B, P, Q, R>): ActionDecl {
  return action as ActionDecl;
}

export function defineModule(module: FamilyModule): FamilyModule {
  return module;
}
