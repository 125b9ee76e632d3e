import { CONFIRM_BUTTON_WORDS, type ConfirmButton, SAMPLING_BUTTON_WORDS } from '@wb/protocol';

/** A button's label in the grid's mode (spec section 4: sampling mode says 合格 / 不合格) and language. */
export function buttonLabel(button: ConfirmButton, sampling: boolean, english: boolean): string {
  const words = (sampling ? SAMPLING_BUTTON_WORDS[button] : undefined) ?? CONFIRM_BUTTON_WORDS[button];
  return english ? words.en : words.zh;
}

/** Spec section 4: a row is actionable only if handleable, has confirm buttons and lacks CONFIRM_NO. */
export function rowActionable(row: { ihandle?: unknown; confirmSubButs?: unknown }): boolean {
  const buttons = Array.isArray(row.confirmSubButs) ? (row.confirmSubButs as string[]) : [];
  return row.ihandle === true && buttons.length > 0 && !buttons.includes('CONFIRM_NO');
}

/** What a press needs before it is sent: the deductions form, a question, or the sample dialog. */
export type PressStep = 'deductions' | 'ask' | 'sample';

export function pressStep(button: ConfirmButton, sampling: boolean): PressStep {
  if (sampling) return 'sample';
  return button === 'CONFIRM' || button === 'CONFIRM_AGAIN' ? 'deductions' : 'ask';
}
