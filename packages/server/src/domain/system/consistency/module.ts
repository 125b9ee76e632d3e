import type { ConsistencyCheck } from '../../../platform/checks/define';
import { consistencyJob } from '../../../platform/checks/job';
import { defineModule } from '../../../platform/module/define';

/** The nightly consistency check over the invariants every module declares (`checks`); the last in the list, handed them. */
export const consistencyModule = (checks: () => ConsistencyCheck[]) => defineModule({
  key: 'consistency',
  jobs: [consistencyJob(checks)],
});
