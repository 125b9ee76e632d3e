import { CONFIRM_BUTTON_WORDS, type ConfirmButton, type PressableButton, SAMPLING_BUTTON_WORDS } from '@wb/protocol';

/** A button's label in the grid's mode (spec section 4: sampling mode says 合格 / 不合格) and language. */
export function buttonLabel(button: ConfirmButton, sampling: boolean, english: boolean): string {
  const words = (sampling ? SAMPLING_BUTTON_WORDS[button] : undefined) ?? CONFIRM_BUTTON_WORDS[button];
  return english ? words.en : words.zh;
}

/**
 * What the server decided for a row (spec section 4): the buttons it offers and whether the caller
 * may act on it now (`ihandle`, false for a row offering 无法确认 or a caller without the right).
 * The page shows that and decides nothing itself; 无法确认 is only ever a label.
 */
export function rowButtons(row: { ihandle?: unknown; confirmSubButs?: unknown }): { buttons: ConfirmButton[]; actionable: boolean } {
  return { buttons: Array.isArray(row.confirmSubButs) ? (row.confirmSubButs as ConfirmButton[]) : [], actionable: row.ihandle === true };
}

export const isPressable = (button: ConfirmButton): button is PressableButton => button !== 'CONFIRM_NO';

/** What a press needs before it is sent: the deductions form, a question, or the sample dialog. */
export type PressStep = 'deductions' | 'ask' | 'sample';

export function pressStep(button: ConfirmButton, sampling: boolean): PressStep {
  if (sampling) return 'sample';
  return button === 'CONFIRM' || button === 'CONFIRM_AGAIN' ? 'deductions' : 'ask';
}
