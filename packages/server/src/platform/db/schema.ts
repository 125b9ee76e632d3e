import type { ColumnType, Generated } from 'kysely';
import type { DataScope } from '@wb/protocol';

/** Kysely's view of the tables; bigint ids arrive as strings from pg. */
type Id = ColumnType<string, string | number | undefined, string | number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SysGroup { id: Generated<string>; group_code: string; group_name: string; created_at: Timestamp }
export interface SysOrg {
  id: Generated<string>; group_id: Id; parent_id: Id | null; org_code: string; org_name: string;
  org_name_en: string | null; enabled: Generated<boolean>; created_at: Timestamp;
  /** 066: the letterhead's address and phone */
  address?: string | null; phone?: string | null;
  /** 088: the names of its logos (sys_brand_image) */
  logo_main?: string | null; logo_small?: string | null;
}
export interface SysUser {
  id: Generated<string>; group_id: Id; username: string; real_name: string; avatar: string | null;
  mobile: string | null; email: string | null; password_hash: string; password_unsafe: Generated<boolean>;
  password_changed_at: Timestamp | null; current_org_id: Id | null; oidc_subject: string | null;
  enabled: Generated<boolean>; created_at: Timestamp; updated_at: Timestamp;
}
export interface SysRole {
  id: Generated<string>; group_id: Id; role_code: string; role_name: string; role_name_en: string | null;
  is_admin: Generated<boolean>; created_at: Timestamp;
  /** whose rows its holders see in a list (migration 035) */
  data_scope: Generated<DataScope>;
}
export interface SysUserOrg { user_id: Id; org_id: Id }
export interface SysUserOrgRole { user_id: Id; org_id: Id; role_id: Id }
export interface SysMenu {
  id: Generated<string>; parent_id: Id | null; kind: 'menu' | 'button'; name: string; name_en: string | null;
  path: string | null; url_path: string | null; component: string | null; icon: string | null;
  permission: string | null; keep_alive: Generated<boolean>; query: string | null;
  menu_flag: Generated<'web' | 'app'>; sort: Generated<number>; methods: Generated<string[]>; created_at: Timestamp;
  /** put there by the code's menu tree (seed/menus.ts), retired when the tree drops it (migrations/025) */
  seeded: Generated<boolean>;
  /** kept out of the sidebar and the menu search, its route kept (migrations/069) */
  hidden: Generated<boolean>;
}
export interface SysRoleMenu { role_id: Id; menu_id: Id }
export interface AuthSession {
  id: Generated<string>; user_id: Id; org_id: Id | null; client_id: string; access_hash: Buffer;
  access_expires_at: Timestamp; refresh_hash: Buffer; refresh_expires_at: Timestamp;
  revoked_at: Timestamp | null; ip: string | null; device_id: string | null; created_at: Timestamp;
  refreshed_at: Timestamp | null;
  /** opened by the pro sign-in in the company its page names: that company is kept (migration 098) */
  org_fixed: Generated<boolean>;
}
export interface AuthCaptcha { random_str: string; code: string; expires_at: Timestamp }
export interface AuthOidcState {
  state: string; code_verifier: string; nonce: string; return_path: string; expires_at: Timestamp; created_at: Timestamp;
}
export interface AuthFailure { id: Generated<string>; username: string; ip: string; at: Timestamp }
export interface SysLog {
  id: Generated<string>; org_id: Id | null; user_id: Id | null; username: string | null; action: string;
  detail: string | null; ip: string | null; created_at: Timestamp;
  /** the family's word (供应商, 采购磅单) and the document's number, when the entry is about one */
  family: string | null; doc_no: string | null;
}
export interface SysFile {
  id: Generated<string>; org_id: Id; uploaded_by: Id | null; original_name: string; content_type: string;
  size_bytes: ColumnType<string, string | number, string | number>; sha256: string; storage_key: string; created_at: Generated<Date>;
}
/** 088: an avatar or a company logo, a normalised PNG answered by its name */
export interface SysBrandImage {
  id: Generated<string>; org_id: Id; name: string; kind: 'avatar' | 'logo_main' | 'logo_small'; user_id: Id | null;
  content_type: string; size_bytes: number; bytes: Buffer; created_by: Id | null; created_at: Generated<Date>;
}
export interface SysParam { org_id: Id; param_key: string; param_value: string }

export interface DB {
  sys_group: SysGroup;
  sys_org: SysOrg;
  sys_user: SysUser;
  sys_role: SysRole;
  sys_user_org: SysUserOrg;
  sys_user_org_role: SysUserOrgRole;
  sys_menu: SysMenu;
  sys_file: SysFile;
  sys_brand_image: SysBrandImage;
  sys_role_menu: SysRoleMenu;
  auth_session: AuthSession;
  auth_captcha: AuthCaptcha;
  auth_failure: AuthFailure;
  auth_oidc_state: AuthOidcState;
  sys_log: SysLog;
  sys_param: SysParam;
}

// Master data (migrations/003_masterdata.sql). This second declaration of DB merges with the one
// above, so the master-data tables stay together and later migrations can append the same way.

/** NUMERIC arrives as a string and is written from a decimal string (or an integer-valued number). */
type Numeric = ColumnType<string, string | number, string | number>;
/** NUMERIC with a column default: optional on insert. */
type NumericDefault = ColumnType<string, string | number | undefined, string | number>;
/** SQL date: pg parses it to a Date at local midnight. */
type DateOnly = ColumnType<string, Date | string, Date | string>;
type ResourceType = 'NC' | 'LOCAL' | 'ORGANIZATION' | 'OTHER';

interface MdAudit {
  enabled: Generated<boolean>; remark: string | null; created_at: Timestamp; created_by: Id | null;
  updated_at: Timestamp; updated_by: Id | null; version: Generated<number>;
}
/** Group archives: kept per group, created by one company, used by the companies allocated. */
interface MdGroupArchive extends MdAudit { id: Generated<string>; group_id: Id; org_id: Id }
export type DocStatus = 'FREE' | 'AUDITED' | 'OBSOLETE';
interface MdPartner extends MdGroupArchive {
  doc_status: Generated<DocStatus>;
  short_name: string | null; credit_code: string | null; contact_person: string | null; contact_phone: string | null;
  address: string | null; resource_type: Generated<ResourceType>;
}
export interface MdAllocation { group_id: Id; archive_id: Id; org_id: Id; created_at: Timestamp; created_by: Id | null }

export interface MdMaterialClass extends MdGroupArchive { parent_id: Id | null; invc_code: string; invc_name: string; sort: Generated<number> }
export interface MdMaterial extends MdGroupArchive {
  invc_id: Id; inv_code: string; inv_name: string; inner_code: string | null; model: string | null; unit: Generated<string>;
  is_pu: Generated<boolean>; is_sa: Generated<boolean>; loss_percentage: NumericDefault; loss_weight: NumericDefault;
  pack_weight: Numeric | null; theory_weight: Numeric | null; reference_price: Numeric | null; top_buying_price: Numeric | null;
  resource_type: Generated<ResourceType>; hidden_deduct: NumericDefault; is_dangerous: Generated<boolean>;
  is_pack: Generated<boolean>; is_sample: Generated<boolean>; overload: Generated<boolean>;
  pnmary: 'GROSS_FIRST' | 'TARE_FIRST' | null; scene_confirm: Generated<boolean>; min_net: Numeric | null;
  /** 085: measured by volume (检尺), its bulk density (t/m3) and whether the volume is turned into tons */
  gauged: Generated<boolean>; density: Numeric | null; gauge_to_tons: Generated<boolean>;
  /** 086: its sales tickets name the production batch (批次号) */
  batch_managed: Generated<boolean>;
  weigh_type: Generated<'TRUCK_SCALE' | 'TRACK_SCALE' | 'BELT_SCALE'>; doc_status: Generated<DocStatus>;
}
export interface MdVendor extends MdPartner { vendor_code: string; vendor_name: string }
export interface MdCustomer extends MdPartner { customer_code: string; customer_name: string }
export interface MdCarrier extends MdPartner { carrier_code: string; carrier_name: string; transport_permit_no: string | null }

