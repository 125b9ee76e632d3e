import { isValidPlate, normalisePlate } from '@wb/protocol';
import { sql } from 'kysely';
import type { DocField, DocumentFamily, EntityValues } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { checkMobile, enabledField, readFieldsOf, remarkField, switchField } from '../shared/fields';
import { vehicleCreateForm, vehicleUpdateForm } from './form';
import { PLATE_TYPES, vehicleDetailTemplate, vehicleListTemplate, vehicleResourceTemplate } from './templates';

/** 车辆: a company's trucks, keyed by plate in the protocol's normal form. */
const plate = (label: string, kind: 'ORDINARY' | 'TRAILER'): Pick<DocField, 'normalise' | 'check'> => ({
  normalise: normalisePlate,
  check: (v) => (!isValidPlate(v) ? `${label} ${v} 格式不正确` : kind === 'TRAILER' && !v.endsWith('挂') ? `${label}应以“挂”结尾` : null),
});

const TRAILER = ['trailerPlateNumber', 'trailerDrivingLicense', 'trailerRoadTransportLicense', 'trailerRoadTransportValidFrom', 'trailerRoadTransportValidTo'];
const DANGEROUS = ['dangerousChemicalsRoadTransportLicense', 'roadTransportLicense', 'roadTransportLicenseValidFrom', 'roadTransportLicenseValidTo'];
const VALIDITY: [string, string, string][] = [
  ['mainVehicleRoadTransportValidFrom', 'mainVehicleRoadTransportValidTo', '主车道路运输证有效期止不能早于有效期起'],
  ['trailerRoadTransportValidFrom', 'trailerRoadTransportValidTo', '挂车道路运输证有效期止不能早于有效期起'],
  ['roadTransportLicenseValidFrom', 'roadTransportLicenseValidTo', '道路运输许可证有效期止不能早于有效期起'],
];

const t = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({ name, column, label, type: 'text', maxLength: 60, ...extra });
const d = (name: string, column: string, label: string): DocField => ({ name, column, label, type: 'date' });
const b = switchField;

const FIELDS: DocField[] = [
  t('plateNumber', 'plate_number', '车牌号', { required: true, unique: true, maxLength: 12, ...plate('车牌号', 'ORDINARY') }),
  { name: 'plateType', column: 'plate_type', label: '车牌颜色', type: 'enum', options: PLATE_TYPES, default: 'YELLOW' },
  t('carType', 'car_type', '车型'),
  { name: 'axleType', column: 'axle_type', label: '轴数', type: 'integer', min: 2, below: 9 },
  { name: 'vehicleLength', column: 'vehicle_length', label: '车长', type: 'number', scale: 2, min: 0.01, below: 10000 },
  { name: 'capacityTonnage', column: 'capacity_tonnage', label: '核定载质量', type: 'number', scale: 3, min: 0.001, below: 1e11 },
  { name: 'standardTare', column: 'standard_tare', label: '标准皮重', type: 'number', scale: 3, min: 0, below: 1e11 },
  d('annualReviewDate', 'annual_review_date', '年审日期'),
  t('qualifications', 'qualifications', '资质', { maxLength: 200 }),
  t('carOwner', 'car_owner', '车主'),
  t('carOwnerMobile', 'car_owner_mobile', '车主电话', { check: checkMobile('车主电话') }),
  { name: 'carrierId', column: 'carrier_id', label: '承运商', type: 'id',
    byCode: { name: 'carrierCode', label: '承运商编码', table: 'md_carrier', codeColumn: 'carrier_code', scope: 'group' } },
  b('uninstall', 'uninstall', '自卸'),
  t('mainVehicleDrivingLicense', 'main_vehicle_driving_license', '主车行驶证号'),
  t('mainVehicleRoadTransportLicense', 'main_vehicle_road_transport_license', '主车道路运输证号'),
  d('mainVehicleRoadTransportValidFrom', 'main_vehicle_road_transport_valid_from', '主车道路运输证有效期起'),
  d('mainVehicleRoadTransportValidTo', 'main_vehicle_road_transport_valid_to', '主车道路运输证有效期止'),
  b('hasTrailer', 'has_trailer', '是否有挂车'),
  t('trailerPlateNumber', 'trailer_plate_number', '挂车车牌号', { maxLength: 12, ...plate('挂车车牌号', 'TRAILER') }),
  t('trailerDrivingLicense', 'trailer_driving_license', '挂车行驶证号'),
  t('trailerRoadTransportLicense', 'trailer_road_transport_license', '挂车道路运输证号'),
  d('trailerRoadTransportValidFrom', 'trailer_road_transport_valid_from', '挂车道路运输证有效期起'),
  d('trailerRoadTransportValidTo', 'trailer_road_transport_valid_to', '挂车道路运输证有效期止'),
  b('isDangerousChemicals', 'is_dangerous_chemicals', '是否危化品车辆'),
  t('dangerousChemicalsRoadTransportLicense', 'dangerous_chemicals_road_transport_license', '危险货物道路运输许可证号'),
  t('roadTransportLicense', 'road_transport_license', '道路运输许可证号'),
  d('roadTransportLicenseValidFrom', 'road_transport_license_valid_from', '道路运输许可证有效期起'),
  d('roadTransportLicenseValidTo', 'road_transport_license_valid_to', '道路运输许可证有效期止'),
  { name: 'mainVehiclePhotoId', column: 'main_vehicle_photo_id', label: '主车照片', type: 'id' },
  { name: 'drivingLicensePhotoId', column: 'driving_license_photo_id', label: '行驶证照片', type: 'id' },
  { name: 'roadLicensePhotoId', column: 'road_license_photo_id', label: '道路运营证照片', type: 'id' },
  enabledField,
  remarkField,
];

