import { z } from 'zod';
import { PAGE_NUMBER_MAX } from './list';

/** OAuth-style token answer of POST /api/oauth/token (password and refresh_token grants). */
export const tokenReply = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
  user_id: z.string(),
  username: z.string(),
});
export type TokenReply = z.infer<typeof tokenReply>;

export const orgSummary = z.object({
  id: z.string(),
  orgCode: z.string(),
  orgName: z.string(),
  selected: z.boolean(),
});
export type OrgSummary = z.infer<typeof orgSummary>;

/** GET /api/sys-info/me: the spec's user info fields. */
export const userInfo = z.object({
  user: z.object({ id: z.string(), username: z.string(), realName: z.string(), avatar: z.string().nullable() }),
  username: z.string(),
  realName: z.string(),
  avatar: z.string().nullable(),
  currentOrg: z.string().nullable(),
  currentOrgName: z.string().nullable(),
  currentGroup: z.string(),
  currentGroupName: z.string(),
  roles: z.array(z.string()),
  /** the roles held here with their names from the role archive (sys_role): what a screen shows */
  roleNames: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string().nullable() })).optional(),
  content: z.object({
    orgs: z.array(z.object({ id: z.string(), orgCode: z.string(), orgName: z.string() })),
    admin: z.boolean(),
  }),
  /** how the current organisation shows weights and unit prices (its weigh params; display.ts) */
  display: z.object({ weightUnit: z.enum(['t', 'kg']), weightPrecision: z.number().int(), unitPricePrecision: z.number().int() }).optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const passwordModifyBody = z.strictObject({
  password: z.string().min(1).max(200),
  newpassword1: z.string().min(1).max(200),
});

export const passwordResetBody = z.strictObject({
  newpassword: z.string().min(1).max(200),
});

export const currentOrgsBody = z.strictObject({
  limit: z.strictObject({ pn: z.number().int().min(1).max(PAGE_NUMBER_MAX), ps: z.number().int().min(1).max(100) }).optional(),
  sort: z.array(z.strictObject({ key: z.enum(['orgCode', 'orgName']), dir: z.enum(['asc', 'desc']), keyId: z.string().optional() })).optional(),
  search: z.array(z.strictObject({ key: z.enum(['orgCode', 'orgName']), op: z.literal('like'), val: z.string().max(100), keyId: z.string().optional() })).optional(),
});
export type CurrentOrgsBody = z.infer<typeof currentOrgsBody>;

/** GET /api/config/client: public settings the web reads before sign-in. */
export interface ClientConfig {
  versionCode: string;
  /** inactivity before the screen locks; 2,400,000 ms unless configured (tests shorten it) */
  lockAfterMs: number;
  captcha: boolean;
  oidc: { enabled: boolean; loginUrl: string | null; logoutUrl: string | null };
  copyright: string;
  /** the plant's time zone (PLANT_TIME_ZONE, an IANA name): the web shows instants in it, whatever the browser's zone */
  timeZone?: string;
}