export type WarehouseKind = 'YARD' | 'SHED' | 'SILO' | 'HOUSE' | 'TANK' | 'VIRTUAL';
export interface MdWarehouse extends MdAudit {
  id: Generated<string>; org_id: Id; ware_code: string; ware_name: string; kind: WarehouseKind; address: string | null;
}
export interface MdWarehouseArea extends MdAudit {
  id: Generated<string>; org_id: Id; warehouse_id: Id; area_code: string; area_name: string; capacity: Numeric | null;
}
export interface MdSilo extends MdAudit {
  id: Generated<string>; org_id: Id; warehouse_id: Id; material_id: Id | null; silo_code: string; silo_name: string;
  capacity: Numeric | null;
  /** 086: the batch being filled into the silo now */
  current_batch_id: Id | null;
}
export interface MdDictType extends MdAudit { id: Generated<string>; org_id: Id; type_code: string; type_name: string; sort: Generated<number> }
export interface MdDictItem extends MdAudit {
  id: Generated<string>; org_id: Id; type_id: Id; item_code: string; item_label: string; sort: Generated<number>;
}
export interface MdDischargePoint extends MdAudit {
  id: Generated<string>; org_id: Id; point_code: string; title: string; sort: Generated<number>; warehouse_id: Id;
}
export interface MdLine extends MdAudit { id: Generated<string>; org_id: Id; line_code: string; line_name: string; direction: 'RECEIVE' | 'SHIP' }
/** 区域档案 (migration 065): the company's region tree, coded by its hierarchy rule for regions. */
export interface MdRegion extends MdAudit { id: Generated<string>; org_id: Id; parent_id: Id | null; region_code: string; region_name: string; sort: Generated<number> }
export interface MdLinePoint extends MdAudit { id: Generated<string>; org_id: Id; line_id: Id; seq: number; point: string }
/** 计算组 (migration 080): materials priced, planned and reported as one; a material in one group of its company. */
export interface MdCalcGroup extends MdAudit { id: Generated<string>; org_id: Id; group_code: string; group_name: string }
export interface MdCalcGroupMember extends Omit<MdAudit, 'enabled'> { id: Generated<string>; org_id: Id; group_id: Id; material_id: Id; seq: Generated<number> }
/** 库存地址 (migration 081): a place in a warehouse (yard, bay, silo position), a tree under the warehouse. */
export interface MdStockAddress extends MdAudit {
  id: Generated<string>; org_id: Id; warehouse_id: Id; parent_id: Id | null; address_code: string; address_name: string;
  kind: 'YARD' | 'BAY' | 'SILO_POSITION'; capacity: Numeric | null; sort: Generated<number>;
}
export interface MdFactory extends MdAudit { id: Generated<string>; org_id: Id; factory_code: string; factory_name: string; address: string | null }
export interface MdPerson extends MdAudit {
  id: Generated<string>; org_id: Id; person_code: string; person_name: string; mobile: string | null; id_number: string | null;
  department: string | null;
}
export type PlateType = 'YELLOW' | 'BLUE' | 'GREEN' | 'YELLOW_GREEN' | 'WHITE' | 'BLACK';
export interface MdVehicle extends MdAudit {
  id: Generated<string>; org_id: Id; plate_number: string; plate_type: Generated<PlateType>; car_type: string | null;
  axle_type: number | null; vehicle_length: Numeric | null; capacity_tonnage: Numeric | null; annual_review_date: DateOnly | null;
  qualifications: string | null; car_owner: string | null; car_owner_mobile: string | null; carrier_id: Id | null;
  uninstall: Generated<boolean>; main_vehicle_driving_license: string | null; main_vehicle_road_transport_license: string | null;
  main_vehicle_road_transport_valid_from: DateOnly | null; main_vehicle_road_transport_valid_to: DateOnly | null;
  has_trailer: Generated<boolean>; trailer_plate_number: string | null; trailer_driving_license: string | null;
  trailer_road_transport_license: string | null; trailer_road_transport_valid_from: DateOnly | null;
  trailer_road_transport_valid_to: DateOnly | null; is_dangerous_chemicals: Generated<boolean>;
  dangerous_chemicals_road_transport_license: string | null; road_transport_license: string | null;
  road_transport_license_valid_from: DateOnly | null; road_transport_license_valid_to: DateOnly | null;
  last_tare: Numeric | null; average_tare: Numeric | null; standard_tare: Numeric | null; tare_time: Timestamp | null;
  tare_count: Generated<number>; main_vehicle_photo_id: Id | null; driving_license_photo_id: Id | null;
  road_license_photo_id: Id | null;
}
export type LicenseClass = 'A1' | 'A2' | 'A3' | 'B1' | 'B2' | 'C1' | 'C2' | 'C3' | 'C4' | 'C5' | 'C6';
export interface MdDriver extends MdAudit {
  id: Generated<string>; org_id: Id; driver_name: string; id_number: string; mobile: string | null; carrier_id: Id | null;
  license_no: string | null; license_class: LicenseClass | null; license_valid_to: DateOnly | null;
}
export type IcCardState = 'NORMAL' | 'LOST' | 'DAMAGED' | 'CANCELLED';
export interface MdIcCard extends MdAudit {
  id: Generated<string>; org_id: Id; card_no: string; card_uid: string | null; card_kind: Generated<'FIXED' | 'TEMPORARY'>;
  state: Generated<IcCardState>; vehicle_id: Id | null; lost_at: Timestamp | null;
}
export interface MdBlacklist extends MdAudit {
  id: Generated<string>; org_id: Id; plate_number: string | null; id_number: string | null; reason: string;
  valid_from: Timestamp; valid_until: Timestamp | null;
  /** 适用业务: registry kinds comma-separated; null: every business (migration 098) */
  business_kinds: string | null;
}

export interface DB {
  md_material_class: MdMaterialClass;
  md_material: MdMaterial;
  md_material_alloc: MdAllocation;
  md_vendor: MdVendor;
  md_vendor_alloc: MdAllocation;
  md_customer: MdCustomer;
  md_customer_alloc: MdAllocation;
  md_carrier: MdCarrier;
  md_carrier_alloc: MdAllocation;
  md_warehouse: MdWarehouse;
  md_warehouse_area: MdWarehouseArea;
  md_silo: MdSilo;
  md_vehicle: MdVehicle;
  md_driver: MdDriver;
  md_ic_card: MdIcCard;
  md_blacklist: MdBlacklist;
  md_dict_type: MdDictType;
  md_dict_item: MdDictItem;
  md_discharge_point: MdDischargePoint;
  md_line: MdLine;
  md_region: MdRegion;
  md_line_point: MdLinePoint;
  md_factory: MdFactory;
  md_person: MdPerson;
  md_calc_group: MdCalcGroup;
  md_calc_group_member: MdCalcGroupMember;
  md_stock_address: MdStockAddress;
}

// Screen templates (migrations/004_templates.sql): global platform definitions, no org_id.

type Json<T> = ColumnType<T, string | undefined, string>;
export interface FieldOption { value: string | number | boolean; label: string; labelEn?: string; color?: string; disabled?: boolean }

export interface CgFormat {
  id: Generated<string>; format_code: string; format_name: string; format_name_en: string | null; format_type: string; format_style: string;
  main_table: string | null; son_table: string | null; org_column: Generated<string>; owner_column: Generated<string | null>; res_method: string | null;
  res_url: string | null; tree_res_url: string | null; tree_res_method: string | null; ps: number | null;
  remark: string | null; value_resource_sub_name: string | null; view_resource_sub_name: string | null;
  detail_id: Id | null; menu_id: Id | null; button_menu_id: Id | null; source: Generated<'code' | 'admin'>;
  created_at: Timestamp; updated_at: Timestamp;
}
export interface CgFormatField {
  id: Generated<string>; format_id: Id; field_name: string; field_explain: string; field_explain_en: string | null;
  field_type: string; form_submit_type: string | null; options: Json<FieldOption[]>; default_value: string | null;
  tips_message: string | null; seq: Generated<number>; ishow: Generated<boolean>; ihidden: Generated<boolean>;
  iupdate: Generated<boolean>; irequired: Generated<boolean>; iallow_query: Generated<boolean>;
  iallow_advance_query: Generated<boolean>; itotal: Generated<boolean>; imerge: Generated<boolean>;
  isort_field: Generated<boolean>; idefined_sort: Generated<boolean>; sort_method: 'asc' | 'desc' | null;
  column_width: number | null; fixed: 'left' | 'right' | null; calculate: string | null; custom_table: string | null;
  class_type: string | null; validate_method: string | null; validate_title: string | null; val_format_fun: string | null;
  cg_format_res_id: Id | null; control_value: string | null; rows: number | null; search_type: string | null;
  column_sql: string | null; display_kind: 'money' | 'unitPrice' | 'weight' | null;
}
export interface CgFormatResMap {
  id: Generated<string>; field_id: Id; master_table: string; target_field: string; source_field: string; seq: Generated<number>;
}
export interface CgFormatParam { id: Generated<string>; format_id: Id; param_list: Json<unknown[]>; updated_at: Timestamp }

export interface DB {
  cg_format: CgFormat;
  cg_format_field: CgFormatField;
  cg_format_res_map: CgFormatResMap;
  cg_format_param: CgFormatParam;
}

// Document engine (migrations/005_documents.sql): code rules and the serials they have issued.

