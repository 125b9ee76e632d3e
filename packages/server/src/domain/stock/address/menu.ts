import { documentButtons, menuLeaf as leaf, ROLE, type MenuSeed } from '../../../platform/menu/define';
import { ADDRESS_BALANCE_PATH } from './balance';
import { ADDRESS_PATH } from './family';

/**
 * The stock addresses in 基础资料 → 仓储: the address master (kept by the accountant, read by the
 * operator, who names a ticket's unloading or loading place: 指定库存地址) and its balances.
 */
const { operator: OP, accountant: AC } = ROLE;
export const ASSIGN_PERMISSION = 'md_stock_address_assign';

export const STOCK_ADDRESS_LEAVES: MenuSeed[] = [
  leaf('库存地址', 'Stock addresses', ADDRESS_PATH, [OP, AC], { buttons: [
    ...documentButtons('md_stock_address', ['create', 'update', 'delList', 'enable', 'disable', 'export', 'import'], [AC], [OP]),
    { name: '指定库存地址', en: 'Assign to ticket', permission: ASSIGN_PERMISSION, roles: [OP, AC] },
  ] }),
  leaf('库存地址结存', 'Stock by address', ADDRESS_BALANCE_PATH, [OP, AC], { buttons: documentButtons('md_stock_address_balance', [], [OP, AC]) }),
];
