/**
 * Computation groups, pure: what a price rule or a day plan names. It prices or plans one material,
 * or each material of one computation group (migration 080); never both, since a row on both would
 * say twice which trucks it is for. Null when it is sound.
 */
export const TARGET_MESSAGE = '物料与计算组须选且只选其一';

export function targetProblem(materialId: unknown, calcGroupId: unknown): string | null {
  const set = (v: unknown) => v !== null && v !== undefined && v !== '';
  return set(materialId) === set(calcGroupId) ? TARGET_MESSAGE : null;
}
