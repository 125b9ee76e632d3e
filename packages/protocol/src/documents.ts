import { z } from 'zod';
import { idSchema } from './id';

/**
 * Document actions (spec: calls section 7, "General method pattern"; DESIGN section 3): one path
 * scheme for every family, `/api/{family}/{kind}/` followed by the action. The web derives a
 * family's base path from its list template's resUrl (everything before `/v2/list`), so a
 * screen needs nothing but its template to reach every action.
 *
 *   POST   {base}/v2/list            listRequest                 -> { list, total, tongji?, estimated? }
 *   POST   {base}/create             { entity } | { entity, entitysub }   -> the stored entity (as get)
 *   PUT    {base}/update             { entity } with id and version       -> the stored entity
 *   GET    {base}/get/{id}                                        -> the entity (plus entitysub)
 *   DELETE {base}/delList            { ids }                      -> { count }
 *   POST   {base}/{stateAction}      { ids }                      -> { count, warnings? }   (audit, unaudit, enable, ...)
 *   POST   {base}/copy/{id}                                       -> the new entity
 *   POST   {base}/copy               { ids }   (families allowing several) -> { count }
 *   POST   {base}/export             listRequest without limit    -> .xlsx, streamed
 *   GET    {base}/import/template                                 -> .xlsx with the import columns
 *   POST   {base}/import             multipart, one .xlsx file    -> { imported } | 400 with data.errors
 *   GET    {base}/autocomplete?search=  (or POST with a listRequest) -> { list }
 *   POST   {base}/datax              { entities }  keyed by code  -> { created, updated }
 *   POST   {base}/allocate           { ids, orgIds }              -> { count }   (group archives)
 *   POST   {base}/cancelAllocate     { ids, orgIds }              -> { count }
 *
 * A batch action is all or nothing: when one row may not take it, nothing changes and the 400
 * names that row.
 */

/** Most rows one batch action takes; a screen's selection across pages stays far below it. */
export const BATCH_IDS_MAX = 500;
/** Most rows one datax call upserts. */
export const DATAX_ENTITIES_MAX = 1000;
/** Most data rows one import file may hold. */
export const IMPORT_ROWS_MAX = 20_000;

const id = idSchema;

export const idsBody = z.strictObject({
  ids: z.array(z.union([id, z.number().int().positive().transform(String)])).min(1, '请至少选择一条数据！').max(BATCH_IDS_MAX),
});
export type IdsBody = z.infer<typeof idsBody>;

/**
 * Contracts (采购/销售/调拨合同 and their amendments, /api/contract/...) ask for a selection in their
 * own words (spec: Contract action needs selection): the list's buttons and the server say it alike.
 */
export const CONTRACT_SELECTION_MESSAGE = '请选择要操作的信息';
export const isContractBase = (base: string) => base === '/api/contract' || base.startsWith('/api/contract/');

export const allocateBody = z.strictObject({
  ids: idsBody.shape.ids,
  orgIds: z.array(z.union([id, z.number().int().positive().transform(String)])).min(1, '请选择组织').max(200),
});
export type AllocateBody = z.infer<typeof allocateBody>;

/** A saved entity: field names as in the family's templates; the server checks each. */
export const entityBody = z.strictObject({
  entity: z.record(z.string().max(100), z.unknown()),
  entitysub: z.array(z.record(z.string().max(100), z.unknown())).max(2000).optional(),
});
export type EntityBody = z.infer<typeof entityBody>;

export const dataxBody = z.strictObject({
  entities: z.array(z.record(z.string().max(100), z.unknown())).min(1).max(DATAX_ENTITIES_MAX),
});
export type DataxBody = z.infer<typeof dataxBody>;

/** Actions that move a document between states (DESIGN section 5: one transition table per family). */
export const STATE_ACTIONS = ['audit', 'unaudit', 'enable', 'disable', 'obsolete', 'recover'] as const;
export type StateAction = (typeof STATE_ACTIONS)[number];