export interface SysCodeRule {
  id: Generated<string>; org_id: Id; doc_kind: string; rule_name: string; prefix: Generated<string>;
  date_pattern: 'yyyy' | 'yyyyMM' | 'yyyyMMdd' | 'yyMM' | 'yyMMdd' | null; serial_width: Generated<number>;
  reset_period: Generated<'DAILY' | 'MONTHLY' | 'YEARLY' | 'NEVER'>; enabled: Generated<boolean>; remark: string | null;
  created_at: Timestamp; created_by: Id | null; updated_at: Timestamp; updated_by: Id | null; version: Generated<number>;
}
export interface SysCodeSerial { org_id: Id; doc_kind: string; period: string; last_serial: string | number }

export interface DB {
  sys_code_rule: SysCodeRule;
  sys_code_serial: SysCodeSerial;
}

// The weighing core (migrations/011_weighing_core.sql): notices, registries, tickets, stock.

interface DocAudit {
  remark: string | null; created_at: Timestamp; created_by: Id | null; updated_at: Timestamp; updated_by: Id | null;
  version: Generated<number>;
}
export type NoticeKind = 'pu' | 'sa' | 'al' | 'tr';
export interface WbNotice extends DocAudit {
  id: Generated<string>; org_id: Id; kind: NoticeKind; notice_no: string;
  doc_status: Generated<'FREE' | 'AUDITED' | 'CLOSED' | 'OBSOLETE'>; vendor_id: Id | null; customer_id: Id | null;
  peer_org_id: Id | null; carrier_id: Id | null; ctrl_mode: Generated<'QUANTITY' | 'NONE'>; start_time: Timestamp;
  end_time: Timestamp; contract_no: string | null; line_id: Id | null; audited_at: Timestamp | null; audited_by: Id | null;
}
export interface WbNoticeLine extends DocAudit {
  id: Generated<string>; org_id: Id; notice_id: Id; seq: number; material_id: Id; warehouse_id: Id | null;
  to_warehouse_id: Id | null; quantity: Numeric; price: Numeric | null; tax_rate: Numeric | null;
  control_rate: NumericDefault; max_limit: Numeric; min_limit: Numeric | null; quantity_control: Generated<boolean>;
  done_quantity: NumericDefault; done_trips: Generated<number>; in_transit: NumericDefault; in_transit_trips: Generated<number>;
  contract_line_id: Id | null;
}
export type RegistryKind = 'pu' | 'sa' | 'al' | 'tr' | 'pr' | 'st';
export type TripState = 'PLANNED' | 'ENTERED' | 'WEIGHING' | 'RELEASED';
export interface WbRegistry extends DocAudit {
  id: Generated<string>; org_id: Id; kind: RegistryKind; registry_no: string; doc_status: Generated<'FREE' | 'AUDITED' | 'OBSOLETE'>;
  enabled: Generated<boolean>; trip_state: Generated<TripState>; notice_id: Id | null; notice_line_id: Id | null;
  material_id: Id | null; vehicle_id: Id | null; plate_number: string; trailer_plate_number: string | null;
  axle_count: number | null; driver_id: Id | null; driver_name: string | null; driver_id_number: string | null;
  driver_mobile: string | null; carrier_id: Id | null; pre_quantity: Numeric | null; reserved_quantity: NumericDefault;
  shipped_quantity: Numeric | null; ic_card_id: Id | null; line_id: Id | null; discharge_point_id: Id | null;
  queue_no: number | null; valid_from: Timestamp | null; valid_to: Timestamp | null; entered_at: Timestamp | null;
  released_at: Timestamp | null; release_kind: 'NORMAL' | 'SINGLE_WEIGH' | 'SINGLE_EMPTY' | null; merged_into_id: Id | null;
  audited_at: Timestamp | null; audited_by: Id | null;
}
export type TicketKind = 'pu' | 'sa' | 'al' | 'tr' | 'pr' | 'st' | 'pt';
export type TicketState = 'FIRST_WEIGHED' | 'CONFIRMED' | 'COMPLETED' | 'AUDITED' | 'POSTED' | 'CLOSED' | 'OBSOLETE';
export type TareSource = 'WEIGHED' | 'LAST' | 'AVERAGE' | 'STANDARD' | 'MANUAL';
export interface WbTicket extends DocAudit {
  id: Generated<string>; org_id: Id; kind: TicketKind; ticket_no: string; state: TicketState;
  side: 'DISPATCH' | 'RECEIVE' | null; registry_id: Id | null; notice_id: Id | null; notice_line_id: Id | null;
  material_id: Id | null; warehouse_id: Id | null; to_warehouse_id: Id | null; vendor_id: Id | null; customer_id: Id | null;
  carrier_id: Id | null; vehicle_id: Id | null; plate_number: string; driver_name: string | null; driver_id_number: string | null;
  /** 081: the stock address the goods were unloaded at or loaded from */
  stock_address_id?: Id | null;
  first_is: 'GROSS' | 'TARE'; gross: Numeric | null; gross_time: Timestamp | null; tare: Numeric | null;
  tare_time: Timestamp | null; tare_source: TareSource | null; deduct_total: NumericDefault; net: Numeric | null;
  shipped_quantity: Numeric | null; reserved_quantity: NumericDefault; price: Numeric | null; amount: Numeric | null;
  manual: Generated<boolean>; confirmed_at: Timestamp | null; confirmed_by: Id | null;
  /** what the operator confirmed of an unusual second weighing (migration 060) */
  unusual_confirmed: string | null;
  sample_state: 'QUALIFIED' | 'UNQUALIFIED' | null; sample_count: number | null; re_nums: number | null;
  close_kind: 'SINGLE_WEIGH' | 'SINGLE_EMPTY' | null; completed_at: Timestamp | null; audited_at: Timestamp | null;
  audited_by: Id | null; posted_at: Timestamp | null; uploaded_at: Timestamp | null; print_count: Generated<number>;
  source_ticket_id: Id | null; merged_into_id: Id | null; split_from_id: Id | null;
  warnings: ColumnType<unknown[], string | undefined, string>;
  /** migrations/019_confirm.sql */
  sampled_on: DateOnly | null;
  /** migrations/038_price.sql */
  price_source: 'NOTICE_LINE' | 'CONTRACT' | 'PRICE_RULE' | 'MANUAL' | null; price_ref: string | null; price_label: string | null;
  /** migrations/041_calculation.sql: the document that locks the ticket (all three or none) */
  locked_by_kind: string | null; locked_by_id: Id | null; locked_by_no: string | null;
  /** migrations/044: the goods and the freight settlement holding the ticket; quality's price change */
  settled_by_id: Id | null; settled_by_no: string | null; freight_settled_by_id: Id | null; freight_settled_by_no: string | null;
  quality_price_adjust: NumericDefault;
  /** 085: what the price is per (NET weighed, VOLUME gauged) and the latest gauging's figures */
  price_basis: Generated<PriceBasis>; gauge_volume: Numeric | null; gauge_tons: Numeric | null;
  /** 086: the production batch the goods were loaded from */
  batch_id: Id | null;
  /** 097: the silo it is loaded at (its second weighing reads the silo's current batch) */
  silo_id?: Id | null;
}
export type PriceBasis = 'NET' | 'VOLUME';
/** 085: a ticket's gauging (检尺), one per ticket */
export interface WbTicketGauge {
  id: Generated<string>; org_id: Id; ticket_id: Id; method: 'LOAD' | 'BED'; length: Numeric; width: Numeric; height: Numeric;
  gap: NumericDefault; volume: Numeric; density: Numeric | null; tons: Numeric | null; gauger_id: Id | null; gauger_name: string;
  gauged_at: Timestamp; photo_file_ids: ColumnType<string[], string[] | undefined, string[]>; remark: string | null;
  created_at: Generated<Date>; created_by: Id | null; updated_at: Generated<Date>;
}
export interface WbWeighing {
  id: Generated<string>; org_id: Id; ticket_id: Id; reading: 'FIRST' | 'SECOND'; weight: Numeric; stable: boolean | null;
  weighed_at: Timestamp; station: string; request_id: string; identified_by: 'REGISTRY' | 'CARD' | 'PLATE' | 'MANUAL';
  snapshot_file_ids: ColumnType<string[], string[] | undefined, string[]>; operator_id: Id | null; created_at: Timestamp;
  /** migration 050: where the figure came from, and the scale whose indicator gave it */
  source: WeighingSourceColumn | null; scale_id: string | null;
}
export type DeductionKind = 'WATER' | 'IMPURITY' | 'DETRITUS' | 'STONE' | 'OTHER' | 'QUALITY' | 'HIDDEN';
export interface WbTicketDeduction {
  id: Generated<string>; org_id: Id; ticket_id: Id; kind: DeductionKind; mode: 'AMOUNT' | 'RATE'; value: Numeric;
  amount: Numeric; created_at: Timestamp; created_by: Id | null;
}
export interface WbStockRecord {
  id: Generated<string>; org_id: Id; ticket_id: Id | null; direction: 'IN' | 'OUT' | 'EARLY'; warehouse_id: Id;
  material_id: Id; quantity: Numeric; posted_at: Timestamp; posted_by: Id | null; reversed_at: Timestamp | null;
  reversed_by: Id | null; remark: string | null;
  /** 081: the stock address the goods moved at */
  stock_address_id?: Id | null;
}
export interface WbStockBalance { org_id: Id; warehouse_id: Id; material_id: Id; quantity: NumericDefault; updated_at: Timestamp }

