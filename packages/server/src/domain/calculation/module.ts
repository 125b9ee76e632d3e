import { idParam } from '@wb/protocol';
import { defineAction, defineModule, type ActionDecl, type ListDecl } from '../../platform/module/define';
import { calculate } from './calculate';
import { CALCULATION_FAMILIES } from './family';
import { calcBase, calcPermission, CALC_KIND_LIST } from './kinds';
import { lockPounds, unlockPounds } from './lock';
import { calculationLeaf, calculationRowLeaf } from './menu';
import { calculationRowListTemplate } from './templates';

/**
 * Sales and allot calculation (销售计算, 调拨计算): a party's tickets of a period with the prices in
 * force (计算, cal), and the lock of those tickets (锁磅, lockPounds) and its release (解锁,
 * unlockPounds). The lock is the tickets' own columns; domain/weighing refuses a locked ticket's
 * changes (README.md).
 */
const actions: ActionDecl[] = CALC_KIND_LIST.flatMap(({ kind }) => [
  defineAction({
    path: `${calcBase(kind)}/cal/:id`, permission: calcPermission(kind, 'cal'), params: idParam,
    run: ({ tx, who, input }) => calculate(tx, who, kind, input.params.id),
    log: (_, done) => done.note, reply: (done) => done.reply, message: '计算成功',
  }),
  defineAction({
    path: `${calcBase(kind)}/lockPounds/:id`, permission: calcPermission(kind, 'lockPounds'), params: idParam,
    run: ({ tx, who, input }) => lockPounds(tx, who, kind, input.params.id),
    log: (_, done) => done.note, reply: (done) => done.reply, message: '锁磅成功',
  }),
  defineAction({
    path: `${calcBase(kind)}/unlockPounds/:id`, permission: calcPermission(kind, 'unlockPounds'), params: idParam,
    run: ({ tx, who, input }) => unlockPounds(tx, who, kind, input.params.id),
    log: (_, done) => done.note, reply: (done) => done.reply, message: '解锁成功',
  }),
]);

const lists: ListDecl[] = CALC_KIND_LIST.map(({ kind }): ListDecl => ({
  url: `${calcBase(kind)}/row/v2/list`, template: `calculation.${kind}.row.list`, permission: calcPermission(kind, 'rows'),
}));

export const calculationModule = defineModule({
  key: 'calculation',
  depends: ['notice', 'weighing'],
  documents: [CALCULATION_FAMILIES.sa, CALCULATION_FAMILIES.al],
  templates: CALC_KIND_LIST.map(({ kind }) => calculationRowListTemplate(kind)),
  menu: CALC_KIND_LIST.map((k) => ({ area: k.area, leaves: [calculationLeaf(k.kind), calculationRowLeaf(k.kind)] })),
  lists,
  actions,
});
