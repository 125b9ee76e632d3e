import type { Transaction } from 'kysely';
import type { EntityValues } from '../../platform/documents/define';
import type { DB } from '../../platform/db/schema';
import { KIND_INFO, type RegistryKind } from './kinds';
import * as repo from './repo';

type Problem = { field: string; message: string };

/**
 * What a registry's form names by what a gate office knows: the notice line (its notice and
 * material follow from it), the truck by its plate and the driver by the id number. A truck or a
 * driver the archive has not met yet is put in it, as a plant registers a new arrival; a truck
 * switched off in the archive is refused. Runs in the create's or update's transaction (the
 * engine's checkWrite) and fills the ids into the values it writes.
 */
export async function resolveParties(tx: Transaction<DB>, who: { orgId: string }, kind: RegistryKind, values: EntityValues): Promise<Problem[]> {
  const problems: Problem[] = [];
  if (KIND_INFO[kind].withNotice) problems.push(...(await resolveLine(tx, who.orgId, kind, values)));
  problems.push(...(await resolveVehicle(tx, who.orgId, values)));
  await resolveDriver(tx, who.orgId, values);
  return problems;
}

async function resolveLine(tx: Transaction<DB>, orgId: string, kind: RegistryKind, values: EntityValues): Promise<Problem[]> {
  const line = await repo.lineOf(tx, orgId, String(values.noticeLineId));
  if (!line) return [{ field: 'noticeLineId', message: '通知单明细不存在' }];
  if (line.kind !== kind) return [{ field: 'noticeLineId', message: `通知单明细不属于${KIND_INFO[kind].label.replace('登记单', '')}通知单` }];
  if (line.noticeStatus === 'OBSOLETE' || line.noticeStatus === 'CLOSED') {
    return [{ field: 'noticeLineId', message: `通知单${line.noticeStatus === 'OBSOLETE' ? '已作废' : '已关闭'}，不能登记` }];
  }
  values.noticeId = line.noticeId;
  values.materialId = line.materialId;
  values.carrierId = values.carrierId ?? line.carrierId;
  return [];
}

async function resolveVehicle(tx: Transaction<DB>, orgId: string, values: EntityValues): Promise<Problem[]> {
  const plate = String(values.plateNumber);
  const found = await repo.vehicleByPlate(tx, orgId, plate);
  if (found && !found.enabled) return [{ field: 'plateNumber', message: `车辆 ${plate} 已停用` }];
  values.vehicleId = found?.id ?? (await repo.insertVehicle(tx, orgId, plate, values.axleCount == null ? null : Number(values.axleCount)));
  return [];
}

async function resolveDriver(tx: Transaction<DB>, orgId: string, values: EntityValues): Promise<void> {
  const idNumber = values.driverIdNumber == null ? null : String(values.driverIdNumber);
  if (!idNumber) {
    values.driverId = null;
    return;
  }
  const found = await repo.driverByIdNumber(tx, orgId, idNumber);
  if (found) {
    values.driverId = found.id;
    values.driverName = values.driverName ?? found.name;
    values.driverMobile = values.driverMobile ?? found.mobile;
    return;
  }
  values.driverId = values.driverName
    ? await repo.insertDriver(tx, orgId, { name: String(values.driverName), idNumber, mobile: values.driverMobile == null ? null : String(values.driverMobile) })
    : null;
}
