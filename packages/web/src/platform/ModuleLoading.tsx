import type { CSSProperties } from 'react';

// over the workspace, transparent: the click that asked waits here instead of opening a second one
const overlay: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
};

/**
 * What a dialog host shows when it was asked for before its code arrived (module-loader.ts): the
 * shell's own spinner (app/styles.css), so that it costs no antd component in the first paint.
 */
export function ModuleLoading() {
  return (
    <div style={overlay} role="status" aria-busy="true" data-testid="module-loading">
      <span className="wb-spinner" />
    </div>
  );
}
