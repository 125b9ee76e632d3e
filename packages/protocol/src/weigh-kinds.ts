/**
 * The kinds of movement a truck is weighed for (domain notes: the kinds of movement): the routes'
 * `/api/weigh/{kind}`, the weighing screen's choice and the reports' business type.
 */
export const WEIGH_KINDS = ['pu', 'sa', 'al', 'tr', 'pr', 'st', 'pt'] as const;
export type WeighKind = (typeof WEIGH_KINDS)[number];

/** The kinds by name, as screens and reports print them: st leaves the plant, pt enters it. */
export const WEIGH_KIND_NAMES: Record<WeighKind, { zh: string; en: string }> = {
  pu: { zh: '采购', en: 'Purchase' },
  sa: { zh: '销售', en: 'Sales' },
  al: { zh: '调拨', en: 'Allot' },
  tr: { zh: '移库', en: 'Transfer' },
  pr: { zh: '生产', en: 'Production' },
  st: { zh: '其他出厂', en: 'Other out' },
  pt: { zh: '其他入厂', en: 'Other in' },
};