export interface DB {
  wb_notice: WbNotice;
  wb_notice_line: WbNoticeLine;
  wb_registry: WbRegistry;
  wb_ticket: WbTicket;
  wb_weighing: WbWeighing;
  wb_ticket_deduction: WbTicketDeduction;
  wb_ticket_gauge: WbTicketGauge;
  wb_stock_record: WbStockRecord;
  wb_stock_balance: WbStockBalance;
  wb_price_rule: WbPriceRule;
  wb_price_adjust: WbPriceAdjust;
  wb_price_adjust_line: WbPriceAdjustLine;
  wb_price_rule_end: WbPriceRuleEnd;
}

// Prices (migrations/038_price.sql).
interface PriceKeys {
  material_id: Id; party_id: Id | null; route_id: Id | null; transport: 'ROAD' | 'RAIL' | 'WATER' | null; packing: 'BULK' | 'BAG' | null;
  price: Numeric; tax_rate: Numeric | null;
}
export interface WbPriceRule extends DocAudit, Omit<PriceKeys, 'material_id'> {
  /** 080: a rule names a material or a computation group, never both */
  material_id: Id | null; calc_group_id: Id | null;
  id: Generated<string>; org_id: Id; kind: 'sa' | 'pu'; rule_no: string; doc_status: Generated<'FREE' | 'AUDITED' | 'OBSOLETE'>;
  effective_from: Timestamp; effective_to: Timestamp | null; adjust_id: Id | null; audited_at: Timestamp | null; audited_by: Id | null;
  /** 085: per ton weighed or per m3 gauged */
  price_basis: Generated<PriceBasis>;
}
export interface WbPriceAdjust extends DocAudit {
  id: Generated<string>; org_id: Id; kind: 'sa' | 'pu'; adjust_no: string; doc_status: Generated<'FREE' | 'AUDITED' | 'OBSOLETE'>;
  effective_at: Timestamp; reason: string; audited_at: Timestamp | null; audited_by: Id | null;
}
export interface WbPriceAdjustLine extends DocAudit, PriceKeys {
  id: Generated<string>; org_id: Id; adjust_id: Id; seq: number;
  /** 096: per ton weighed or per m3 gauged, written as the rule's */
  price_basis: Generated<PriceBasis>;
}
export interface WbPriceRuleEnd { org_id: Id; adjust_id: Id; rule_id: Id; to_before: Timestamp | null }

// Freight (migrations/047_freight.sql).
type FreightKindCol = 'pu' | 'sa' | 'al' | 'tr';
interface FreightTermsCols {
  basis: Generated<'OUR_NET' | 'SHIPPED' | 'LESSER'>; charge_mode: Generated<'TON' | 'TRIP' | 'TON_KM'>; tax_rate: Numeric | null;
  loss_mode: 'PERCENT' | 'KG' | null; loss_value: Numeric | null;
}
export interface WbFreightContract extends DocAudit, FreightTermsCols {
  id: Generated<string>; org_id: Id; kind: FreightKindCol; contract_no: string; doc_status: Generated<'FREE' | 'AUDITED' | 'CLOSED' | 'OBSOLETE'>;
  enabled: Generated<boolean>; carrier_id: Id; sign_date: DateOnly | null; valid_from: Timestamp; valid_to: Timestamp | null;
  audited_at: Timestamp | null; audited_by: Id | null;
}
export interface WbFreightContractLine extends DocAudit {
  id: Generated<string>; org_id: Id; contract_id: Id; seq: number; route_id: Id | null; region: string | null; material_id: Id | null;
  material_class_id: Id | null; price: Numeric; distance_km: Numeric | null;
}
export interface WbFreightPrice extends DocAudit, FreightTermsCols {
  id: Generated<string>; org_id: Id; kind: FreightKindCol; price_no: string; doc_status: Generated<'FREE' | 'AUDITED' | 'OBSOLETE'>;
  enabled: Generated<boolean>; carrier_id: Id | null; route_id: Id | null; region: string | null; material_id: Id | null;
  material_class_id: Id | null; price: Numeric; distance_km: Numeric | null; effective_from: Timestamp; effective_to: Timestamp | null;
  contract_id: Id | null; contract_line_id: Id | null; audited_at: Timestamp | null; audited_by: Id | null;
}
export interface WbFreightPlan extends DocAudit, FreightTermsCols {
  id: Generated<string>; org_id: Id; kind: FreightKindCol; plan_no: string; doc_status: Generated<'FREE' | 'AUDITED' | 'OBSOLETE'>;
  enabled: Generated<boolean>; carrier_id: Id; material_id: Id | null; route_id: Id | null; region: string | null; warehouse_id: Id | null;
  start_time: Timestamp; end_time: Timestamp | null; planned_trips: number | null; planned_quantity: Numeric | null;
  price_source: Generated<'RESOLVED' | 'TYPED'>; price_id: Id | null; price_label: string | null; price: Numeric | null; distance_km: Numeric | null;
  urgent: Generated<boolean>; pounds_confirmed_at: Timestamp | null; pounds_confirmed_by: Id | null; freight_total: Numeric | null;
  loss_charge_total: Numeric | null; audited_at: Timestamp | null; audited_by: Id | null;
}
export interface WbFreightPlanTicket {
  id: Generated<string>; org_id: Id; plan_id: Id; ticket_id: Id; seq: number; basis_weight: Numeric | null; freight: Numeric | null;
  loss: Numeric | null; shortage: Numeric | null; loss_charge: Numeric | null; created_at: Generated<Timestamp>; created_by: Id | null;
}
export interface WbFreightRemittance {
  id: Generated<string>; org_id: Id; plan_id: Id; carrier_id: Id; amount: Numeric; paid_at: Timestamp; method: 'BANK' | 'CASH' | 'BILL' | 'OTHER';
  reference: string | null; remark: string | null; created_at: Generated<Timestamp>; created_by: Id | null;
}
export interface WbFreightFuelAdvance {
  id: Generated<string>; org_id: Id; plan_id: Id; carrier_id: Id; card_no: string; amount: Numeric; confirmed_at: Generated<Timestamp>;
  confirmed_by: Id | null; deducted_by_id: Id | null; deducted_by_no: string | null; deducted_at: Timestamp | null; remark: string | null;
}
export interface DB {
  wb_freight_contract: WbFreightContract;
  wb_freight_contract_line: WbFreightContractLine;
  wb_freight_price: WbFreightPrice;
  wb_freight_plan: WbFreightPlan;
  wb_freight_plan_ticket: WbFreightPlanTicket;
  wb_freight_remittance: WbFreightRemittance;
  wb_freight_fuel_advance: WbFreightFuelAdvance;
}

// Events, subscriptions and deliveries (migrations/057_events.sql; the outbox of 018 became these).
export interface SysEvent {
  id: Generated<string>; org_id: Id; type: string; event_key: string; payload: ColumnType<unknown, string, string>;
  created_at: Generated<Date>; created_by: Id | null;
  /** when the fan-out made its deliveries (migration 094); null until then */
  fanned_out_at: Date | null;
}
export interface SysSubscription extends DocAudit {
  id: Generated<string>; org_id: Id; name: string; events: string; url: string; secret: string | null; timeout_ms: Generated<number>;
  max_attempts: Generated<number>; enabled: Generated<boolean>;
}
export type DeliveryState = 'PENDING' | 'SENT' | 'FAILED';
export interface SysDelivery {
  id: Generated<string>; org_id: Id; event_id: Id; subscription_id: Id; event_type: string; event_key: string;
  state: Generated<DeliveryState>; attempts: Generated<number>; next_attempt_at: Generated<Date>; leased_until: Timestamp | null; last_status: number | null;
  last_error: string | null; sent_at: Timestamp | null; resent: Generated<number>; created_at: Generated<Date>;
}
export interface SysDeliveryAttempt {
  id: Generated<string>; org_id: Id; delivery_id: Id; attempt: number; started_at: Timestamp; duration_ms: number;
  status: number | null; error: string | null; response: string | null;
}
export interface DB {
  sys_event: SysEvent;
  sys_subscription: SysSubscription;
  sys_delivery: SysDelivery;
  sys_delivery_attempt: SysDeliveryAttempt;
}

