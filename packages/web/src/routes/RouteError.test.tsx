import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Outlet, useNavigate, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './RouteError';

/**
 * The route error boundary that stands in for a data router's errorElement: a page that throws shows the error screen
 * (a chunk that failed to load offers a reload), and going to another path renders the pages again.
 */
let goTo: (path: string) => void = () => undefined;

function Broken({ error }: { error: unknown }): never {
  throw error;
}

function Navigator() {
  goTo = useNavigate();
  return null;
}

/** One boundary around the pages, as the console layout has: the same boundary must recover after a navigation. */
function App({ error }: { error: unknown }) {
  return useRoutes([
    {
      element: (
        <>
          <Navigator />
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        </>
      ),
      children: [
        { path: '/broken', element: <Broken error={error} /> },
        { path: '/fine', element: 'fine page' },
      ],
    },
  ]);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('route error boundary', () => {
  it('shows the error screen with a way back when a page throws', () => {
    // React reports the caught error on the console; the test needs no noise.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <App error={new Error('boom')} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('route-error')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Unknown error' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('says a page failed to load and offers a reload when its chunk does not load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <App error={new TypeError('Failed to fetch dynamically imported module: /assets/Page-x.js')} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: /could not be loaded/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('renders pages again after a navigation to another path', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <App error={new Error('boom')} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('route-error')).toBeTruthy();
    act(() => goTo('/fine'));
    expect(screen.queryByTestId('route-error')).toBeNull();
    expect(screen.getByText('fine page')).toBeTruthy();
  });
});
