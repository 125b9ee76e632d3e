import { useEnglish } from '@/i18n/useEnglish';

/** Texts of the generic page styles (tree with form, tabbed form, detail form), Chinese first. */
const zh = {
  treeFilter: '输入关键字进行过滤',
  addChild: '新增下级', addSibling: '新增同级', remove: '删除', save: '保存', cancel: '取消', refresh: '刷新',
  choose: '请在左侧选择一个节点', noNodes: '暂无数据', newUnder: '新增：上级为 {{name}}', newTop: '新增：顶级节点',
  saved: '保存成功', removed: '删除成功', removeConfirm: '此操作将永久删除该数据, 是否继续?', tip: '温馨提示',
  readOnly: '只读', basic: '基本信息', noRows: '暂无数据', loadFailed: '加载失败',
};
export type PageTexts = typeof zh;

const en: PageTexts = {
  treeFilter: 'Type to filter',
  addChild: 'Add below', addSibling: 'Add beside', remove: 'Delete', save: 'Save', cancel: 'Cancel', refresh: 'Refresh',
  choose: 'Choose a node on the left', noNodes: 'No data', newUnder: 'New: under {{name}}', newTop: 'New: top level',
  saved: 'Saved', removed: 'Deleted', removeConfirm: 'This will permanently delete the data. Continue?', tip: 'Notice',
  readOnly: 'Read only', basic: 'Basic information', noRows: 'No data', loadFailed: 'Failed to load',
};

export function usePageTexts(): PageTexts {
  return useEnglish() ? en : zh;
}

export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
