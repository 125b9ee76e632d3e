import { idParam, idsBody } from '@wb/protocol';
import { z } from 'zod';
import { REPLICA_PAGE, REPLICA_VIEW_PERMISSION } from '@wb/protocol';
import { familyButton, menuLeaf as leaf } from '../../../platform/menu/define';
import { defineAction, defineModule } from '../../../platform/module/define';
import { JOB_BASE, JOB_LIST_CODE, JOB_RUN_LIST_CODE, jobListTemplate, jobRunListTemplate } from './templates';
import { backupJob } from '../../../platform/db/backup-job';
import { fileSweepJob } from '../../../platform/files/job';
import { pruneRunsJob } from '../../../platform/jobs/prune-job';
import { removeJob, runJobNow, startJobs, stopJob, updateJobCron } from './use-cases';

const P = {
  view: 'sys_job_view', start: 'sys_job_start', stop: 'sys_job_stop', remove: 'sys_job_remove', run: 'sys_job_run', update: 'sys_job_cron',
};
const FAMILY = '定时任务';

const cronBody = z.strictObject({ cron: z.string({ error: '请填写执行计划(cron)' }).trim().min(1, '请填写执行计划(cron)').max(200, '执行计划(cron)过长') });

/**
 * Scheduled jobs (系统管理 → 定时任务): the jobs every module declares (platform/jobs), started,
 * stopped, run now or given another schedule here, and every run's history (任务运行记录).
 * The jobs are the group's: they work across every company. Administrators only.
 */
export const jobModule = defineModule({
  key: 'job',
  templates: [jobListTemplate, jobRunListTemplate],
  // the platform's own jobs; a family declares its jobs in its module (notice.expiry, licence.expiring)
  jobs: [fileSweepJob, backupJob, pruneRunsJob],
  menu: [{
    area: '/system',
    leaves: [
      leaf('定时任务', 'Scheduled jobs', '/system/job', [], {
        buttons: [
          { name: '查看', en: 'View', permission: P.view, component: 'view', roles: [] },
          familyButton('sys_job', 'batch', 'start', '启动', 'Start', []),
          familyButton('sys_job', 'one', 'stop', '停止', 'Stop', []),
          familyButton('sys_job', 'one', 'run', '立即执行', 'Run now', []),
          familyButton('sys_job', 'page', 'cron', '修改计划', 'Schedule', []),
          familyButton('sys_job', 'one', 'remove', '删除', 'Delete', []),
          familyButton('sys_job', 'page', 'runs', '运行记录', 'Runs', []),
        ],
      }),
      leaf('任务运行记录', 'Job runs', '/system/job-run', [], {
        buttons: [{ name: '查看', en: 'View', permission: 'sys_job_run_view', component: 'view', roles: [] }],
      }),
      // the read replica's lag and where the readings go (platform/db/replica-routes.ts); beside the jobs: the platform's own workings
      leaf('数据库副本', 'Database replica', REPLICA_PAGE, [], {
        component: 'system/replica',
        buttons: [{ name: '查看', en: 'View', permission: REPLICA_VIEW_PERMISSION, component: 'view', roles: [] }],
      }),
    ],
  }],
  lists: [
    {
      url: `${JOB_BASE}/v2/list`, template: JOB_LIST_CODE, permission: P.view,
      // what each row's state allows (the server refuses the rest all the same)
      decorate: (rows) => rows.map((r) => ({ ...r, rowActions: { start: !r.enabled && r.declared === true, stop: r.enabled === true, remove: r.declared === false, run: r.declared === true } })),
    },
    { url: `${JOB_BASE}/run/v2/list`, template: JOB_RUN_LIST_CODE, permission: 'sys_job_run_view' },
  ],
  actions: [
    defineAction({
      path: `${JOB_BASE}/start`, permission: P.start, body: idsBody,
      run: ({ tx, input, now }) => startJobs(tx, input.body.ids, new Date(now())),
      log: (_, done) => ({ action: 'jobStart', family: FAMILY, detail: done.names.join('、') || null }),
      reply: (done) => ({ count: done.count }),
      message: (done) => (done.count > 0 ? '已启动' : '所选任务已在运行'),
    }),
    defineAction({
      path: `${JOB_BASE}/stop/:id`, permission: P.stop, params: idParam,
      run: ({ tx, input, now }) => stopJob(tx, input.params.id, new Date(now())),
      log: (_, done) => ({ action: 'jobStop', family: FAMILY, docNo: done.name }),
      reply: () => null,
      message: (done) => (done.changed ? '已停止' : '任务已是停止状态'),
    }),
    defineAction({
      path: `${JOB_BASE}/remove/:id`, permission: P.remove, params: idParam,
      run: ({ tx, input }) => removeJob(tx, input.params.id),
      log: (_, done) => ({ action: 'jobRemove', family: FAMILY, docNo: done.name }),
      reply: () => null,
      message: '删除成功',
    }),
    defineAction({
      path: `${JOB_BASE}/run/:id`, permission: P.run, params: idParam,
      run: ({ tx, input, now }) => runJobNow(tx, input.params.id, new Date(now())),
      log: (_, done) => ({ action: 'jobRunNow', family: FAMILY, docNo: done.name }),
      reply: () => null,
      message: '已提交执行，结果见运行记录',
    }),
    defineAction({
      method: 'PUT', path: `${JOB_BASE}/update/:id`, permission: P.update, params: idParam, body: cronBody,
      run: ({ tx, input, now }) => updateJobCron(tx, input.params.id, input.body.cron, new Date(now())),
      log: (_, done) => ({ action: 'jobCron', family: FAMILY, docNo: done.name, detail: `${done.before} -> ${done.cron}` }),
      reply: (done) => ({ cron: done.cron }),
      message: '修改成功',
    }),
  ],
});
