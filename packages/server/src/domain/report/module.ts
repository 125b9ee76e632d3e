import { PLANT_PERMISSIONS, teamsBody } from '@wb/protocol';
import { defineAction, defineModule } from '../../platform/module/define';
import { menuLeaf as leaf, ROLE } from '../../platform/menu/define';
import { reportRoutes } from './routes';
import { saveTeamSetup } from './team-setup';

const { operator: OP, accountant: AC } = ROLE;

/** The plant at a glance: the home counts and gate chart, and the team reports with their teams. */
export const reportModule = defineModule({
  key: 'report',
  depends: ['weighing'],
  menu: [{
    area: '/reportforms',
    leaves: [
      // 过磅日报 (/reportforms/daily, with the home page's 首页统计 right) is a built-in report: domain/report-builtin
      leaf('班组报表', 'Team report', '/reportforms/team', [OP, AC], {
        component: 'reports/team',
        buttons: [
          { name: '查看班组报表', en: 'View team reports', permission: 'report_team_view', roles: [OP, AC] },
          { name: '导出班组报表', en: 'Export team reports', permission: 'report_team_export', roles: [OP, AC] },
          { name: '班组设置', en: 'Team setup', permission: 'report_team_config' },
        ],
      }),
      leaf('班组日报', 'Team daily report', '/reportforms/team-day', [OP, AC], { component: 'reports/team-day' }),
    ],
  }],
  actions: [defineAction({
    method: 'PUT', path: '/api/report/teams', permission: PLANT_PERMISSIONS.teamConfig, body: teamsBody,
    run: ({ tx, who, input }) => saveTeamSetup(tx, who, input.body),
    log: (_, done) => done.note, reply: (done) => done.teams, message: '保存成功',
  })],
  routes: (app, { db }) => reportRoutes(app, db),
});
