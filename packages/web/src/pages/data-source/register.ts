import i18n from 'i18next';
import { call } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { registerPageActions } from '@/platform/templates/buttons/page-actions';
import { apiPath } from '@/platform/templates/api';

/**
 * 数据源's 测试连接 button (server system/data-sources/module.ts: page:testDataSource): connects to
 * the chosen source and shows the server's word, the version reached or why it failed.
 */
registerPageActions('data-source', {
  testDataSource: async (ctx) => {
    if (ctx.selectedIds.length !== 1) return feedback.warning(i18n.t('dataSource.pickOne'), 2);
    const reply = await call<{ msg: string }>(`${apiPath(ctx.base)}/test/${encodeURIComponent(ctx.selectedIds[0])}`, { method: 'POST', envelope: true })
      .catch(() => null);
    // a failure was shown by the client with the server's message
    if (reply) feedback.success(reply.msg, 3);
  },
});
