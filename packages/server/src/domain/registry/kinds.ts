import type { CodeRule } from '../../platform/numbering/rules';

/**
 * The registry kinds (domain notes: the kinds of movement). pu, sa, al and tr send a truck against
 * a notice line and hold its pre-load there; st (other weighings) and pr (production) go without a
 * notice.
 */
export const REGISTRY_KINDS = ['pu', 'sa', 'st', 'al', 'tr', 'pr'] as const;
export type RegistryKind = (typeof REGISTRY_KINDS)[number];

export interface KindInfo {
  label: string;
  en: string;
  /** the number's prefix when the company has no code rule of its own */
  prefix: string;
  /** the truck is sent against a notice line of the same kind */
  withNotice: boolean;
}

export const KIND_INFO: Record<RegistryKind, KindInfo> = {
  pu: { label: '采购登记单', en: 'Purchase registries', prefix: 'CGDJ', withNotice: true },
  sa: { label: '销售登记单', en: 'Sales registries', prefix: 'XSDJ', withNotice: true },
  st: { label: '其他登记单', en: 'Other registries', prefix: 'QTDJ', withNotice: false },
  al: { label: '调拨登记单', en: 'Allot registries', prefix: 'DBDJ', withNotice: true },
  tr: { label: '移库登记单', en: 'Transfer registries', prefix: 'YKDJ', withNotice: true },
  pr: { label: '生产登记单', en: 'Production registries', prefix: 'SCDJ', withNotice: false },
};

export const registryBase = (kind: RegistryKind) => `/api/registry/${kind}`;
export const registryPermission = (kind: RegistryKind) => `wb_registry_${kind}`;
export const registryMenuPath = (kind: RegistryKind) => `/registry/${kind}`;
/** the view of one kind (migrations/014): the engine reads and writes through it */
export const registryView = (kind: RegistryKind) => `wb_registry_${kind}`;

export const numberingOf = (kind: RegistryKind): { docKind: string; fallback: CodeRule } => ({
  docKind: `registry.${kind}`,
  fallback: { prefix: KIND_INFO[kind].prefix, datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' },
});
