import type { TemplateDef } from '../../platform/templates/define';
import { NOTICE_FAMILIES } from './family';
import { NOTICE_KINDS } from './kinds';
import { noticeLineList, noticeLineResource, peerOrgList, peerOrgResource, receivedAllotListTemplate } from './templates';

/** The notices' screen templates, popups before the forms that open them. */
export const NOTICE_TEMPLATES: TemplateDef[] = [
  peerOrgList, peerOrgResource, receivedAllotListTemplate, ...NOTICE_KINDS.map(noticeLineList), ...NOTICE_KINDS.map(noticeLineResource),
  ...NOTICE_FAMILIES.map((f) => f.listTemplate),
  ...NOTICE_FAMILIES.flatMap((f) => f.forms),
];
