import type { Database } from '../db/pool';
import { AppError } from '../http/errors';
import type { ListTemplate } from '../list/rules';
import { loadListTemplate } from '../templates/repo';
import type { DocumentFamily } from './define';

export async function listTemplateOf(db: Database, family: DocumentFamily): Promise<ListTemplate> {
  const template = await loadListTemplate(db, family.listTemplate.formatCode);
  // seeded at start: missing means a broken installation, not bad input
  if (!template) throw new AppError(500, `列表模板 ${family.listTemplate.formatCode} 未配置`);
  return template;
}
