/** The tab label of an approval's detail (app/routing/workspace-pages.ts resolves it before any page's texts are loaded). */
export const WORKFLOW_DETAIL_LABEL = { zh: '审批详情', en: 'Approval detail' } as const;
