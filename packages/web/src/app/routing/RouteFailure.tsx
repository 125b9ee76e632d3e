import { Component, type ReactNode } from 'react';
import { logClientError } from '@/app/session/client-log-store';
import i18n from 'i18next';

/**
 * Last line of defence: a route that could not load (a chunk gone after a new release) or render.
 * Plain markup on purpose: it must work when antd's own chunks are what failed to load.
 */
export class RouteFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    logClientError('render', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="wb-route-failure">
        <h1>500</h1>
        <p>{i18n.t('errors.500.text')}</p>
        <a href="/">{i18n.t('common.backHome')}</a>
      </div>
    );
  }
}
