/**
 * Texts of the report centre (报表中心: the viewer, the designer, database-source reports and
 * exports; i18n key `reportCentre`), Chinese first. Each part keeps its own group.
 */
export const reportCentreZh = {
  export: { button: '导出' },
};

export type ReportCentreTexts = typeof reportCentreZh;

export const reportCentreEn: ReportCentreTexts = {
  export: { button: 'Export' },
};
