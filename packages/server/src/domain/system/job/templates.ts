import { defineListTemplate } from '../../../platform/templates/define';

export const JOB_LIST_CODE = 'system.job.list';
export const JOB_RUN_LIST_CODE = 'system.job.run.list';
export const JOB_BASE = '/api/system/job';

const RESULTS = [
  { value: 'running', label: '运行中', labelEn: 'Running', color: 'blue' },
  { value: 'ok', label: '成功', labelEn: 'Succeeded', color: 'green' },
  { value: 'failed', label: '失败', labelEn: 'Failed', color: 'red' },
];

/** 定时任务: the jobs the modules declare, their schedule, state and last run. */
export const jobListTemplate = defineListTemplate({
  formatCode: JOB_LIST_CODE, formatName: '定时任务', formatNameEn: 'Scheduled jobs', mainTable: 'sys_job_org',
  resUrl: `${JOB_BASE}/v2/list`, menuPath: '/system/job',
  fields: [
    { fieldName: 'name', fieldExplain: '任务名称', fieldExplainEn: 'Job', fieldType: 'TEXT', columnSql: 't.name', iallowQuery: true, searchType: 'input', columnWidth: 160 },
    // the English name is the English screen's: not a column of the Chinese list
    { fieldName: 'nameEn', fieldExplain: '英文名称', fieldExplainEn: 'Name (English)', fieldType: 'TEXT', columnSql: 't.name_en', columnWidth: 160, ishow: false },
    { fieldName: 'jobKey', fieldExplain: '任务标识', fieldExplainEn: 'Key', fieldType: 'TEXT', columnSql: 't.job_key', iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', columnWidth: 150 },
    { fieldName: 'cron', fieldExplain: '执行计划', fieldExplainEn: 'Schedule (cron)', fieldType: 'TEXT', columnSql: 't.cron', columnWidth: 130 },
    { fieldName: 'defaultCron', fieldExplain: '默认计划', fieldExplainEn: 'Default schedule', fieldType: 'TEXT', columnSql: 't.default_cron', columnWidth: 120 },
    { fieldName: 'enabled', fieldExplain: '状态', fieldExplainEn: 'State', fieldType: 'BOOLEAN', columnSql: 't.enabled', iallowQuery: true, searchType: 'comboxSingle', columnWidth: 80,
      options: [{ value: true, label: '运行', labelEn: 'Running', color: 'green' }, { value: false, label: '已停止', labelEn: 'Stopped', color: 'default' }] },
    { fieldName: 'declared', fieldExplain: '程序声明', fieldExplainEn: 'Declared in code', fieldType: 'BOOLEAN', columnSql: 't.declared', columnWidth: 90,
      options: [{ value: true, label: '是', labelEn: 'Yes' }, { value: false, label: '否（已移除）', labelEn: 'No (gone)', color: 'orange' }] },
    { fieldName: 'lastStartedAt', fieldExplain: '上次开始', fieldExplainEn: 'Last start', fieldType: 'DATE', columnSql: 't.last_started_at', isortField: true, columnWidth: 170 },
    { fieldName: 'lastFinishedAt', fieldExplain: '上次结束', fieldExplainEn: 'Last end', fieldType: 'DATE', columnSql: 't.last_finished_at', columnWidth: 170 },
    { fieldName: 'lastResult', fieldExplain: '上次结果', fieldExplainEn: 'Last result', fieldType: 'ENUM', columnSql: 't.last_result', options: RESULTS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'lastError', fieldExplain: '上次错误', fieldExplainEn: 'Last error', fieldType: 'TEXT', columnSql: 't.last_error', columnWidth: 260 },
  ],
});

/** 任务运行记录: every run of every job (a run-now too), with its start, duration, result and error. */
export const jobRunListTemplate = defineListTemplate({
  formatCode: JOB_RUN_LIST_CODE, formatName: '任务运行记录', formatNameEn: 'Job runs', mainTable: 'sys_job_run_org',
  resUrl: `${JOB_BASE}/run/v2/list`, menuPath: '/system/job-run',
  fields: [
    { fieldName: 'jobName', fieldExplain: '任务名称', fieldExplainEn: 'Job', fieldType: 'TEXT', columnSql: 't.job_name', iallowQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'jobKey', fieldExplain: '任务标识', fieldExplainEn: 'Key', fieldType: 'TEXT', columnSql: 't.job_key', iallowQuery: true, searchType: 'input', columnWidth: 150 },
    { fieldName: 'startedAt', fieldExplain: '开始时间', fieldExplainEn: 'Started', fieldType: 'DATE', columnSql: 't.started_at', iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'desc', searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'durationMs', fieldExplain: '耗时(毫秒)', fieldExplainEn: 'Duration (ms)', fieldType: 'NUMBER', columnSql: 't.duration_ms', isortField: true, columnWidth: 100 },
    { fieldName: 'result', fieldExplain: '结果', fieldExplainEn: 'Result', fieldType: 'ENUM', columnSql: 't.result', options: RESULTS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'summary', fieldExplain: '结果摘要', fieldExplainEn: 'Summary', fieldType: 'TEXT', columnSql: 't.summary', columnWidth: 220 },
    { fieldName: 'error', fieldExplain: '错误信息', fieldExplainEn: 'Error', fieldType: 'TEXT', columnSql: 't.error', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 260 },
    { fieldName: 'attempt', fieldExplain: '第几次尝试', fieldExplainEn: 'Attempt', fieldType: 'NUMBER', columnSql: 't.attempt', columnWidth: 90 },
    { fieldName: 'manual', fieldExplain: '立即执行', fieldExplainEn: 'Run now', fieldType: 'BOOLEAN', columnSql: 't.manual', columnWidth: 80,
      options: [{ value: true, label: '是', labelEn: 'Yes' }, { value: false, label: '否', labelEn: 'No' }] },
    { fieldName: 'fireAt', fieldExplain: '计划时间', fieldExplainEn: 'Due at', fieldType: 'DATE', columnSql: 't.fire_at', columnWidth: 170 },
    { fieldName: 'finishedAt', fieldExplain: '结束时间', fieldExplainEn: 'Finished', fieldType: 'DATE', columnSql: 't.finished_at', columnWidth: 170 },
    { fieldName: 'instance', fieldExplain: '执行实例', fieldExplainEn: 'Instance', fieldType: 'TEXT', columnSql: 't.instance', columnWidth: 200 },
  ],
});
