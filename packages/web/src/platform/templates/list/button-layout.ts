import { familyButtonAction, isButtonAction, type MenuButton } from '@wb/protocol';

/** Buttons shown before the rest go into 更多 (spec section 9: list page 5). */
export const LIST_BUTTON_LIMIT = 5;
/** Where 高级查询 goes when the group is long (spec section 2: position 4 when more than 4 buttons). */
const ADVANCED_POSITION = 4;
export const ADVANCED_BUTTON = '@advanced';

export interface ButtonLayout<B> {
  visible: B[];
  more: B[];
}

/** Inserts the advanced-query marker: at position 4 when there are more than 4 buttons, else last. */
export function withAdvancedButton<B>(buttons: readonly B[], advanced: B): B[] {
  const out = [...buttons];
  if (out.length > ADVANCED_POSITION) out.splice(ADVANCED_POSITION - 1, 0, advanced);
  else out.push(advanced);
  return out;
}

/**
 * Splits the group at the visible limit; when only one button would overflow it stays visible,
 * since a 更多 menu holding one entry hides it for nothing.
 */
export function layoutButtons<B>(buttons: readonly B[], limit = LIST_BUTTON_LIMIT): ButtonLayout<B> {
  if (buttons.length <= limit + 1) return { visible: [...buttons], more: [] };
  return { visible: buttons.slice(0, limit), more: buttons.slice(limit) };
}

/**
 * The entries that are buttons: those naming an action of the document contract or a family's own
 * action (`batch:letin`). 'view' is the list's own permission and entries without an action only
 * carry a permission key, so neither shows.
 */
export function actionButtons(entries: readonly MenuButton[]): MenuButton[] {
  return entries.filter((b) => (isButtonAction(b.component) && b.component !== 'view') || familyButtonAction(b.component) !== null);
}
