import { defineModule } from '../../../platform/module/define';
import { brandingRoutes } from './routes';

/**
 * Branding: users' avatars (uploaded by themselves, or by 用户管理 for another user of the group)
 * and the companies' main and small logos (set by 组织机构's edit right), each kept as a small PNG
 * answered by its name; and the platform's certificate (get certificate). See README.md.
 */
export const brandingModule = defineModule({
  key: 'branding',
  routes: (app, { db, now }) => brandingRoutes(app, db, now),
});
