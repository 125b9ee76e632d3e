import { defineModule } from '../module/define';
import { menuLeaf as leaf } from '../menu/define';
import { templateAdminRoutes } from './admin/routes';
import { templateRoutes } from './routes';

/**
 * The screens' templates: what every screen reads (its list, form and popup definitions) and their
 * administration (spec section 2: /custom/format/form/*), which only administrators reach.
 */
export const templatesModule = defineModule({
  key: 'templates',
  menu: [{
    area: '/system',
    leaves: [
      leaf('模板配置', 'Templates', '/custom/format/form/sub', [], {
        component: 'template-admin/formats',
        buttons: [{ name: '编辑模板', en: 'Edit templates', permission: 'sys_template_edit' }],
      }),
      leaf('模板字段属性', 'Template field', '/custom/format/form/sub/dt', [], { component: 'template-admin/field' }),
      leaf('模板参数配置', 'Template parameters', '/custom/format/form/factor', [], { component: 'template-admin/factor' }),
    ],
  }],
  routes: (app, { db, templates }) => {
    templateRoutes(app, db);
    templateAdminRoutes(app, db, templates);
  },
});
