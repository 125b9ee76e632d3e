/**
 * Texts of the report centre (报表中心: the viewer, the designer, database-source reports and
 * exports; i18n key `reportCentre`), Chinese first. Each part keeps its own group.
 */
export const reportCentreZh = {
  export: { button: '导出', rows: '已导出 {{done}} / {{total}} 行', queued: '排队中…', cancel: '取消导出', failed: '导出失败', close: '关闭' },
};

export type ReportCentreTexts = typeof reportCentreZh;

export const reportCentreEn: ReportCentreTexts = {
  export: { button: 'Export', rows: '{{done}} of {{total}} rows exported', queued: 'Queued…', cancel: 'Cancel export', failed: 'Export failed', close: 'Close' },
};