/** Fields of a hidden section are cleared: the form hides them, so what they held is stale. */
export function normaliseVehicle(v: EntityValues): EntityValues {
  const out = { ...v };
  if (out.hasTrailer !== true) for (const f of TRAILER) out[f] = null;
  if (out.isDangerousChemicals !== true) for (const f of DANGEROUS) out[f] = null;
  return out;
}

export function validateVehicle(v: EntityValues): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (v.hasTrailer === true && !v.trailerPlateNumber) problems.push({ field: 'trailerPlateNumber', message: '挂车车牌号不能为空！' });
  for (const [from, to, message] of VALIDITY) {
    if (v[from] && v[to] && String(v[to]) < String(v[from])) problems.push({ field: to, message });
  }
  return problems;
}

const PHOTOS = ['mainVehiclePhotoId', 'drivingLicensePhotoId', 'roadLicensePhotoId'];

export const vehicleFamily: DocumentFamily = {
  label: '车辆', base: '/api/masterdata/vehicle', permissionPrefix: 'md_vehicle', table: 'md_vehicle', scope: { kind: 'org' },
  code: { field: 'plateNumber', column: 'plate_number' },
  fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate: vehicleListTemplate, resourceTemplate: vehicleResourceTemplate, forms: [vehicleCreateForm, vehicleUpdateForm, vehicleDetailTemplate],
  readFields: readFieldsOf(vehicleCreateForm),
  copy: 'none', normalise: normaliseVehicle, validate: validateVehicle,
  // a photo is a file uploaded in this company: another company's file id is not this truck's
  checkWrite: async (tx, who, _id, values) => {
    const ids = PHOTOS.map((f) => values[f]).filter((v): v is string => typeof v === 'string');
    if (ids.length === 0) return [];
    const { rows } = await sql<{ id: string }>`SELECT id::text FROM sys_file WHERE org_id = ${who.orgId} AND id = ANY(${ids}::bigint[])`.execute(tx);
    const own = new Set(rows.map((r) => r.id));
    return PHOTOS.filter((f) => typeof values[f] === 'string' && !own.has(values[f] as string))
      .map((f) => ({ field: f, message: `${FIELDS.find((d) => d.name === f)?.label ?? f}不存在或不属于当前公司` }));
  },
};
