import { defineModule } from '../../platform/module/define';
import { MASTERDATA_FAMILIES } from './families';
import { classRoutes } from './material/classes';
import { CALC_GROUP_MATERIAL_URL, calcGroupMaterialList } from './calc-group/family';
import { CODE_RULE_LEAF, MASTERDATA_LEAVES, SYSTEM_DICT_LEAF } from './menu';

/**
 * Master data (基础资料): the group's archives and the company's yard data on the document engine,
 * the code rules that number every family, and the material classes' tree.
 */
export const masterdataModule = defineModule({
  key: 'masterdata',
  documents: MASTERDATA_FAMILIES,
  menu: [{ area: '/masterdata', leaves: MASTERDATA_LEAVES }, { area: '/system', leaves: [SYSTEM_DICT_LEAF, CODE_RULE_LEAF] }],
  templates: [calcGroupMaterialList],
  lists: [{ url: CALC_GROUP_MATERIAL_URL, template: calcGroupMaterialList.formatCode, permission: 'md_calc_group_view' }],
  routes: (app, { db }) => classRoutes(app, db),
});
