import { documentButtons, type MenuButtonSeed, type MenuSeed } from '../../platform/menu/define';
import { ARCHIVE_KINDS, archiveMenuPath, archivePrefix } from './archives';
import { AUTO_MODEL_PREFIX } from './auto-models';
import { FORMAT_PREFIX } from './formats';
import { ITEM_PREFIX } from './items';

/**
 * The 质检化验 (Assay) folder. Quality staff keep the lab's archives and formats, enter, check and
 * recheck. The code-to-tickets map (取样记录, its own right quality_sample_map) is not theirs: it is
 * given to the operators and the sampler (取样员), who see the trucks anyway and print the card by
 * the truck at the sampling point, so the lab stays blind.
 */
const QA = 'ROLE_QUALITY';
const OP = 'ROLE_OPERATOR';
const SA = 'ROLE_SAMPLER';

export const QUALITY_PERMISSIONS = {
  assayView: 'quality_assay_view',
  enter: 'quality_assay_enter',
  check: 'quality_assay_check',
  recheckView: 'quality_recheck_view',
  recheck: 'quality_recheck_open',
  sampleMap: 'quality_sample_map',
  sampleCard: 'quality_sample_card',
  logView: 'quality_log_view',
} as const;
const P = QUALITY_PERMISSIONS;

const button = (name: string, en: string, permission: string, roles: string[], component?: MenuButtonSeed['component']): MenuButtonSeed =>
  ({ name, en, permission, roles, ...(component ? { component } : {}) });

const ARCHIVE_ACTIONS = ['create', 'update', 'delList', 'enable', 'disable', 'export'] as const;

export const QUALITY_LEAVES: MenuSeed[] = [
  {
    name: '化验单', en: 'Assays', path: '/quality/assay', roles: [QA],
    buttons: [
      button('查看', 'View', P.assayView, [QA], 'view'),
      button('录入结果', 'Enter results', P.enter, [QA], 'page:assayEnter'),
      button('审核', 'Check', P.check, [QA], 'one:check'),
      button('打印样品卡', 'Print sample card', P.sampleCard, [QA], 'page:sampleCard'),
    ],
  },
  { name: '化验项目', en: 'Assay items', path: '/quality/item', roles: [QA], buttons: documentButtons(ITEM_PREFIX, [...ARCHIVE_ACTIONS], [QA]) },
  { name: '化验模板', en: 'Assay formats', path: '/quality/format', roles: [QA], buttons: documentButtons(FORMAT_PREFIX, [...ARCHIVE_ACTIONS, 'copy'], [QA]) },
  {
    name: '复检', en: 'Rechecks', path: '/quality/recheck', roles: [QA],
    buttons: [button('查看', 'View', P.recheckView, [QA], 'view'), button('复检', 'Recheck', P.recheck, [QA], 'page:assayRecheck')],
  },
  { name: '化验日志', en: 'Assay log', path: '/quality/log', roles: [QA], buttons: [button('查看', 'View', P.logView, [QA], 'view')] },
  { name: '自动模型', en: 'Auto models', path: '/quality/auto-model', roles: [QA], buttons: documentButtons(AUTO_MODEL_PREFIX, [...ARCHIVE_ACTIONS], [QA]) },
  ...ARCHIVE_KINDS.map((k): MenuSeed => ({ name: k.label, en: k.labelEn, path: archiveMenuPath(k), roles: [QA], buttons: documentButtons(archivePrefix(k), [...ARCHIVE_ACTIONS], [QA]) })),
  {
    name: '取样记录', en: 'Samples taken', path: '/quality/sample', roles: [OP, SA],
    buttons: [button('查看', 'View', P.sampleMap, [OP, SA], 'view')],
  },
];
