import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import LazyTooltipUniqueProvider from './LazyTooltipUniqueProvider';

/**
 * The build points antd ConfigProvider's import of its tooltip UniqueProvider at this stand-in (vite.config.ts): with
 * `tooltip.unique` set, the real provider loads and its children show inside it.
 */
describe('lazy tooltip UniqueProvider', () => {
  it('loads the real provider and renders the children inside it', async () => {
    render(
      <LazyTooltipUniqueProvider>
        <button type="button">inside</button>
      </LazyTooltipUniqueProvider>,
    );
    expect(await screen.findByRole('button', { name: 'inside' })).toBeTruthy();
  });
});
