import type { DocumentFamily } from '../../platform/documents/define';
import type { TemplateDef } from '../../platform/templates/define';
import { partnerFamilies } from './partner/family';
import { vehicleFamily } from './vehicle/family';
import { driverFamily } from './driver/family';
import { icCardFamily } from './ic-card/family';
import { warehouseFamily } from './warehouse/family';
import { blacklistFamily } from './blacklist/family';
import { materialFamily } from './material/family';
import { materialClassFamily } from './material/class-family';
import { areaFamily, siloFamily } from './storage/family';
import { codeRuleFamily } from '../../platform/numbering/family';
import { dictItemFamily, dictTypeFamily, systemDictFamily } from './dictionary/family';
import { dischargePointFamily } from './discharge-point/family';
import { lineFamily } from './line/family';
import { factoryFamily } from './factory/family';
import { personFamily } from './person/family';
import { calcGroupFamily } from './calc-group/family';

/** Every master-data family served by the document engine, and the code rules that number them. */
export const MASTERDATA_FAMILIES: DocumentFamily[] = [codeRuleFamily, ...partnerFamilies, materialClassFamily, materialFamily, vehicleFamily, driverFamily, icCardFamily, warehouseFamily, areaFamily, siloFamily, blacklistFamily,
  dictTypeFamily, dictItemFamily, systemDictFamily, dischargePointFamily, lineFamily, factoryFamily, personFamily,
  calcGroupFamily];

/** Their templates, popups before the forms that open them. */
export const MASTERDATA_TEMPLATES: TemplateDef[] = MASTERDATA_FAMILIES.flatMap((f) => [
  f.listTemplate, ...(f.resourceTemplate ? [f.resourceTemplate] : []),
]).concat(MASTERDATA_FAMILIES.flatMap((f) => f.forms));
