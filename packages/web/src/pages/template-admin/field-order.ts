/** Moves one id to the place of another, as a dropped row lands where it was dropped. */
export function moveId(order: readonly string[], moved: string, onto: string): string[] {
  const from = order.indexOf(moved);
  const to = order.indexOf(onto);
  if (from < 0 || to < 0 || from === to) return [...order];
  const next = order.filter((id) => id !== moved);
  next.splice(to, 0, moved);
  return next;
}

/** Moves one id a step up (-1) or down (+1); at either end it stays. */
export function stepId(order: readonly string[], id: string, step: -1 | 1): string[] {
  const at = order.indexOf(id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= order.length) return [...order];
  return moveId(order, id, order[to]);
}

export const sameOrder = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);
