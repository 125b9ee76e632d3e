import { useRef, type ThHTMLAttributes } from 'react';

export interface ResizableHeaderProps extends ThHTMLAttributes<HTMLTableCellElement> {
  width?: number;
  /** while dragging: the new width */
  onResizing?: (width: number) => void;
  /** the drag ended at this width */
  onResized?: (width: number) => void;
  field?: string;
}

const MIN = 40;
const MAX = 800;

/**
 * A header cell whose right edge drags its column's width (pointer capture: the drag follows the
 * pointer outside the cell); a leaf column only, a head over several keeps theirs.
 */
export function ResizableHeader({ width, onResizing, onResized, field, children, ...rest }: ResizableHeaderProps) {
  const start = useRef<{ x: number; width: number; last: number } | null>(null);
  if (!onResized || width === undefined) return <th {...rest}>{children}</th>;
  const clamp = (w: number) => Math.max(MIN, Math.min(MAX, Math.round(w)));
  return (
    <th {...rest} style={{ ...rest.style, position: 'relative' }}>
      {children}
      <span
        className="wb-report-resize"
        data-testid={`report-resize-${field ?? ''}`}
        onClick={(e) => e.stopPropagation()}
        onPointerDown={(e) => {
          e.preventDefault();
          e.stopPropagation();
          e.currentTarget.setPointerCapture(e.pointerId);
          start.current = { x: e.clientX, width, last: width };
        }}
        onPointerMove={(e) => {
          const s = start.current;
          if (!s) return;
          s.last = clamp(s.width + e.clientX - s.x);
          onResizing?.(s.last);
        }}
        onPointerUp={(e) => {
          const s = start.current;
          start.current = null;
          e.currentTarget.releasePointerCapture(e.pointerId);
          if (s && s.last !== s.width) onResized(s.last);
        }}
      />
    </th>
  );
}