// The weigh log (migrations/033_weigh_log.sql).
export interface WbWeighLog {
  id: Generated<string>; org_id: Id; logged_at: Generated<Date>; kind: string; reading: 'FIRST' | 'SECOND'; station: string;
  request_id: string | null; user_id: Id | null; username: string | null; identified_by: 'REGISTRY' | 'CARD' | 'PLATE' | 'TICKET' | null;
  identified_value: string | null; plate_number: string | null; weight: Numeric | null; unit: 't' | 'kg' | null; stable: boolean | null;
  tare_choice: string | null; outcome: 'ACCEPTED' | 'REFUSED' | 'REPLAY'; ticket_id: Id | null; ticket_no: string | null;
  status: number | null; reason: string | null;
  source: WeighingSourceColumn | null;
  /** what the operator confirmed of an unusual second weighing (migration 060) */
  confirmed: string | null;
}
/** Migration 050 (domain/station): where a weighing's figure came from. */
export type WeighingSourceColumn = 'INDICATOR' | 'MANUAL' | 'STATION' | 'STORED';
export interface WbStationCredential {
  id: Generated<string>; org_id: Id; station_name: string; scale_id: string; key_hash: Buffer; key_prefix: string; remark: string | null;
  revoked_at: Timestamp | null; revoked_by: Id | null; last_used_at: Timestamp | null; created_at: Generated<Date>; created_by: Id | null;
}
export interface WbCheckSecret { id: number; secret: Buffer }
export interface DB {
  wb_station_credential: WbStationCredential;
  wb_check_secret: WbCheckSecret;
  wb_weigh_log: WbWeighLog;
}
/** Migration 051 (domain/lane): the unattended lane's intervention queue and its stations' last contact. */
export type LaneReason = 'unstable' | 'not-in-position' | 'out-of-range' | 'tare-deviation' | 'no-registry' | 'business';
export interface WbLaneIntervention {
  id: Generated<string>; org_id: Id; credential_id: Id; scale_id: string; station_name: string; request_id: string; reason: LaneReason;
  message: string; plate_number: string | null; card_no: string | null; registry_id: Id | null; weight: Numeric | null; unit: 'kg' | 't' | null;
  snapshot_file_id: Id | null; state: Generated<'WAITING' | 'APPROVED' | 'FORBIDDEN' | 'USED'>; answered_by: Id | null;
  answered_by_name: string | null; answered_at: Timestamp | null; remark: string | null; ticket_id: Id | null; created_at: Generated<Date>;
}
export interface WbLaneContact { credential_id: Id; org_id: Id; contact_at: Timestamp; queued: number; phase: string | null }
export interface DB {
  wb_lane_intervention: WbLaneIntervention;
  wb_lane_contact: WbLaneContact;
}

// Contracts (migrations/037_contract.sql).
export type ContractKind = 'pu' | 'sa' | 'al';
export type ContractStatus = 'FREE' | 'AUDITED' | 'CLOSED' | 'TERMINATED' | 'OBSOLETE';
export interface WbContract extends DocAudit {
  id: Generated<string>; org_id: Id; kind: ContractKind; contract_no: string; doc_status: Generated<ContractStatus>; enabled: Generated<boolean>;
  vendor_id: Id | null; customer_id: Id | null; peer_org_id: Id | null; sign_date: DateOnly | null; valid_from: DateOnly; valid_to: DateOnly;
  tax_rate: Numeric | null; currency: Generated<string>; settle_basis: Generated<'OUR_NET' | 'SHIPPED' | 'LESSER'>; tolerance: NumericDefault;
  freight_terms: Generated<'DELIVERED' | 'EX_WORKS'>; payment_terms: Generated<'PREPAID' | 'CREDIT'>; credit_days: number | null;
  audited_at: Timestamp | null; audited_by: Id | null;
}
export interface WbContractLine extends DocAudit {
  id: Generated<string>; org_id: Id; contract_id: Id; seq: number; material_id: Id; quantity: Numeric; price: Numeric | null; tax_rate: Numeric | null;
  /** 085: per ton weighed or per m3 gauged */
  price_basis: Generated<PriceBasis>;
}
export interface WbContractChange {
  id: Generated<string>; org_id: Id; contract_id: Id; amend_id: Id; contract_line_id: Id | null; field: string;
  before_value: string | null; after_value: string | null; changed_at: Generated<Timestamp>; changed_by: Id | null;
}
export interface DB {
  wb_contract: WbContract;
  wb_contract_line: WbContractLine;
  wb_contract_change: WbContractChange;
}

// Sales and allot calculation (migrations/041_calculation.sql).
export interface WbCalculation extends DocAudit {
  id: Generated<string>; org_id: Id; kind: 'sa' | 'al'; calc_no: string; customer_id: Id | null; peer_org_id: Id | null;
  material_id: Id | null; period_from: Timestamp; period_to: Timestamp; lock_state: Generated<'OPEN' | 'LOCKED'>;
  calculated_at: Timestamp | null; calculated_version: number | null; locked_at: Timestamp | null; locked_by: Id | null; ticket_count: Generated<number>;
  total_net: NumericDefault; total_carried: NumericDefault; total_in_force: NumericDefault; total_difference: NumericDefault;
}
export interface WbCalculationRow {
  id: Generated<string>; org_id: Id; calculation_id: Id; seq: number; ticket_id: Id; ticket_no: string; completed_at: Timestamp | null;
  material_id: Id | null; net: Numeric; price_carried: Numeric | null; price_in_force: Numeric | null; price_source: string | null;
  price_label: string | null; amount_carried: Numeric; amount_in_force: Numeric; difference: Numeric;
  /** 096: what the price in force is per, and the ticket's gauged volume */
  price_basis: Generated<PriceBasis>; gauge_volume: Numeric | null;
}
export interface DB {
  wb_calculation: WbCalculation;
  wb_calculation_row: WbCalculationRow;
}

// Sales plans (migrations/040_plan.sql): monthly plans and day plans.
interface SaPlanRow extends DocAudit {
  id: Generated<string>; org_id: Id; plan_no: string; doc_status: Generated<'FREE' | 'AUDITED'>; enabled: Generated<boolean>;
  customer_id: Id; material_id: Id; tons: Numeric; trips: number; audited_at: Timestamp | null; audited_by: Id | null;
}
export interface SaPlanMonth extends SaPlanRow { plan_month: string }
export interface SaPlanDay extends SaPlanRow { plan_date: DateOnly }
export interface DB {
  sa_plan_month: SaPlanMonth;
  sa_plan_day: SaPlanDay;
}
// Licence control (migrations/042_licence.sql).
export interface MgpStandProduct extends DocAudit {
  id: Generated<string>; org_id: Id; product_code: string; product_name: string; controlled: Generated<boolean>; unit: Generated<string>; enabled: Generated<boolean>;
}
export interface MgpCustomProduct extends DocAudit {
  id: Generated<string>; org_id: Id; custom_code: string; material_id: Id; stand_product_id: Id; enabled: Generated<boolean>;
}
export interface MgpGrant extends DocAudit {
  id: Generated<string>; org_id: Id; grant_no: string; doc_status: Generated<'FREE' | 'AUDITED' | 'OBSOLETE'>; customer_id: Id; division_id: Id | null;
  issuer: string | null; sale_type_id: Id | null; valid_from: Timestamp; valid_to: Timestamp; enabled: Generated<boolean>;
  audited_at: Timestamp | null; audited_by: Id | null;
}
export interface MgpGrantLine extends DocAudit {
  id: Generated<string>; org_id: Id; grant_id: Id; seq: number; stand_product_id: Id; quantity: Numeric; drawn_quantity: NumericDefault;
}
export interface MgpGrantDraw { ticket_id: Id; org_id: Id; grant_line_id: Id; quantity: Numeric; created_at: Generated<Timestamp> }
export interface DB {
  mgp_stand_product: MgpStandProduct;
  mgp_custom_product: MgpCustomProduct;
  mgp_grant: MgpGrant;
  mgp_grant_line: MgpGrantLine;
  mgp_grant_draw: MgpGrantDraw;
}
export interface WbNotice { grant_id?: Id | null }
export interface WbRegistry { grant_id?: Id | null; collector_id?: Id | null }
// The customer's money (migrations/039_money.sql).
export interface FmReceipt extends DocAudit {
  id: Generated<string>; org_id: Id; receipt_no: string; receipt_kind: Generated<'RECEIPT' | 'REFUND'>;
  doc_status: Generated<'FREE' | 'AUDITED' | 'OBSOLETE'>; customer_id: Id; receipt_date: DateOnly; method: 'BANK' | 'CASH' | 'ACCEPTANCE';
  bill_no: string | null; bill_maturity: DateOnly | null; amount: Numeric; tax_rate: Numeric | null; tax_amount: Numeric | null;
  enabled: Generated<boolean>; bank_name: string | null; bank_account: string | null; audited_at: Timestamp | null; audited_by: Id | null;
}
export interface FmCredit extends DocAudit {
  id: Generated<string>; org_id: Id; credit_no: string; doc_status: Generated<'FREE' | 'AUDITED' | 'OBSOLETE'>; customer_id: Id;
  enabled: Generated<boolean>; amount: Numeric; valid_from: DateOnly; valid_to: DateOnly; audited_at: Timestamp | null; audited_by: Id | null;
}
export type MoneyControl = 'NONE' | 'WARN' | 'FORBID';
export interface FmAccount {
  id: Generated<string>; org_id: Id; customer_id: Id; received: NumericDefault; consumed: NumericDefault; frozen: NumericDefault;
  control: Generated<MoneyControl>; updated_at: Generated<Timestamp>;
}
export type LedgerKind = 'RECEIPT' | 'RECEIPT_WITHDRAWN' | 'REFUND' | 'REFUND_WITHDRAWN' | 'CREDIT' | 'CREDIT_WITHDRAWN'
  | 'FREEZE' | 'RELEASE' | 'CONSUME' | 'CONSUME_REVERSED';
