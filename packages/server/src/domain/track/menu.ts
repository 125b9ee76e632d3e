import type { ButtonAction } from '@wb/protocol';
import { documentButtons, familyButton, menuLeaf as leaf, ROLE, type MenuSeed } from '../../platform/menu/define';
import { TRAIN_KINDS, type TrainKindDef } from './kinds';

/**
 * 采购轨道衡 and 销售轨道衡 in the 过磅 (Weighing) folder: the weighbridge operator keeps the trains
 * (the track scale is weighed at the same desk), the accountant looks them up.
 */
const { operator: OP, accountant: AC } = ROLE;
const TRAIN: ButtonAction[] = ['create', 'update', 'delList', 'audit', 'unaudit', 'obsolete', 'recover', 'export', 'import'];

const trainLeaf = (k: TrainKindDef): MenuSeed => leaf(k.label, k.labelEn, k.menuPath, [OP, AC], {
  buttons: [...documentButtons(`track_${k.kind}`, TRAIN, [OP], [AC]), familyButton(`track_${k.kind}`, 'page', 'trainPrint', '打印', 'Print', [OP, AC])],
});

export const TRACK_LEAVES: MenuSeed[] = TRAIN_KINDS.map(trainLeaf);
