import type { FamilyModule } from '../platform/module/define';
import { buildMenuTree } from '../platform/module/menu';
import { moduleTemplates } from '../platform/module/templates';
import { templatesModule } from '../platform/templates/module';
import { calculationModule } from './calculation/module';
import { confirmModule } from './confirm/module';
import { contractModule } from './contract/module';
import { erpModule } from './erp/module';
import { logisticsModule } from './logistics/module';
import { freightSettlementModule } from './freight-settlement/module';
import { freightModule } from './freight/module';
import { gateModule } from './gate/module';
import { laneModule } from './lane/module';
import { licenceModule } from './licence/module';
import { liveModule } from './live/module';
import { plantBoardModule } from './plant-board/module';
import { groupCockpitModule } from './group-cockpit/module';
import { brandingModule } from './system/branding/module';
import { masterdataModule } from './masterdata/module';
import { moneyModule } from './money/module';
import { MENU_AREAS } from './menu-areas';
import { noticeModule } from './notice/module';
import { planModule } from './plan/module';
import { priceModule } from './price/module';
import { qualityModule } from './quality/module';
import { registryModule } from './registry/module';
import { regionModule } from './masterdata/region/module';
import { reportBuiltinModule } from './report-builtin/module';
import { reportModule } from './report/module';
import { reportSqlModule } from './report-sql/module';
import { reportCentreModule } from './report-centre/module';
import { reportExportModule } from './report-export/module';
import { reportDesignModule } from './report-design/module';
import { settlementModule } from './settlement/module';
import { stationModule } from './station/module';
import { stockModule } from './stock/module';
import { trackModule } from './track/module';
import { stockAddressModule } from './stock/address/module';
import { adminModule } from './system/admin/module';
import { interfaceModule } from './system/interface/module';
import { consistencyModule } from './system/consistency/module';
import { jobModule } from './system/job/module';
import { dataSourcesModule } from './system/data-sources/module';
import { hierarchyModule } from './system/hierarchy/module';
import { announcementModule } from './system/announcement/module';
import { homeShortcutModule } from './system/home-shortcut/module';
import { systemLogsModule } from './system/logs/module';
import { systemModule } from './system/module';
import { orgStructureModule } from './system/org-structure/module';
import { weighingModule } from './weighing/module';
import { driverModule } from './driver/module';
import { batchModule } from './batch/module';
import { workflowModule } from './workflow/module';

/**
 * Every family of the platform, in the order they build on each other. The app mounts their
 * calls, the seed writes their templates and menu leaves, and the start-time menu sync upgrades
 * an existing database, all from this one list: a new family is a folder with its module.ts and
 * one line here (docs/ARCHITECTURE.md, "How to add a family").
 */
export const MODULES: FamilyModule[] = [
  systemModule,
  adminModule,
  masterdataModule,
  orgStructureModule,
  interfaceModule,
  systemLogsModule,
  dataSourcesModule,
  hierarchyModule,
  announcementModule,
  homeShortcutModule,
  // the region tree, coded by the hierarchy rule for regions
  regionModule,
  templatesModule,
  // before the families whose documents it governs: they declare `approvals` and depend on it
  workflowModule,
  contractModule,
  priceModule,
  moneyModule,
  planModule,
  licenceModule,
  noticeModule,
  gateModule,
  registryModule,
  stationModule,
  weighingModule,
  // batch numbers on sales tickets and the batch archive's close (086)
  batchModule,
  // 司机自助: the driver's phone, over the gate, the registry and the ticket's print
  driverModule,
  // after weighing: the lane weighs through it
  laneModule,
  calculationModule,
  freightModule,
  settlementModule,
  freightSettlementModule,
  qualityModule,
  confirmModule,
  stockModule,
  stockAddressModule,
  // 轨道衡: its audit posts wagons to stock
  trackModule,
  erpModule,
  // 采购物流: the purchase registries on their way, over the registry and the gate
  logisticsModule,
  // the built-in reports of 报表中心, over the ledgers above
  reportBuiltinModule,
  reportModule,
  reportSqlModule,
  // 报表中心: reads every module's datasets and reports
  reportCentreModule,
  reportExportModule,
  // 报表设计: reads every mounted module's datasets and built-in reports (ModuleContext.modules)
  reportDesignModule,
  liveModule,
  // 厂区大屏 (/clouds/index1): reads the live, station and lane families
  plantBoardModule,
  // 集团驾驶舱: every plant of the group, over the live, wall-board, stock, money and workflow families
  groupCockpitModule,
  brandingModule,
  jobModule,
  // last: its nightly job checks what every module above declares
  consistencyModule(() => ALL_CHECKS),
];

/** Every screen template the modules seed, popups before the templates that open them. */
export const ALL_TEMPLATES = moduleTemplates(MODULES);

/** The sidebar: the folders (menu-areas.ts) with every module's leaves. */
export const MENU_TREE = buildMenuTree(MENU_AREAS, MODULES);

/** Every invariant the families' figures keep (platform/checks). */
export const ALL_CHECKS = MODULES.flatMap((m) => m.checks ?? []);