/** One bad cell of an import: the sheet row (1 = the header) and the column's field. */
export interface ImportProblem {
  row: number;
  field: string | null;
  message: string;
}

export interface CountReply {
  count: number;
  /** what a state action did that the user should know of without it being refused (a stock balance left below zero) */
  warnings?: string[];
}
export interface DataxReply { created: number; updated: number }
export interface ImportReply { imported: number }

/** The base path of a family from its list template's resUrl: `/api/masterdata/vendor/v2/list` -> `/api/masterdata/vendor`. */
export function documentBase(resUrl: string): string {
  return resUrl.replace(/\/v2\/list$/, '').replace(/\/list$/, '');
}

/**
 * What a list screen's button does. Buttons are menu entries of kind 'button' under the list's
 * menu entry (spec section 3: Button); the entry's `component` holds one of these names, its
 * `permision` the key the server checks on the matching route, its label the text shown. A form
 * (FORMAT_*_FROM template) is bound to the 'create' / 'update' button entry (button_menu_id), so
 * the web reads it with GET /api/cg-format/template?formatType=FORM&menuId=<button entry id>.
 * 'view' is the list's own permission (list, get, export, autocomplete) and shows no button.
 */
export const BUTTON_ACTIONS = [
  'view', 'create', 'update', 'delList', 'audit', 'unaudit', 'enable', 'disable', 'obsolete', 'recover',
  'copy', 'export', 'import', 'allocate', 'cancelAllocate', 'loss', 'reuse',
] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

export function isButtonAction(value: string | null | undefined): value is ButtonAction {
  return value != null && (BUTTON_ACTIONS as readonly string[]).includes(value);
}

/**
 * A family's own action on a list button (registry letin/letout, ticket down/print, notice
 * updateMaxLimit...), named in the button entry's `component` with a prefix that says how the web
 * runs it; the entry's `permision` is `<prefix>_<name>` like every other button:
 *   `batch:<name>`  POST {base}/<name> with { ids } of the selected rows (one or more) -> { count }
 *   `one:<name>`    POST {base}/<name>/{id} with exactly one row selected -> the changed entity
 *   `page:<name>`   a handler the web registers under that name runs it (a dialog of its own:
 *                   reading an IC card, entering deductions, printing); the screen passes it the
 *                   base, the selected ids and a refresh
 */
export const FAMILY_ACTION_KINDS = ['batch', 'one', 'page'] as const;
export type FamilyActionKind = (typeof FAMILY_ACTION_KINDS)[number];
export interface FamilyButtonAction { kind: FamilyActionKind; name: string }

const FAMILY_ACTION = /^(batch|one|page):([A-Za-z][A-Za-z0-9]{0,39})$/;

export function familyButtonAction(component: string | null | undefined): FamilyButtonAction | null {
  const m = component == null ? null : FAMILY_ACTION.exec(component);
  return m ? { kind: m[1] as FamilyActionKind, name: m[2] } : null;
}

/**
 * A list row may carry, under this field, what its document's lifecycle allows it now: an object of
 * button action names (ButtonAction or a family action's name) to true or false. A button named
 * there is disabled while a selected row says false; a button not named is not governed by it. The
 * server refuses the action all the same: this only keeps a screen from offering what will be refused.
 */
export const ROW_ACTIONS_FIELD = 'rowActions';
export type RowActions = Readonly<Record<string, boolean>>;

/** The selected rows' verdict on one button: false when any row's lifecycle says no. */
export function rowsAllow(rows: readonly Record<string, unknown>[], button: string): boolean {
  return rows.every((row) => {
    const actions = row[ROW_ACTIONS_FIELD] as RowActions | null | undefined;
    return !actions || typeof actions !== 'object' || actions[button] !== false;
  });
}

export const familyButtonComponent = (kind: FamilyActionKind, name: string) => `${kind}:${name}`;
