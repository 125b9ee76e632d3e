/**
 * 层级编码规则: a tree's codes cut into levels of fixed width, '2-2-3': a first-level code has two
 * characters (01), a second-level one is its parent's code and two more (0101), a third-level one
 * its parent's and three more (0101001). Pure: the rule and the codes are given.
 */
export type HierarchyTarget = 'MATERIAL_CLASS' | 'REGION';

export const HIERARCHY_TARGETS: readonly { value: HierarchyTarget; label: string; labelEn: string }[] = [
  { value: 'MATERIAL_CLASS', label: '存货分类', labelEn: 'Inventory classes' },
  { value: 'REGION', label: '地区', labelEn: 'Regions' },
];

const LEVELS = /^[1-9]( *- *[1-9]){0,8}$/;

/** '2-2-3' as widths [2, 2, 3]; null when it is not such a list (one to nine levels of 1 to 9). */
export function parseLevels(levels: string): number[] | null {
  return LEVELS.test(levels.trim()) ? levels.split('-').map((s) => Number(s.trim())) : null;
}

export const LEVELS_MESSAGE = '层级格式应为以 - 分隔的各级位数，如 2-2-3（1 至 9 级，每级 1 至 9 位）';

/** The level a code of this length sits at (1-based), or null when its length ends no level. */
export function levelOfLength(widths: readonly number[], length: number): number | null {
  let sum = 0;
  for (let i = 0; i < widths.length; i++) {
    sum += widths[i];
    if (sum === length) return i + 1;
  }
  return null;
}

/**
 * Whether a code fits its place in the tree: a root's code is the first level's width; a child's
 * is its parent's code followed by the next level's width of characters. The refusal says what
 * the code should look like.
 */
export function checkHierarchyCode(levels: string, code: string, parentCode: string | null, label = '编码'): string | null {
  const widths = parseLevels(levels);
  if (!widths) return null;
  const rule = `层级编码规则 ${levels}`;
  if (parentCode === null) {
    return code.length === widths[0] ? null : `${label} ${code} 不符合${rule}：第一级编码应为 ${widths[0]} 位`;
  }
  const parentLevel = levelOfLength(widths, parentCode.length);
  if (parentLevel === null) return `上级${label} ${parentCode} 不符合${rule}，不能在其下新增下级`;
  if (parentLevel >= widths.length) return `${rule}只有 ${widths.length} 级，上级 ${parentCode} 已是末级，不能再有下级`;
  const width = widths[parentLevel];
  if (!code.startsWith(parentCode) || code.length !== parentCode.length + width) {
    return `${label} ${code} 不符合${rule}：上级 ${parentCode} 下的第 ${parentLevel + 1} 级编码应为 ${parentCode} 加 ${width} 位，如 ${parentCode}${'1'.padStart(width, '0')}`;
  }
  return null;
}
