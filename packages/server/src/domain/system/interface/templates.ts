import type { TemplateDef } from '../../../platform/templates/define';
import { interfaceFamily } from './family';
import { outboxListTemplate } from './outbox-list';

export const INTERFACE_TEMPLATES: TemplateDef[] = [interfaceFamily.listTemplate, outboxListTemplate, ...interfaceFamily.forms];
