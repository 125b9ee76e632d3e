import { documentButtons, familyButton, type MenuSeed } from '../../platform/menu/define';
import { calcPermission, CALC_KINDS, type CalcKind } from './kinds';

/**
 * 销售计算 in the sales folder, 调拨计算 in the allot folder: money, so the accountant's. Each with
 * the document buttons and its own: 计算, 锁磅, 解锁 (one calculation at a time); and beside it the
 * list of the calculations' rows (明细), searched by the calculation's number.
 */
const AC = 'ROLE_ACCOUNTANT';

export function calculationLeaf(kind: CalcKind): MenuSeed {
  const k = CALC_KINDS[kind];
  const prefix = calcPermission(kind, '').slice(0, -1);
  return {
    name: k.label, en: k.en, path: k.menuPath, roles: [AC],
    buttons: [
      ...documentButtons(prefix, ['create', 'update', 'delList', 'export'], [AC]),
      familyButton(prefix, 'one', 'cal', '计算', 'Calculate', [AC]),
      familyButton(prefix, 'one', 'lockPounds', '锁磅', 'Lock tickets', [AC]),
      familyButton(prefix, 'one', 'unlockPounds', '解锁', 'Unlock tickets', [AC]),
    ],
  };
}

export function calculationRowLeaf(kind: CalcKind): MenuSeed {
  const k = CALC_KINDS[kind];
  return {
    name: `${k.label}明细`, en: `${k.en} rows`, path: `${k.menuPath}-row`, roles: [AC],
    buttons: [{ name: '查看', en: 'View', permission: calcPermission(kind, 'rows'), component: 'view', roles: [AC] }],
  };
}
