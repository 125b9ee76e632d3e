/**
 * Texts of the lab bench's kiosk (批量质检平台, /viewWeigh) and of 质检终端's 发放密钥 dialog
 * (i18n key `kiosk`), Chinese first; the server's refusals are shown as it words them.
 */
export const kioskZh = {
  title: '批量质检平台', keyPlaceholder: '质检终端密钥', enter: '进入', loading: '加载中…', reload: '刷新',
  blindCode: '制样编码', recheck: '复检', saved: '{{what}} 已保存', noSamples: '没有待录入的样品',
  issueTitle: '发放质检终端密钥', issue: '发放', done: '完成', shownOnce: '密钥只显示这一次，请立即抄录',
  name: '终端名称', items: '化验项目编码',
  // where a key comes from: an administrator issues it (the permission named) and hands it to the bench
  keyHint: '没有密钥？请系统管理员在 质检化验 → 质检终端 中点“发放密钥”（需要“发放密钥”权限），将密钥或发放时给出的终端地址交给化验台；密钥保存在本浏览器中，被吊销后需重新输入。',
};

export type KioskTexts = typeof kioskZh;

export const kioskEn: KioskTexts = {
  title: 'Bulk inspection', keyPlaceholder: 'Kiosk key', enter: 'Enter', loading: 'Loading…', reload: 'Reload',
  blindCode: 'Blind code', recheck: 'recheck', saved: '{{what}} saved', noSamples: 'No samples waiting',
  issueTitle: 'Issue kiosk key', issue: 'Issue', done: 'Done', shownOnce: 'The key is shown this once: copy it now',
  name: 'Kiosk name', items: 'Assay item codes',
  keyHint: 'No key? An administrator issues one in Quality → Kiosks with Issue kiosk key (its permission needed) and gives the bench the key or the kiosk address shown; the key stays in this browser and must be entered again once revoked.',
};
