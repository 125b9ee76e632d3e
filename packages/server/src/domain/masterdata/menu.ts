import type { ButtonAction } from '@wb/protocol';
import { documentButtons, menuLeaf as leaf, ROLE, type MenuSeed } from '../../platform/menu/define';

/**
 * The 基础资料 (Master data) leaves: group archives (vendors, customers, materials, carriers) are
 * the accountant's, with operators looking; the yard's own data (vehicles, drivers, cards, lines)
 * is the operator's. The code rules that number them are a 系统管理 leaf.
 */
const { operator: OP, quality: QA, accountant: AC } = ROLE;
const EDIT: ButtonAction[] = ['create', 'update', 'delList', 'enable', 'disable', 'export', 'import'];
const ARCHIVE: ButtonAction[] = ['create', 'update', 'delList', 'audit', 'unaudit', 'obsolete', 'recover', 'enable', 'disable', 'copy', 'export', 'import', 'allocate', 'cancelAllocate'];

export const MASTERDATA_LEAVES: MenuSeed[] = [
  leaf('供应商', 'Vendors', '/masterdata/vendor', [AC], { buttons: documentButtons('md_vendor', ARCHIVE, [AC], [OP]) }),
  leaf('客户', 'Customers', '/masterdata/customer', [AC], { buttons: documentButtons('md_customer', ARCHIVE, [AC], [OP]) }),
  leaf('存货分类', 'Inventory classes', '/masterdata/inventory-class', [OP, QA, AC], { buttons: documentButtons('md_inventory_class', EDIT, [AC], [OP, QA]) }),
  leaf('物料', 'Materials', '/masterdata/inventory', [OP, QA, AC], { buttons: documentButtons('md_inventory', ARCHIVE, [AC], [OP, QA]) }),
  // the spec's page of computation groups (/modules/material/computation_group/edit): the accountant prices by them
  leaf('计算组', 'Computation groups', '/modules/material/computation_group/edit', [OP, AC], { buttons: documentButtons('md_calc_group', EDIT, [AC], [OP]) }),
  leaf('车辆', 'Vehicles', '/masterdata/vehicle', [OP], { buttons: documentButtons('md_vehicle', EDIT, [OP]) }),
  leaf('司机', 'Drivers', '/masterdata/driver', [OP], { buttons: documentButtons('md_driver', EDIT, [OP]) }),
  leaf('IC卡', 'IC cards', '/masterdata/ic-card', [OP], { buttons: documentButtons('md_ic_card', ['create', 'update', 'delList', 'loss', 'reuse', 'enable', 'disable', 'export', 'import'], [OP]) }),
  leaf('承运商', 'Carriers', '/masterdata/carrier', [AC], { buttons: documentButtons('md_carrier', ARCHIVE, [AC], [OP]) }),
  leaf('仓库', 'Warehouses', '/masterdata/warehouse', [OP, AC], { buttons: documentButtons('md_warehouse', [...EDIT, 'copy'], [AC], [OP]) }),
  leaf('货区', 'Warehouse areas', '/masterdata/warehouse-area', [OP, AC], { buttons: documentButtons('md_warehouse_area', EDIT, [AC], [OP]) }),
  leaf('筒仓', 'Silos', '/masterdata/silo', [OP, AC], { buttons: documentButtons('md_silo', EDIT, [AC], [OP]) }),
  leaf('黑名单', 'Blacklist', '/masterdata/blacklist', [OP], { buttons: documentButtons('md_blacklist', EDIT, [OP]) }),
  // one place for the dictionaries: a type's form holds its items, so 字典项 keeps its route and
  // keys but is not shown; 系统管理's 字典管理 (the same rows) likewise
  leaf('数据字典', 'Dictionaries', '/masterdata/dict-type', [OP, AC], { buttons: documentButtons('md_dict_type', EDIT, [AC], [OP]) }),
  leaf('字典项', 'Dictionary items', '/masterdata/dict-item', [OP, AC], { buttons: documentButtons('md_dict_item', EDIT, [AC], [OP]), hidden: true }),
  leaf('排队卸货地点', 'Discharge points', '/masterdata/discharge-point', [OP, AC], { buttons: documentButtons('md_discharge_point', EDIT, [OP], [AC]) }),
  leaf('线路', 'Lines', '/masterdata/line', [OP], { buttons: documentButtons('md_line', [...EDIT, 'copy'], [OP]) }),
  leaf('工厂', 'Factories', '/masterdata/factory', [OP, AC], { buttons: documentButtons('md_factory', [...EDIT, 'copy'], [AC], [OP]) }),
  leaf('人员', 'Persons', '/masterdata/person', [OP, AC], { buttons: documentButtons('md_person', [...EDIT, 'copy'], [AC], [OP]) }),
];

/**
 * 字典管理: the same dictionary types and items, kept here by administrators under their own keys;
 * not shown, since 基础资料 → 数据字典 is the same screen (its route and keys stay for the roles granted it).
 */
export const SYSTEM_DICT_LEAF = leaf('字典管理', 'Dictionaries', '/system/dict', [], { buttons: documentButtons('sys_dict', EDIT, []), hidden: true });

export const CODE_RULE_LEAF = leaf('编码规则', 'Code rules', '/system/code-rule', [], {
  buttons: documentButtons('sys_code_rule', ['create', 'update', 'delList', 'enable', 'disable', 'export'], []),
});
