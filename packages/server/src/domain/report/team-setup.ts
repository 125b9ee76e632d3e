import type { TeamInfo, teamsBody } from '@wb/protocol';
import type { z } from 'zod';
import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { saveTeams, teamsOf } from './repo';
import { teamInfo } from './rules';
import { clockOf, minuteOf, teamsRefusal, type Team } from './teams';

const describe = (teams: readonly Team[]) => teams.map((t) => `${t.name} ${clockOf(t.startMinute)}-${clockOf(t.endMinute)}`).join(', ');

/** 班组设置: the company's teams replaced at once, when they cut the day once; the log keeps before -> after. */
export async function saveTeamSetup(tx: Transaction<DB>, who: Pick<Who, 'orgId' | 'userId'>, body: z.infer<typeof teamsBody>): Promise<{ teams: TeamInfo[]; note: ChangeNote }> {
  const teams: Team[] = body.teams.map((t, i) => ({
    seq: i + 1, name: t.name, nameEn: t.nameEn ?? null, startMinute: minuteOf(t.start)!, endMinute: minuteOf(t.end)!,
  }));
  const refusal = teamsRefusal(teams);
  if (refusal) throw badRequest(refusal, 'teams');
  const before = await teamsOf(tx, who.orgId);
  await saveTeams(tx, who.orgId, who.userId, teams);
  return { teams: teams.map(teamInfo), note: { action: 'saveTeams', family: '班组', detail: `${describe(before)} -> ${describe(teams)}` } };
}
