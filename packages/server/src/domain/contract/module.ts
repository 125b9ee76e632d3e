import { defineAction, defineModule, type ActionDecl, type ListDecl } from '../../platform/module/define';
import { AMEND_FAMILIES, CONTRACT_FAMILIES } from './family';
import { amendPermission, CONTRACT_KINDS, contractBase, contractPermission } from './kinds';
import { documentApproval } from '../workflow/declare';
import { CONTRACT_MENUS } from './menu';
import { qualityTermsBody, saveQualityTerms } from './quality';
import { contractLineList, contractLineResource } from './templates';

/**
 * Contracts (合同): purchase, sales and allot contracts on the document engine with their pricing
 * rows, their amendments (补充协议) and quality terms, and the popup of lines in force that a
 * notice line draws on. The notices' draw on a line is guarded in the notice's own write
 * (draw.ts, called from domain/notice/family.ts); README: lock order.
 */
const lists: ListDecl[] = CONTRACT_KINDS.map((k): ListDecl => ({
  // the popup 选择合同明细 reads the kind's lines in force under its own template id; it serves the
  // notice form, so whoever may see the kind's notices may pick a line
  url: `${contractBase(k.kind)}/line/v2/list`, template: `contract.${k.kind}.line.list`, permission: `notice_${k.kind}_view`, anyTplId: true,
}));

// the right of the list's 质量条款 button (menu.ts), which opens the terms of a draft to edit
const quality: ActionDecl[] = CONTRACT_KINDS.map((k) => defineAction({
  path: `${contractBase(k.kind)}/quality`, permission: contractPermission(k.kind, 'quality'), body: qualityTermsBody,
  run: ({ tx, who, input }) => saveQualityTerms(tx, who, k, input.body),
  log: (_, done) => done.note, reply: (done) => done.reply, message: '修改成功',
}));

export const contractModule = defineModule({
  key: 'contract',
  depends: ['masterdata', 'workflow'],
  documents: [...CONTRACT_FAMILIES, ...AMEND_FAMILIES],
  // contracts and their amendments are audited by their approval flow when their company defines one
  approvals: CONTRACT_KINDS.flatMap((k, i) => [
    documentApproval(CONTRACT_FAMILIES[i], { nameEn: k.pluralEn, menuPath: k.menuPath, initiatePermission: contractPermission(k.kind, 'submitApproval') }),
    documentApproval(AMEND_FAMILIES[i], { nameEn: `${k.labelEn} amendments`, menuPath: k.amendPath, initiatePermission: amendPermission(k.kind, 'submitApproval') }),
  ]),
  templates: [...CONTRACT_KINDS.map(contractLineList), ...CONTRACT_KINDS.map(contractLineResource)],
  menu: CONTRACT_MENUS,
  lists,
  actions: quality,
});
