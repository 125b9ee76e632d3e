import { memo } from 'react';

/**
 * A coloured option label in a table cell. Plain markup styled like antd's preset tags: a page of
 * 100 rows holds hundreds of them, and antd's Tag (style hooks, wave) cost a third of the render.
 */
export const CellTag = memo(function CellTag({ label, color }: { label: string; color?: string }) {
  return <span className={`wb-cell-tag wb-cell-tag-${color && /^[a-z]+$/.test(color) ? color : 'default'}`}>{label}</span>;
});
