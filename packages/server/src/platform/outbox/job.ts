import type { ScheduledJobDecl } from '../jobs/define';
import { deliverDue } from './worker';

const BATCH = 20;
/** most rounds one run makes; the next firing takes the rest */
const MAX_ROUNDS = 50;

/**
 * 接口消息发送: the outbox's due messages (ERP uploads and every other topic) delivered, a round
 * after another while rounds come back full. A failed delivery is the message's own retry
 * (platform/outbox/rules.ts), not the job's.
 */
export const outboxDeliverJob: ScheduledJobDecl = {
  key: 'outbox.deliver', name: '接口消息发送', nameEn: 'Outbox delivery', cron: '*/5 * * * * *',
  async run(ctx) {
    let tried = 0;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const n = await deliverDue(ctx.db, { batch: BATCH, onError: (err) => ctx.log.warn(`outbox delivery failed: ${(err as Error).message}`) });
      tried += n;
      if (n < BATCH) break;
    }
    return { summary: tried ? `尝试发送 ${tried} 条` : '无待发送消息' };
  },
};
