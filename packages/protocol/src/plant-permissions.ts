/**
 * The permission keys of the plant's views (button entries under 报表中心). Kept apart from
 * plant-report.ts and its zod schemas: the web's home page checks one of them at first paint.
 */
export const PLANT_PERMISSIONS = {
  home: 'report_home_view',
  live: 'report_live_view',
  teamView: 'report_team_view',
  teamExport: 'report_team_export',
  teamConfig: 'report_team_config',
} as const;