export interface FmLedger {
  id: Generated<string>; org_id: Id; customer_id: Id; at: Generated<Timestamp>; kind: LedgerKind; delta: NumericDefault;
  frozen_delta: NumericDefault; doc_kind: 'receipt' | 'credit' | 'registry' | 'ticket'; doc_id: Id; doc_no: string;
  material_id: Id | null; net: Numeric | null; price: Numeric | null; user_id: Id | null;
}
export interface DB {
  fm_receipt: FmReceipt;
  fm_credit: FmCredit;
  fm_account: FmAccount;
  fm_ledger: FmLedger;
}

// The gate and the yard's small archives (migrations/052_gate.sql).
interface GtAudit { enabled: Generated<boolean>; remark: string | null; created_at: Generated<Timestamp>; created_by: Id | null; updated_at: Generated<Timestamp>; updated_by: Id | null; version: Generated<number> }
export interface GtAppointmentRule extends GtAudit {
  id: Generated<string>; org_id: Id; rule_code: string; rule_name: string; kind: RegistryKind | null; material_code: string | null;
  time_window: string | null; day_quota: number | null; quota_day_start: string | null; valid_days: string | null;
}
export interface GtAppointmentUse { org_id: Id; rule_id: Id; day: DateOnly; used: Generated<number> }
export interface GtPassCard extends GtAudit {
  id: Generated<string>; org_id: Id; pass_no: string; holder_kind: 'TRUCK' | 'VISITOR'; plate_number: string | null; visitor_name: string | null;
  id_number: string | null; reason: string | null; valid_from: Timestamp; valid_to: Timestamp; used_count: Generated<number>; last_used_at: Timestamp | null;
}
export interface GtQrcodeRule extends GtAudit {
  id: Generated<string>; org_id: Id; rule_code: string; rule_name: string; target: 'REGISTRY' | 'PASS_CARD'; valid_minutes: Generated<number>;
}
export interface GtQrSecret { org_id: Id; secret: string; created_at: Generated<Timestamp> }
export interface MdHandset extends GtAudit { id: Generated<string>; org_id: Id; device_id: string; device_name: string | null; user_code: string | null; user_name: string | null }
export interface MdLocation extends GtAudit { id: Generated<string>; org_id: Id; location_code: string; location_name: string; address: string | null }
export interface MdBatch extends GtAudit {
  id: Generated<string>; org_id: Id; batch_no: string; material_code: string | null; produced_on: DateOnly | null;
  /** 086: the produced (declared) quantity, the silo it was opened on, its own test values, its close */
  quantity: Numeric | null; silo_id: Id | null; test_values: ColumnType<unknown[], string | undefined, string>;
  closed_at: Timestamp | null; closed_by: Id | null;
  /** 097: when it was opened on its silo (开仓) */
  opened_at?: Timestamp | null;
}
export interface MdTray extends GtAudit { id: Generated<string>; org_id: Id; tray_code: string; tray_name: string; tare_weight: Numeric | null }
export interface MdNumberPrefix extends GtAudit { id: Generated<string>; org_id: Id; prefix: string; prefix_name: string; doc_kind: string | null }
export interface DB {
  gt_appointment_rule: GtAppointmentRule;
  gt_appointment_use: GtAppointmentUse;
  gt_pass_card: GtPassCard;
  gt_qrcode_rule: GtQrcodeRule;
  gt_qr_secret: GtQrSecret;
  md_handset: MdHandset;
  md_location: MdLocation;
  md_batch: MdBatch;
  md_tray: MdTray;
  md_number_prefix: MdNumberPrefix;
}

// Quality (migrations/009_admin.sql, 045_quality.sql).
export interface QmAssayItem {
  id: Generated<string>; group_id: Id; org_id: Id | null; item_code: string; item_name: string; unit: string | null;
  sort: Generated<number>; enabled: Generated<boolean>; precision_digits: Generated<number>; min_value: Numeric | null;
  max_value: Numeric | null; method: string | null; remark: string | null; created_at: Generated<Timestamp>; created_by: Id | null;
  updated_at: Generated<Timestamp>; updated_by: Id | null; version: Generated<number>;
}
export interface QmFormat extends DocAudit {
  id: Generated<string>; org_id: Id; format_code: string; format_name: string; recheck_mode: Generated<'REPLACE' | 'AVERAGE'>;
  batch_trucks: Generated<number>; enabled: Generated<boolean>;
}
export interface QmFormatItem {
  id: Generated<string>; org_id: Id; format_id: Id; seq: Generated<number>; item_id: Id; formula: string | null;
  created_by: Id | null; updated_at: Generated<Timestamp>; updated_by: Id | null; version: Generated<number>;
}
export type QmArchiveKind = 'GROUP' | 'BARREL' | 'MODEL' | 'EX_CLASS';
export interface QmArchive extends DocAudit {
  id: Generated<string>; org_id: Id; kind: QmArchiveKind; code: string; name: string; enabled: Generated<boolean>;
}
export interface QmAutoModel extends DocAudit {
  id: Generated<string>; org_id: Id; rule_no: string; material_id: Id | null; vendor_id: Id | null; format_id: Id; enabled: Generated<boolean>;
}
export type SampleState = 'COLLECTING' | 'TESTING' | 'CHECKED' | 'RECHECK' | 'RECHECKED';
export interface QmSample {
  id: Generated<string>; org_id: Id; blind_code: string; material_id: Id | null; vendor_id: Id | null; format_id: Id;
  sampled_on: DateOnly; sample_count: Generated<number>; truck_count: Generated<number>; state: Generated<SampleState>;
  round: Generated<1 | 2>; checked_by: Id | null; checked_at: Timestamp | null; recheck_reason: string | null;
  created_at: Generated<Timestamp>; created_by: Id | null; updated_at: Generated<Timestamp>; version: Generated<number>;
}
export interface QmSampleTicket { ticket_id: Id; org_id: Id; sample_id: Id; sample_count: Generated<number>; joined_at: Generated<Timestamp> }
export interface QmResult {
  id: Generated<string>; org_id: Id; sample_id: Id; round: 1 | 2; item_id: Id; value: Numeric | null; derived: Generated<boolean>;
  entered_by: Id | null; entered_at: Timestamp | null; version: Generated<number>;
}
export interface QmSampleValue { sample_id: Id; org_id: Id; item_id: Id; value: Numeric }
export interface QmLog {
  id: Generated<string>; org_id: Id; sample_id: Id; round: 1 | 2; item_id: Id | null; action: 'ENTER' | 'DERIVE' | 'CHECK' | 'RECHECK';
  before_value: Numeric | null; after_value: Numeric | null; user_id: Id | null; actor_name: string; at: Generated<Timestamp>;
}
export interface DB {
  qm_assay_item: QmAssayItem;
  qm_format: QmFormat;
  qm_format_item: QmFormatItem;
  qm_archive: QmArchive;
  qm_auto_model: QmAutoModel;
  qm_sample: QmSample;
  qm_sample_ticket: QmSampleTicket;
  qm_result: QmResult;
  qm_sample_value: QmSampleValue;
  qm_log: QmLog;
}

// Quality applied and kiosk keys (migrations/046_quality_kiosk.sql).
export interface QmTicketQuality {
  ticket_id: Id; org_id: Id; sample_id: Id; contract_id: Id | null; deduction: Numeric; price_adjust: Numeric; rejected: Generated<boolean>;
  items: Generated<unknown>; settlement_no: string | null; applied_at: Generated<Timestamp>; applied_by: Id | null;
}
export interface QmKiosk {
  id: Generated<string>; org_id: Id; name: string; key_hash: Buffer; key_hint: string; item_ids: Generated<string[]>;
  revoked_at: Timestamp | null; revoked_by: Id | null; created_at: Generated<Timestamp>; created_by: Id | null;
  updated_at: Generated<Timestamp>; version: Generated<number>;
}
export interface DB {
  qm_ticket_quality: QmTicketQuality;
  qm_kiosk: QmKiosk;
}

