/** 集团驾驶舱: every plant of the caller's group side by side (GET, users with the 集团 data scope). */
export const GROUP_COCKPIT_PATH = '/api/group/cockpit';
export const GROUP_COCKPIT_PERMISSION = 'group_cockpit_view';
/** the menu leaf opening the page */
export const GROUP_COCKPIT_PAGE = '/group/cockpit';
/** the kinds of weighing the cockpit sums tons of */
export const GROUP_COCKPIT_KINDS = ['pu', 'sa', 'al', 'tr'] as const;
export type GroupCockpitKind = (typeof GROUP_COCKPIT_KINDS)[number];

/** Tons by kind: text with four decimals at most ('0' when none), every kind present. */
export type GroupCockpitTons = Record<GroupCockpitKind, string>;

/** A plant's stock of one material class: tons over every warehouse and material of the class. */
export interface GroupCockpitClassStock {
  classId: string;
  classCode: string;
  className: string;
  tons: string;
}

export interface GroupCockpitPlant {
  orgId: string;
  orgCode: string;
  orgName: string;
  orgNameEn: string | null;
  /** the caller belongs to the plant: the page can switch to it and open its lists */
  member: boolean;
  /** trucks through the gate and not out */
  inPlant: number;
  today: GroupCockpitTons;
  month: GroupCockpitTons;
  /** the stock balance, tons over every warehouse and material */
  stockTons: string;
  /** the same stock by material class (存货分类, the material's own class), by class code; classes without stock absent */
  stockByClass: GroupCockpitClassStock[];
  /** amounts in cents: customers' receipts net of refunds, their consumption, completed sales and purchases in no settlement past its draft */
  receiptsCents: number;
  consumedCents: number;
  unsettledCents: number;
  openInterventions: number;
  openApprovals: number;
}

export interface GroupCockpit {
  /** the plant day (PLANT_TIME_ZONE) and the first day of its month */
  day: string;
  monthStart: string;
  plants: GroupCockpitPlant[];
}
