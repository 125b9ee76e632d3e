import svgCaptcha from 'svg-captcha';
import type { Database } from '../db/pool';
import { AppError } from '../http/errors';

const CAPTCHA_TTL_SECONDS = 300;

/** Draws a 4-character captcha for randomStr and remembers its code for five minutes. */
export async function issueCaptcha(db: Database, randomStr: string): Promise<string> {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0o1ilI', width: 100, height: 38, background: '#f2f4f8' });
  await db
    .insertInto('auth_captcha')
    .values({ random_str: randomStr, code: text.toLowerCase(), expires_at: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) })
    .onConflict((oc) => oc.column('random_str').doUpdateSet({ code: text.toLowerCase(), expires_at: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) }))
    .execute();
  await db.deleteFrom('auth_captcha').where('expires_at', '<', new Date()).execute();
  return data;
}

/**
 * A captcha is good for one try: it is consumed whether the code was right or not. The refusal is
 * returned, not thrown, so the caller can commit the consumption before answering 428; thrown
 * inside the sign-in transaction it would roll the delete back and leave the code guessable.
 */
export async function consumeCaptcha(db: Database, randomStr: string | undefined, code: string | undefined): Promise<AppError | null> {
  if (!randomStr || !code) return AppError.of('badCaptcha', '验证码不能为空', 'code');
  const row = await db
    .deleteFrom('auth_captcha')
    .where('random_str', '=', randomStr)
    .returning(['code', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() < Date.now() || row.code !== code.trim().toLowerCase()) {
    return AppError.of('badCaptcha', undefined, 'code');
  }
  return null;
}