// Settlements (migrations/048_settlement.sql): goods (pu, sa, al) and freight, one lifecycle.
export type SettlementScope = 'GOODS' | 'FREIGHT';
export type SettlementState = 'DRAFT' | 'EXAMINED' | 'PAID' | 'CLOSED';
export type SettleBasis = 'OUR_NET' | 'SHIPPED' | 'LESSER';
export interface WbSettlement {
  id: Generated<string>; org_id: Id; scope: SettlementScope; kind: 'pu' | 'sa' | 'al' | 'tr'; settle_no: string; state: Generated<SettlementState>;
  enabled: Generated<boolean>; vendor_id: Id | null; customer_id: Id | null; peer_org_id: Id | null; carrier_id: Id | null; material_id: Id | null;
  contract_id: Id | null; period_from: Timestamp; period_to: Timestamp; pounds_confirmed_at: Timestamp | null; ticket_count: Generated<number>;
  total_net: NumericDefault; total_quantity: NumericDefault; rows_amount: NumericDefault; rows_tax: NumericDefault; rows_amount_ex_tax: NumericDefault;
  adjust_amount: NumericDefault; adjust_tax: NumericDefault; total_amount: NumericDefault; total_tax: NumericDefault; total_amount_ex_tax: NumericDefault;
  invoiced_amount: NumericDefault; paid_amount: NumericDefault; examined_at: Timestamp | null; examined_by: Id | null; paid_at: Timestamp | null;
  closed_at: Timestamp | null; closed_by: Id | null;
  remark: string | null; created_at: Timestamp; created_by: Id | null; updated_at: Timestamp; updated_by: Id | null; version: Generated<number>;
}
export interface WbSettlementFd {
  id: Generated<string>; org_id: Id; settlement_id: Id; seq: number; fd_no: string; notice_id: Id | null; contract_id: Id | null; material_id: Id | null;
  ticket_count: Generated<number>; total_net: NumericDefault; total_quantity: NumericDefault; total_amount: NumericDefault; total_tax: NumericDefault;
  total_amount_ex_tax: NumericDefault;
}
export interface WbSettlementRow {
  id: Generated<string>; org_id: Id; settlement_id: Id; scope: SettlementScope; fd_id: Id | null; seq: number; ticket_id: Id | null; ticket_no: string;
  /** 095: a wagon's row (轨道衡) instead of a ticket's: exactly one of ticket_id and wagon_id */
  wagon_id: Id | null;
  completed_at: Timestamp | null; material_id: Id | null; notice_id: Id | null; contract_id: Id | null; basis: SettleBasis; net: Numeric; shipped: Numeric | null;
  gross_net: Numeric; basis_quantity: Numeric; quality_deduction: NumericDefault; quantity: Numeric; price: Numeric; quality_price_adjust: NumericDefault;
  unit_price: Numeric; tax_rate: NumericDefault; amount: Numeric; tax: Numeric; amount_ex_tax: Numeric; unit_price_ex_tax: Numeric;
  /** 066: the deductions by kind the row was settled with (tons) */
  deductions: Json<Record<string, string>>;
}
export type SettlementAdjustKind = 'ROUNDING' | 'PENALTY' | 'REBATE' | 'QUALITY' | 'LOSS' | 'FUEL_ADVANCE' | 'OTHER';
export interface WbSettlementAdjust {
  id: Generated<string>; org_id: Id; settlement_id: Id; seq: number; reason_kind: SettlementAdjustKind; reason: string; ticket_id: Id | null;
  ticket_no: string | null; quantity: NumericDefault; amount: Numeric; tax: NumericDefault; amount_ex_tax: NumericDefault; created_at: Timestamp; created_by: Id | null;
  /** the settlement's automatic rounding row (migration 061): what rounding its total to the cent added */
  auto_rounding: Generated<boolean>;
}
export interface WbSettlementInvoice {
  id: Generated<string>; org_id: Id; settlement_id: Id; invoice_no: string; invoice_date: DateOnly; amount: Numeric; tax: NumericDefault;
  tax_rate: Numeric | null; remark: string | null; created_at: Timestamp; created_by: Id | null;
}
export interface WbSettlementPayment {
  id: Generated<string>; org_id: Id; settlement_id: Id; seq: number; direction: 'IN' | 'OUT'; paid_on: DateOnly;
  method: 'BANK' | 'CASH' | 'ACCEPTANCE' | 'RECEIPT'; amount: Numeric; receipt_id: Id | null; reference: string | null; remark: string | null;
  created_at: Timestamp; created_by: Id | null;
}
export interface DB {
  wb_settlement: WbSettlement;
  wb_settlement_fd: WbSettlementFd;
  wb_settlement_row: WbSettlementRow;
  wb_settlement_adjust: WbSettlementAdjust;
  wb_settlement_invoice: WbSettlementInvoice;
  wb_settlement_payment: WbSettlementPayment;
}

// Scheduled jobs (migrations/055_jobs.sql, platform/jobs): the jobs modules declare and their runs.
export type JobResult = 'running' | 'ok' | 'failed';
export interface SysJob {
  id: Generated<string>; org_id: Id | null; job_key: string; name: string; name_en: string; cron: string; default_cron: string;
  enabled: Generated<boolean>; declared: Generated<boolean>; last_started_at: Timestamp | null; last_finished_at: Timestamp | null;
  last_result: JobResult | null; last_error: string | null; created_at: Timestamp; updated_at: Timestamp;
}
export interface SysJobRun {
  id: Generated<string>; org_id: Id | null; job_key: string; fire_at: Timestamp; manual: Generated<boolean>; attempt: number;
  started_at: Timestamp; finished_at: Timestamp | null; duration_ms: number | null; result: JobResult; summary: string | null;
  error: string | null; instance: string;
}
export interface DB {
  sys_job: SysJob;
  sys_job_run: SysJobRun;
}

// ---- approvals (migration 056, domain/workflow)
type JsonCol<T> = ColumnType<T, string | undefined, string>;
export interface WfFlow {
  id: Generated<string>; org_id: Id; doc_type: string; version: number; name: string; enabled: boolean;
  definition: JsonCol<unknown>; layout: ColumnType<unknown, string | null | undefined, string | null>; created_at: Timestamp; created_by: Id | null;
}
export type WfInstanceStatus = 'running' | 'approved' | 'rejected' | 'revoked';
export interface WfInstance {
  id: Generated<string>; org_id: Id; doc_type: string; doc_id: Id; doc_no: string | null; title: string; flow_id: Id;
  status: WfInstanceStatus; current_step: number | null; snapshot: JsonCol<Record<string, unknown>>; initiator_id: Id;
  started_at: Timestamp; finished_at: Timestamp | null;
}
export interface WfStep {
  instance_id: Id; org_id: Id; idx: number; status: 'waiting' | 'active' | 'approved' | 'rejected' | 'skipped';
  round: Generated<number>; activated_at: Timestamp | null; reminded_at: Timestamp | null;
}
export interface WfTask {
  id: Generated<string>; org_id: Id; instance_id: Id; step_idx: number; round: number; user_id: Id;
  status: 'pending' | 'approved' | 'rejected' | 'transferred' | 'cancelled'; comment: string | null; added_by: Id | null;
  created_at: Timestamp; decided_at: Timestamp | null;
}
export interface WfAction {
  id: Generated<string>; org_id: Id; instance_id: Id; action: string; user_id: Id | null; step_idx: number | null;
  comment: string | null; targets: ColumnType<string[], string[] | undefined, string[]>; at: Timestamp;
}
export interface WfCc {
  id: Generated<string>; org_id: Id; instance_id: Id; user_id: Id; kind: 'to' | 'cc' | 'bcc'; sent_by: Id;
  sent_at: Timestamp; read_at: Timestamp | null;
}
export interface WfNotification {
  id: Generated<string>; org_id: Id; user_id: Id; instance_id: Id; kind: string; title: string; body: string;
  created_at: Timestamp; read_at: Timestamp | null;
}
export interface DB {
  wf_flow: WfFlow;
  wf_instance: WfInstance;
  wf_step: WfStep;
  wf_task: WfTask;
  wf_action: WfAction;
  wf_cc: WfCc;
  wf_notification: WfNotification;
}

