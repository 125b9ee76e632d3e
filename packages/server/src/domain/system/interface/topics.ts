/** What the plant sends to other systems through the outbox (platform/outbox), by topic. */
export const OUTBOX_TOPICS = [
  { value: 'erp.ticket', label: '磅单上传ERP', labelEn: 'Weigh tickets to the ERP' },
] as const;

export type OutboxTopic = (typeof OUTBOX_TOPICS)[number]['value'];
