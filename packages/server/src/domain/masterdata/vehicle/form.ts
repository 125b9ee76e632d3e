import type { FieldDef } from '../../../platform/templates/define';
import { formTemplates } from '../shared/fields';
import { PLATE_TYPES } from './templates';

/**
 * The demo vehicle form (spec section 3): the truck, its owner and carrier, the main vehicle's
 * licences; the trailer section only when hasTrailer, the dangerous-goods section only when
 * isDangerousChemicals (controlValue tells the web which switch shows a field); three photos.
 */
const YES_NO = [{ value: true, label: '是', labelEn: 'Yes' }, { value: false, label: '否', labelEn: 'No' }];
const onTrailer = 'hasTrailer=true';
const onDangerous = 'isDangerousChemicals=true';

const text = (fieldName: string, fieldExplain: string, fieldExplainEn: string, column: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: `t.${column}`, ...extra,
});
const date = (fieldName: string, fieldExplain: string, fieldExplainEn: string, column: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: `t.${column}`, ...extra,
});
const yesNo = (fieldName: string, fieldExplain: string, fieldExplainEn: string, column: string): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: `t.${column}`, options: YES_NO, defaultValue: 'false',
});
const photo = (fieldName: string, fieldExplain: string, fieldExplainEn: string, column: string): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'IMG_VIEW', columnSql: `t.${column}::text`, tipsMessage: '上传照片，最多1张',
});

export const VEHICLE_FORM_FIELDS: FieldDef[] = [
  text('plateNumber', '车牌号', 'Plate number', 'plate_number', { irequired: true, tipsMessage: '如 浙E12345，字母自动转为大写', validateMethod: '^\\S+$', validateTitle: '车牌号不能含空格' }),
  { fieldName: 'plateType', fieldExplain: '车牌颜色', fieldExplainEn: 'Plate colour', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.plate_type', options: PLATE_TYPES, defaultValue: 'YELLOW' },
  text('carType', '车型', 'Vehicle type', 'car_type'),
  { fieldName: 'axleType', fieldExplain: '轴数', fieldExplainEn: 'Axles', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.axle_type' },
  { fieldName: 'vehicleLength', fieldExplain: '车长(米)', fieldExplainEn: 'Length (m)', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.vehicle_length' },
  { fieldName: 'capacityTonnage', fieldExplain: '核定载质量(吨)', fieldExplainEn: 'Rated load (t)', fieldType: 'NUMBER', displayKind: 'weight', formSubmitType: 'NUMBER', columnSql: 't.capacity_tonnage' },
  { fieldName: 'standardTare', fieldExplain: '标准皮重(吨)', fieldExplainEn: 'Standard tare (t)', fieldType: 'NUMBER', displayKind: 'weight', formSubmitType: 'NUMBER', columnSql: 't.standard_tare' },
  date('annualReviewDate', '年审日期', 'Annual review', 'annual_review_date'),
  text('qualifications', '资质', 'Qualifications', 'qualifications'),
  text('carOwner', '车主', 'Owner', 'car_owner'),
  text('carOwnerMobile', '车主电话', 'Owner mobile', 'car_owner_mobile', { validateMethod: '^1\\d{10}$', validateTitle: '车主电话应为11位手机号' }),
  {
    fieldName: 'carrierName', fieldExplain: '承运商', fieldExplainEn: 'Carrier', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS',
    columnSql: '(SELECT c.carrier_name FROM md_carrier c WHERE c.id = t.carrier_id)',
    resource: {
      formatCode: 'masterdata.carrier.resource',
      map: [
        { masterTable: 'md_vehicle', fieldName: 'carrierId', from: 'id' },
        { masterTable: 'md_vehicle', fieldName: 'carrierName', from: 'carrierName' },
      ],
    },
  },
  { fieldName: 'carrierId', fieldExplain: '承运商编号', fieldExplainEn: 'Carrier id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.carrier_id::text', ishow: false, ihidden: true },
  yesNo('uninstall', '自卸', 'Self-unloading', 'uninstall'),
  text('mainVehicleDrivingLicense', '主车行驶证号', 'Driving licence', 'main_vehicle_driving_license'),
  text('mainVehicleRoadTransportLicense', '主车道路运输证号', 'Transport cert.', 'main_vehicle_road_transport_license'),
  date('mainVehicleRoadTransportValidFrom', '主车道路运输证有效期起', 'Cert. valid from', 'main_vehicle_road_transport_valid_from'),
  date('mainVehicleRoadTransportValidTo', '主车道路运输证有效期止', 'Cert. valid to', 'main_vehicle_road_transport_valid_to'),
  yesNo('hasTrailer', '是否有挂车', 'Has trailer', 'has_trailer'),
  text('trailerPlateNumber', '挂车车牌号', 'Trailer plate', 'trailer_plate_number', { controlValue: onTrailer, tipsMessage: '如 浙E1234挂' }),
  text('trailerDrivingLicense', '挂车行驶证号', 'Trailer licence', 'trailer_driving_license', { controlValue: onTrailer }),
  text('trailerRoadTransportLicense', '挂车道路运输证号', 'Trailer cert.', 'trailer_road_transport_license', { controlValue: onTrailer }),
  date('trailerRoadTransportValidFrom', '挂车道路运输证有效期起', 'Trailer cert. from', 'trailer_road_transport_valid_from', { controlValue: onTrailer }),
  date('trailerRoadTransportValidTo', '挂车道路运输证有效期止', 'Trailer cert. to', 'trailer_road_transport_valid_to', { controlValue: onTrailer }),
  yesNo('isDangerousChemicals', '是否危化品车辆', 'Hazardous goods', 'is_dangerous_chemicals'),
  text('dangerousChemicalsRoadTransportLicense', '危险货物道路运输许可证号', 'Hazmat permit', 'dangerous_chemicals_road_transport_license', { controlValue: onDangerous }),
  text('roadTransportLicense', '道路运输许可证号', 'Transport permit', 'road_transport_license', { controlValue: onDangerous }),
  date('roadTransportLicenseValidFrom', '道路运输许可证有效期起', 'Permit valid from', 'road_transport_license_valid_from', { controlValue: onDangerous }),
  date('roadTransportLicenseValidTo', '道路运输许可证有效期止', 'Permit valid to', 'road_transport_license_valid_to', { controlValue: onDangerous }),
  photo('mainVehiclePhotoId', '主车照片', 'Vehicle photo', 'main_vehicle_photo_id'),
  photo('drivingLicensePhotoId', '行驶证照片', 'Licence photo', 'driving_license_photo_id'),
  photo('roadLicensePhotoId', '道路运营证照片', 'Operation photo', 'road_license_photo_id'),
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
];

export const [vehicleCreateForm, vehicleUpdateForm] = formTemplates(
  { formatCode: 'masterdata.vehicle', formatName: '车辆', formatNameEn: 'vehicle', prefix: 'md_vehicle', mainTable: 'md_vehicle', style: 'FORMAT_EIGHT_COLUMN_FROM' },
  VEHICLE_FORM_FIELDS,
);
