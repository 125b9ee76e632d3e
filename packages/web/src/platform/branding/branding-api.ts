import { ClientMessages, type CompanyBrand } from '@wb/protocol';
import { feedback } from '@/platform/feedback';
import { ApiError, apiHeaders, apiUrl, call, refreshTokens, type DownloadedFile } from '@/platform/api/http';
import { errorText, serverMessage } from '@/platform/api/error-policy';
import { uploadForm } from '@/platform/files/upload-rules';
import { sendMultipart } from '@/platform/files/upload-request';

/** The brand of a company (its name and logo names), or of the default company when none is named. Public. */
export const fetchCompanyBrand = (orgId: string | null) =>
  call<CompanyBrand | null>('/sys-org/brand', { query: { org: orgId ?? undefined }, quiet: true });

/** Spec: logo, GET imgView/{name}: public, so an <img> opens it directly. */
export const logoUrl = (name: string) => apiUrl(`/imgView/${encodeURIComponent(name)}`);

/** Spec: avatar, GET admin file /{name}, a blob under the session, as an object URL for <img>. */
export async function avatarObjectUrl(name: string): Promise<string> {
  const file = await call<DownloadedFile>(`/admin/file/${encodeURIComponent(name)}`, { file: true, quiet: true });
  return URL.createObjectURL(file.blob);
}

/** Sends one picture (multipart, field file) to a branding call; a 401 renews the session once. */
async function sendImage<T>(path: string, image: Blob): Promise<T> {
  const url = apiUrl(path);
  let reply;
  try {
    reply = await sendMultipart(url, uploadForm([image]), apiHeaders());
    if (reply.status === 401 && (await refreshTokens())) reply = await sendMultipart(url, uploadForm([image]), apiHeaders());
  } catch {
    feedback.error(ClientMessages.unknown.zh);
    throw new ApiError(0, ClientMessages.unknown.zh, true, null);
  }
  if (reply.status === 200 && reply.body?.success !== false) return reply.body?.data as T;
  const text = errorText(reply.status, serverMessage(reply.body as never), 'zh');
  feedback.error(text);
  throw new ApiError(reply.status, text, true, (reply.body?.data as { field?: string } | null)?.field ?? null);
}

/** One's own avatar; with a user id, that user's (用户管理). */
export const uploadAvatar = (image: Blob, userId?: string) =>
  sendImage<{ avatar: string }>(userId ? `/sys-user/${encodeURIComponent(userId)}/avatar` : '/sys-user/avatar', image);

export const uploadLogo = (kind: 'main' | 'small', image: Blob) => sendImage<{ name: string }>(`/sys-org/logo/${kind}`, image);
export const removeLogo = (kind: 'main' | 'small') => call<null>(`/sys-org/logo/${kind}`, { method: 'DELETE' });
