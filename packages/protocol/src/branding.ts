import type { LiveVehicle } from './plant-report';
import type { ScaleInfo } from './station-paths';

/** A company's brand as the sign-in page and the sidebar read it (GET /api/sys-org/brand). */
export interface CompanyBrand {
  orgId: string;
  orgName: string;
  orgNameEn: string | null;
  /** names for GET imgView/{name}; null: the platform's own mark */
  logoMain: string | null;
  logoSmall: string | null;
}

/** Where images are fetched by name (spec: GET admin file /{name}; GET imgView/{name}). */
export const AVATAR_FILE_PATH = '/admin/file';
export const LOGO_VIEW_PATH = '/imgView';

/** The wall board of the plant (/clouds/index1), GET /api/clouds/board. */
export const PLANT_BOARD_PATH = '/api/clouds/board';
export const PLANT_BOARD_PERMISSION = 'clouds_board_view';

export interface PlantBoardTons {
  kind: string;
  tickets: number;
  /** tons, as text with four decimals at most */
  tons: string;
}

export interface PlantBoardIntervention {
  id: string;
  scaleId: string;
  stationName: string;
  reason: string;
  message: string;
  plateNumber: string | null;
  createdAt: string;
}

export interface PlantBoard {
  /** the plant's day the tons are of (yyyy-mm-dd) */
  day: string;
  inPlant: LiveVehicle[];
  tonsByKind: PlantBoardTons[];
  scales: ScaleInfo[];
  interventions: PlantBoardIntervention[];
}

/** GET /api/sys-info/version (global version info). */
export interface VersionInfo {
  version: string;
  versionCode: string;
  commit: string | null;
  schemaVersion: string | null;
  schemaMigration: string | null;
}
