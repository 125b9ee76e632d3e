import { Component, type ReactNode } from 'react';
import { logClientError } from '@/app/session/client-log-store';

/** A page that fails to load or render shows the fallback (the no-template page) instead of a blank tab. */
export class PageErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: { componentStack?: string | null }): void {
    logClientError('render', error, info.componentStack ?? '');
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
