import { noticeDoneBody, noticeEndTimeBody, noticeMaxLimitBody } from '@wb/protocol';
import { defineAction, defineModule, type ActionDecl, type ListDecl } from '../../platform/module/define';
import { correctDone, correctEndTime } from './corrections';
import { noticeExpiryJob } from './expiry';
import { NOTICE_FAMILIES } from './family';
import { NOTICE_KINDS, noticePermission } from './kinds';
import { NOTICE_LEAVES } from './menu';
import { receivedAllotRoutes, noticeImportRoutes } from './routes';
import { noticeLineList, noticeLineResource, peerOrgList, peerOrgResource, receivedAllotListTemplate } from './templates';
import { maxLimitApproval, updateMaxLimit } from './approval';

/**
 * Notices (通知单): four document families on the engine (pu, sa, al, tr) with their lines, the
 * corrections of an audited notice, the lines' popup lists, the header-and-lines import and the
 * allot notices other companies address to this one. Quantities are held and done only through
 * quantity.ts (README: lock order).
 */
const familyOf = (i: number) => ({ family: NOTICE_FAMILIES[i], kind: NOTICE_KINDS[i].kind });

const lists: ListDecl[] = [
  ...NOTICE_KINDS.map((k, i): ListDecl => ({
    // the popup 选择通知单明细 reads the kind's open lines under its own template id
    url: `${NOTICE_FAMILIES[i].base}/line/v2/list`, template: `notice.${k.kind}.line.list`, permission: noticePermission(k.kind, 'view'), anyTplId: true,
  })),
  { url: `${NOTICE_FAMILIES[2].base}/received/v2/list`, template: receivedAllotListTemplate.formatCode, permission: noticePermission('al', 'received'), anyTplId: true },
  // the receiving company of an allot notice is picked among the group's other companies
  { url: '/api/notice/peer-org/v2/list', template: peerOrgList.formatCode, permission: noticePermission('al', 'view'), anyTplId: true },
];

// a raised ceiling walks its approval flow when the company defines one (approval.ts)
const MAX_LIMIT_APPROVALS = NOTICE_KINDS.map((_, i) => maxLimitApproval(familyOf(i).family, familyOf(i).kind));

const corrections: ActionDecl[] = NOTICE_KINDS.flatMap((_, i) => {
  const { family, kind } = familyOf(i);
  return [
    defineAction({
      path: `${family.base}/updateMaxLimit`, permission: noticePermission(kind, 'updateMaxLimit'), body: noticeMaxLimitBody,
      run: ({ tx, who, input }) => updateMaxLimit(tx, who, family, kind, MAX_LIMIT_APPROVALS[i], input.body),
      log: (_, done) => done.note, reply: (done) => done.reply,
      message: (done) => (done.pending ? '已提交审批，审批通过后生效' : '修改成功'),
    }),
    defineAction({
      path: `${family.base}/updateDone`, permission: noticePermission(kind, 'updateDone'), body: noticeDoneBody,
      run: ({ tx, who, input }) => correctDone(tx, who, family, kind, input.body),
      log: (_, done) => done.note, reply: (done) => done.reply, message: '修改成功',
    }),
    defineAction({
      path: `${family.base}/updateEndTime`, permission: noticePermission(kind, 'updateEndTime'), body: noticeEndTimeBody,
      run: ({ tx, who, input }) => correctEndTime(tx, who, family, kind, input.body),
      log: (_, done) => done.note, reply: (done) => done.reply, message: '修改成功',
    }),
  ];
});

export const noticeModule = defineModule({
  key: 'notice',
  depends: ['masterdata', 'contract', 'licence', 'workflow'],
  approvals: MAX_LIMIT_APPROVALS,
  jobs: [noticeExpiryJob],
  documents: NOTICE_FAMILIES,
  // popups before the forms that open them: the module seed orders them by their references
  templates: [peerOrgList, peerOrgResource, receivedAllotListTemplate, ...NOTICE_KINDS.map(noticeLineList), ...NOTICE_KINDS.map(noticeLineResource)],
  menu: [{ area: '/notice', leaves: NOTICE_LEAVES }],
  lists,
  actions: corrections,
  routes: (app, { db }) => {
    NOTICE_KINDS.forEach((_, i) => noticeImportRoutes(app, db, familyOf(i).family, familyOf(i).kind));
    receivedAllotRoutes(app, db, NOTICE_FAMILIES[2]);
  },
});