// The system folder's logs, data sources and hierarchy code rules (migrations/058_system_admin.sql).
export interface SysHierarchyRule extends DocAudit {
  id: Generated<string>; org_id: Id; target: 'MATERIAL_CLASS' | 'REGION'; rule_name: string; levels: string; enabled: Generated<boolean>;
}
export interface SysWsLog {
  id: Generated<string>; org_id: Id; user_id: Id | null; username: string | null; request_id: string | null; method: string; url: string;
  family: string; status: number; success: boolean; payload: unknown; answer: unknown; ip: string | null; duration_ms: Generated<number>;
  created_at: Generated<Date>;
}
export interface SysErrorLog {
  id: Generated<string>; org_id: Id | null; user_id: Id | null; username: string | null; request_id: string; method: string; url: string;
  message: string; stack: string | null; ip: string | null; created_at: Generated<Date>;
}
export interface SysAdminLog {
  id: Generated<string>; org_id: Id; user_id: Id | null; username: string | null; type: string; title: string; url: string | null;
  stack: string | null; info: string | null; user_agent: string | null; ip: string | null; occurred_at: Timestamp | null; created_at: Generated<Date>;
}
export interface SysDataSource extends DocAudit {
  id: Generated<string>; org_id: Id; source_name: string; kind: Generated<'POSTGRESQL'>; host: string; port: Generated<number>; database: string;
  username: string; password_enc: string | null; ssl: Generated<boolean>; enabled: Generated<boolean>;
  /** the connection test's 检测语句 (migration 098) */
  validation_query: string | null;
}
export interface SysDataSourceKey { id: number; key: Buffer }
export interface DB {
  sys_hierarchy_rule: SysHierarchyRule;
  sys_ws_log: SysWsLog;
  sys_error_log: SysErrorLog;
  sys_admin_log: SysAdminLog;
  sys_data_source: SysDataSource;
  sys_data_source_key: SysDataSourceKey;
}

// 报表中心 (migration 072)
export interface RptReport {
  id: Generated<string>; org_id: Id; code: string; name: string; definition: Json<unknown>; menu_id: Id | null; remark: string | null;
  created_at: Generated<Timestamp>; created_by: Id | null; updated_at: Generated<Timestamp>; updated_by: Id | null; version: Generated<number>;
}
export interface RptReportWidth { org_id: Id; report_code: string; user_id: Id; field: string; width: number }
export interface RptSqlReport {
  id: Generated<string>; org_id: Id; code: string; name: string; data_source_id: Id | null; sql_text: string;
  params: Json<unknown>; fields: Json<unknown>; remark: string | null;
  created_at: Timestamp; created_by: Id | null; updated_at: Timestamp; updated_by: Id | null; version: Generated<number>;
}
export interface DB {
  rpt_report: RptReport;
  rpt_report_width: RptReportWidth;
  rpt_sql_report: RptSqlReport;
}

// 报表导出 (migration 079): a large export's job, its progress and its file
export interface RptExport {
  id: Generated<string>; org_id: Id; user_id: Id; report_code: string; file_name: string; request: Json<unknown>;
  state: Generated<'queued' | 'running' | 'done' | 'cancelled' | 'failed'>; rows_written: Generated<string>; rows_estimated: string | null;
  file_id: Id | null; error: string | null; created_at: Generated<Timestamp>; finished_at: Timestamp | null;
}
export interface DB {
  rpt_export: RptExport;
}

// the weighing summary of the sealed days (migration 082, domain/report-builtin/seal-repo.ts)
export interface RptWeighSeal { org_id: Id; time_zone: string | null; sealed_through: string | null; sealed_at: Timestamp | null }
export interface RptWeighDay {
  org_id: Id; day: string; kind: string; material_id: Id | null; vendor_id: Id | null; customer_id: Id | null; al_notice_id: Id | null;
  trips: number; net: Numeric; amount: Numeric;
}
export interface RptWeighMonth extends Omit<RptWeighDay, 'day'> { month: string }
export interface DB {
  rpt_weigh_seal: RptWeighSeal;
  rpt_weigh_day: RptWeighDay;
  rpt_weigh_month: RptWeighMonth;
}

// 报表设计 (migration 076): a menu leaf of one organisation only (a designed report placed in the menu)
export interface SysMenu {
  org_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

// what a start last seeded from code (migration 077)
export interface SysSeedMark { name: string; fingerprint: string; applied_at: Generated<Timestamp> }
export interface DB {
  sys_seed_mark: SysSeedMark;
}

// Uploads to other systems and the purchase family's logistics (migrations/087_uploads_logistics.sql).
export interface SysSubscription { auth_user?: string | null; auth_password?: string | null }
export interface MdLine { transit_minutes?: number | null }
// 轨道衡 (migration 084): trains and their wagons; a wagon is a stock record's source of its own
export interface WbStockRecord {
  wagon_id?: Id | null;
}
export interface WbContract {
  loss_basis: 'PERMILLE' | 'TONS' | null; loss_allowance: Numeric | null; loss_handling: 'CHARGE' | 'FLAG' | null;
}
export interface WbTrain extends DocAudit {
  id: Generated<string>; org_id: Id; train_no: string; kind: 'pu' | 'sa'; doc_status: Generated<'FREE' | 'AUDITED' | 'OBSOLETE'>; arrived_at: Timestamp;
  contract_id: Id | null; notice_id: Id | null; vendor_id: Id | null; customer_id: Id | null; material_id: Id | null; warehouse_id: Id;
  loss_basis: 'PERMILLE' | 'TONS' | null; loss_allowance: Numeric | null; loss_handling: Generated<'CHARGE' | 'FLAG'>;
  audited_at: Timestamp | null; audited_by: Id | null; version: Generated<number>;
}
export interface WbWagon {
  id: Generated<string>; org_id: Id; train_id: Id; seq: number; wagon_no: string; material_id: Id | null;
  gross: Numeric | null; tare: Numeric | null; tare_mode: Generated<'MARKED' | 'WEIGHED'>; net: Generated<string | null>; waybill: Numeric | null;
  loss: Generated<string | null>; tolerance: Numeric | null; over_loss: Numeric | null; charged: Numeric | null; remark: string | null;
  /** 095: the price and tax rate the wagon settles at, stamped by its train's audit */
  price: Numeric | null; price_source: string | null; tax_rate: Numeric | null;
  created_at: Generated<Timestamp>; created_by: Id | null; updated_at: Generated<Timestamp>; updated_by: Id | null; version: Generated<number>;
}
export interface DB {
  wb_train: WbTrain;
  wb_wagon: WbWagon;
}
// 公告 and 首页快捷入口 (migration 089)
export interface SysAnnouncement {
  created_at: Generated<Timestamp>; created_by: Id | null; updated_at: Generated<Timestamp>; updated_by: Id | null; version: Generated<number>;
  id: Generated<string>; org_id: Id; title: string; body: string; level: Generated<'NORMAL' | 'IMPORTANT' | 'URGENT'>; publisher: string;
  publish_from: Timestamp; publish_to: Timestamp; role_codes: string[]; pinned: Generated<boolean>;
}
export interface SysAnnouncementRead { org_id: Id; announcement_id: Id; user_id: Id; read_at: Generated<Timestamp> }
export interface SysHomeShortcut { id: Generated<string>; org_id: Id; role_id: Id; menu_id: Id; seq: number }
export interface DB {
  sys_announcement: SysAnnouncement;
  sys_announcement_read: SysAnnouncementRead;
  sys_home_shortcut: SysHomeShortcut;
}
// 预警中心 (migration 102, domain/alert)
export interface WbAlertSetting {
  org_id: Id; rule: string; enabled: Generated<boolean>; settings: JsonCol<Record<string, unknown>>;
  updated_at: Generated<Timestamp>; updated_by: Id | null; version: Generated<number>;
}
export interface WbAlert {
  org_id: Id; id: Generated<string>; rule: string; severity: 'LOW' | 'MEDIUM' | 'HIGH'; source: 'WEIGHING' | 'NIGHTLY';
  dedupe_key: string; message: string; evidence: JsonCol<Record<string, unknown>>;
  ticket_id: Id | null; plate: string | null; operator_id: Id | null; party_kind: 'VENDOR' | 'CUSTOMER' | null; party_id: Id | null;
  material_id: Id | null; scale_id: string | null; occurred_at: Timestamp;
  status: Generated<'OPEN' | 'ASSIGNED' | 'CLOSED'>; assignee_id: Id | null; assigned_at: Timestamp | null;
  finding: 'FRAUD' | 'ERROR' | 'NORMAL' | null; finding_note: string | null; closed_at: Timestamp | null; closed_by: Id | null;
  created_at: Generated<Timestamp>; updated_at: Generated<Timestamp>; version: Generated<number>;
}
export interface WbAlertComment { org_id: Id; id: Generated<string>; alert_id: Id; user_id: Id | null; body: string; created_at: Generated<Timestamp> }
export interface DB {
  wb_alert_setting: WbAlertSetting;
  wb_alert: WbAlert;
  wb_alert_comment: WbAlertComment;
}

// 预警中心's scan of each completed ticket (migrations/103_alert_scan.sql).
export interface WbAlertScan {
  org_id: Id; ticket_id: Id; queued_at: Generated<Timestamp>; scanned_at: Timestamp | null; scale_id: string | null;
  dwell_seconds: number | null; readings: ColumnType<[number, number][] | null, string | null | undefined, string | null>;
  first_readings: ColumnType<[number, number][] | null, string | null | undefined, string | null>;
}
export interface DB {
  wb_alert_scan: WbAlertScan;
}
