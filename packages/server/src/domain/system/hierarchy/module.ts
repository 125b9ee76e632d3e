import { defineModule } from '../../../platform/module/define';
import { documentButtons, menuLeaf as leaf } from '../../../platform/menu/define';
import { hierarchyRuleFamily } from './family';

/** 层级编码规则 (family.ts); the material class family and the region archive check their codes against it (masterdata/material/class-family.ts, masterdata/region). */
export const hierarchyModule = defineModule({
  key: 'hierarchy-rule',
  depends: ['system'],
  documents: [hierarchyRuleFamily],
  menu: [{
    area: '/system',
    leaves: [leaf('层级编码规则', 'Hierarchy code rules', '/system/hierarchy-rule', [], {
      buttons: documentButtons('sys_hierarchy_rule', ['create', 'update', 'delList', 'enable', 'disable'], []),
    })],
  }],
});
