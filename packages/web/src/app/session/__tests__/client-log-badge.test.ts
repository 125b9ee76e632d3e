import { afterEach, describe, expect, it } from 'vitest';
import { failureCount, logClientError, useClientLog } from '../client-log-store';

/** The header's error-log badge counts what failed, not what the server refused (a 4xx the person already read). */
afterEach(() => useClientLog.getState().clear());

describe('the error-log badge', () => {
  it('keeps a refused call in the log without counting it, and counts a failure', () => {
    logClientError('api', new Error('车辆 浙E1 没有登记单，请先登记'), 'POST /api/gate/find → 400', true);
    const refused = useClientLog.getState().entries;
    expect(refused).toHaveLength(1);
    expect(failureCount(refused)).toBe(0);
    logClientError('api', new Error('系统内部错误，请联系管理员'), 'POST /api/x → 500');
    expect(failureCount(useClientLog.getState().entries)).toBe(1);
  });
});
