import type { ListDecl } from '../../platform/module/define';
import { HISTORY_STATE, historyFormat } from './history';
import { registryBase, registryPermission, type RegistryKind } from './kinds';

/**
 * 出厂记录: the released trips of a kind (history.ts), whatever the client asks; served by POST with
 * a list body here, and by GET with plain query words (routes.ts) through the same pipeline.
 */
export const historyList = (kind: RegistryKind): ListDecl => ({
  url: `${registryBase(kind)}/hisRelease`, template: historyFormat(kind), permission: `${registryPermission(kind)}_hisRelease`, anyTplId: true,
  forced: () => [{ key: 'tripState', op: 'eq', val: HISTORY_STATE }],
});

/** The create form's popup: the kind's lines of audited notices. */
export const noticeLineList = (kind: RegistryKind): ListDecl => ({
  url: `${registryBase(kind)}/notice-line/v2/list`, template: `registry.${kind}.notice-line.list`, permission: `${registryPermission(kind)}_view`, anyTplId: true,
  forced: () => [{ key: 'kind', op: 'eq', val: kind }],
});
