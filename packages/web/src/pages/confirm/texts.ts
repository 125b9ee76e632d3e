import { useEnglish } from '@/i18n/useEnglish';

/** Texts of the site-confirmation grids, Chinese first. */
const zh = {
  operations: '操作', done: '操作成功', deductTitle: '确认卸货', deductIntro: '录入现场扣重（按吨或按净重比例），不扣则留空。',
  kind: '扣重项目', mode: '方式', value: '扣重', amount: '吨', rate: '%', pieces: '件数', askNot: '确定取消确认吗?', askLeave: '确定{{what}}吗? 磅单将关闭，不再计算净重。',
  sampleTitle: '取样判定：{{what}}', loadFailed: '列表模板加载失败', retry: '重新加载',
  stockAddress: '库存地址', silo: '装车筒仓', noPlace: '不指定',
};
const en: typeof zh = {
  operations: 'Actions', done: 'Done', deductTitle: 'Confirm unloading', deductIntro: 'Enter the deductions taken at the site (tons, or a rate of the net); leave blank for none.',
  kind: 'Deduction', mode: 'Mode', value: 'Deduct', amount: 't', rate: '%', pieces: 'Pieces', askNot: 'Cancel the confirmation?', askLeave: '{{what}}? The ticket closes without a net weight.',
  sampleTitle: 'Sample judgment: {{what}}', loadFailed: 'The list template failed to load', retry: 'Reload',
  stockAddress: 'Stock address', silo: 'Loading silo', noPlace: 'None',
};

export function useConfirmTexts(): typeof zh {
  return useEnglish() ? en : zh;
}

export const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
