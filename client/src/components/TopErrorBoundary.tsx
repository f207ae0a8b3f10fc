import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../app/i18n';
import { isChunkLoadError, reloadForStaleChunk } from '../app/staleChunks';

interface State {
  failed: boolean;
}

/**
 * The last line: if the providers or the error page itself fail, show a plain message with a link
 * home (spec: 'An error occurred while showing the error page').
 */
export class TopErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
    // A piece loaded on first use (a dialog, a menu) gone after a deploy: reload, once a minute.
    if (isChunkLoadError(error)) reloadForStaleChunk();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        style={{ fontFamily: 'system-ui, sans-serif', padding: 32, textAlign: 'center' }}
        role="alert"
      >
        <h1>{i18n.t('common:errorPage.failed')}</h1>
        <a href="/">{i18n.t('common:errorPage.home')}</a>
      </div>
    );
  }
}
