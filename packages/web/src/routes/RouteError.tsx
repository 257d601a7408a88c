import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './chunkReload';
import { Paths } from './paths';
import { PlainTitle } from '../components/text/PlainText';

/**
 * A page that failed to render: the message and a way back. Plain, so it adds nothing to the sign-in page's scripts.
 * A page chunk that still fails after the one reload says so and offers a reload.
 */
function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunkFailed = isChunkLoadError(error);
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '96px 16px' }} data-testid="route-error">
      <PlainTitle level={4}>{t(chunkFailed ? 'errors.pageLoadFailed' : 'errors.unknown')}</PlainTitle>
      {chunkFailed ? (
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errors.reloadPage')}
        </Button>
      ) : (
        <Button type="primary" onClick={() => window.location.assign(Paths.ROOT)}>
          {t('common.retry')}
        </Button>
      )}
    </Flex>
  );
}

interface CatcherProps {
  pathname: string;
  children: ReactNode;
}
interface CatcherState {
  failed: boolean;
  error: unknown;
  pathname: string;
}

/** Catches a render error of its children; going to another path tries them again (as a data router's errors reset). */
class ErrorCatcher extends Component<CatcherProps, CatcherState> {
  override state: CatcherState = { failed: false, error: undefined, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: CatcherProps, state: CatcherState): Partial<CatcherState> | null {
    return props.pathname === state.pathname ? null : { failed: false, error: undefined, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * The route error boundary (what a data router's `errorElement` was): the app runs on the declarative
 * `<BrowserRouter>`, whose code is 16 kB gzip lighter on the sign-in page (docs/web.md "Delivery"). The whole tree has
 * one; each console page has its own inside the console layout, so menus and switchers stay when a page fails.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorCatcher pathname={pathname}>{children}</ErrorCatcher>;
}
