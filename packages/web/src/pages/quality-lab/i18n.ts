/**
 * Texts of the lab's 录入结果 and 复检 dialogs on the 化验单 and 复检 lists (i18n key `qualityLab`),
 * Chinese first; the server's refusals are shown as it words them.
 */
export const qualityLabZh = {
  oneRow: '请选择一个样品',
  enterTitle: '录入结果', recheckTitle: '复检',
  blindCode: '制样编码', material: '物料', format: '化验模板', state: '状态', round: '化验轮次', recheckMode: '复检方式',
  modes: { REPLACE: '复检结果替换首检', AVERAGE: '取首检与复检平均值' } as Record<string, string>,
  columns: { item: '化验项目', unit: '单位', range: '有效范围', decimals: '小数位', first: '首检', recheck: '复检', value: '本轮录入', final: '最终值' },
  derived: '公式计算', notYours: '非本人项目', noItems: '您没有可录入的化验项目',
  enterHint: '输入数值后按回车跳到下一项，最后一项按回车保存。',
  conflict: '数据已被他人修改，请刷新',
  saved: '保存成功', nothingChanged: '没有修改',
  reason: '复检原因', reasonPlaceholder: '例如：供方对水分有异议', reasonRequired: '请填写复检原因',
  recheckHint: '复检开启第二轮化验，录入并审核后按化验模板的复检方式得出最终值。',
  recheckDone: '已发起复检',
  ok: '保 存', cancel: '取 消', close: '关 闭', recheckOk: '发起复检',
};

export type QualityLabTexts = typeof qualityLabZh;

export const qualityLabEn: QualityLabTexts = {
  oneRow: 'Select one sample',
  enterTitle: 'Enter results', recheckTitle: 'Recheck',
  blindCode: 'Blind code', material: 'Material', format: 'Assay format', state: 'State', round: 'Round', recheckMode: 'Recheck',
  modes: { REPLACE: 'The recheck replaces the first result', AVERAGE: 'The mean of the first result and the recheck' },
  columns: { item: 'Assay item', unit: 'Unit', range: 'Valid range', decimals: 'Decimals', first: 'First', recheck: 'Recheck', value: 'This round', final: 'Final' },
  derived: 'By formula', notYours: 'Not your item', noItems: 'You have no assay items to enter',
  enterHint: 'Type a value and press Enter for the next item; Enter on the last one saves.',
  conflict: 'Someone else changed the data: please reload',
  saved: 'Saved', nothingChanged: 'Nothing changed',
  reason: 'Reason', reasonPlaceholder: 'e.g. the vendor disputes the moisture', reasonRequired: 'Enter the reason for the recheck',
  recheckHint: 'A recheck opens a second round; once entered and checked, the format says how the final value is found.',
  recheckDone: 'Recheck opened',
  ok: 'Save', cancel: 'Cancel', close: 'Close', recheckOk: 'Open recheck',
};
