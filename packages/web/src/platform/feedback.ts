import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Notifications raised outside React (by the api client) go through the antd App instances the
 * shell registers, so they carry the theme colour and locale of the ConfigProvider.
 */
interface FeedbackApi {
  message: MessageInstance;
  notification: NotificationInstance;
}

let api: FeedbackApi | null = null;
const pending: ((a: FeedbackApi) => void)[] = [];

export function registerFeedback(next: FeedbackApi): void {
  api = next;
  for (const run of pending.splice(0)) run(next);
}

function withApi(run: (a: FeedbackApi) => void): void {
  if (api) run(api);
  else pending.push(run);
}

/** Seconds, as antd counts them; the spec's durations are 2 s, 6 s and 10 s. */
export const feedback = {
  error: (text: string, seconds = 6) => withApi((a) => a.notification.error({ key: `err:${text}`, title: text, duration: seconds })),
  warning: (text: string, seconds = 6) => withApi((a) => a.notification.warning({ key: `warn:${text}`, title: text, duration: seconds })),
  success: (text: string, seconds = 2) => withApi((a) => a.message.success(text, seconds)),
  info: (text: string, seconds = 6) => withApi((a) => a.notification.info({ key: `info:${text}`, title: text, duration: seconds })),
};
