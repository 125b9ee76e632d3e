import { ClientMessages, ErrorCodes, RELOGIN_MARKER, STATUS_WHITELIST } from '@wb/protocol';

export type Lang = 'zh' | 'en';

/** What a failed call answered: the HTTP status (0 when no answer came) and the envelope, if any. */
export interface FailedCall {
  status: number;
  body: { success?: boolean; msg?: string; message?: string } | null;
  /** the x-missing-permission header of a 403 */
  missingPermission: string | null;
}

export type ErrorAction =
  /** 401: refresh once if possible, else sign out */
  | { kind: 'expired' }
  /** the server asks for a new sign-in: warn after 0.8 s for 10 s and sign out */
  | { kind: 'relogin'; text: string }
  /** developer aid: an administrator's 403 registers the permission it lacked */
  | { kind: 'registerPermission'; permission: string; text: string }
  /** the session's company was left or disabled: the company dialog is the way out */
  | { kind: 'companyLeft'; text: string }
  /** white-listed status: the screen that called shows it (the login form's captcha) */
  | { kind: 'inline'; text: string }
  | { kind: 'notify'; text: string };

/**
 * The server's 403 for a session whose company the user no longer belongs to (or that was
 * disabled) says to choose a company again; only its company dialog calls still answer.
 */
export const COMPANY_LEFT_MARKER = '请重新选择公司';

export function serverMessage(body: FailedCall['body']): string {
  return (body?.msg ?? body?.message ?? '').trim();
}

const hasChinese = (s: string) => /[\u4e00-\u9fff]/.test(s);

/** Statuses whose catalogue text is the whole story, whatever the server added. */
const FIXED_TEXT: Record<number, { zh: string; en: string }> = {
  404: ErrorCodes.notFound,
  417: ErrorCodes.noBoundAccount,
  423: ErrorCodes.demo,
  479: ErrorCodes.demoAlt,
  426: ErrorCodes.badCredentials,
};

/** Statuses whose server message is more precise than the catalogue (it names the field, the minutes). */
const DETAILED_TEXT: Record<number, { zh: string; en: string }> = {
  400: ErrorCodes.badRequest,
  403: ErrorCodes.forbidden,
  409: ErrorCodes.conflict,
  428: ErrorCodes.badCaptcha,
  429: ErrorCodes.tooFrequent,
};

/** The text a user reads for a failed call (spec: calls doc section 8, the error catalogue). */
export function errorText(status: number, message: string, lang: Lang): string {
  if (status === 0) return ClientMessages.unknown[lang];
  if (status === 401) return ErrorCodes.expired[lang];
  const fixed = FIXED_TEXT[status];
  if (fixed) return fixed[lang];
  const detailed = DETAILED_TEXT[status];
  if (detailed) return lang === 'zh' && hasChinese(message) ? message : detailed[lang];
  if (status >= 500) {
    // A stack trace or an English exception means nothing to a weighbridge clerk.
    return lang === 'zh' && hasChinese(message) && message.length < 30 ? message : ErrorCodes.internal[lang];
  }
  return message || ClientMessages.unknown[lang];
}

/**
 * A failure of the system (no answer, or a 5xx): what the header's error-log badge counts. A
 * refusal (a 4xx: bad input, no permission, a conflict) is the system working as it should; the
 * person already read why, so it stays in the log but does not light the badge.
 */
export function isSystemFailure(status: number): boolean {
  return status === 0 || status >= 500;
}

export function decideErrorAction(call: FailedCall, lang: Lang, isAdmin: boolean): ErrorAction {
  const message = serverMessage(call.body);
  const text = errorText(call.status, message, lang);
  if (call.status === 401) return { kind: 'expired' };
  if (call.status === 403 && call.missingPermission && isAdmin) {
    return { kind: 'registerPermission', permission: call.missingPermission, text };
  }
  if (call.status === 403 && message.includes(COMPANY_LEFT_MARKER)) return { kind: 'companyLeft', text: message };
  if ((STATUS_WHITELIST as readonly number[]).includes(call.status)) return { kind: 'inline', text };
  if (call.body?.success === false && message.includes(RELOGIN_MARKER)) return { kind: 'relogin', text: message };
  return { kind: 'notify', text };
}
