import { Suspense, lazy, type PropsWithChildren } from 'react';

const UniqueProvider = lazy(() => import('antd/es/tooltip/UniqueProvider'));

/**
 * Stands in for antd's tooltip UniqueProvider inside antd's ConfigProvider (vite.config.ts `lazyTooltipUniqueProvider`).
 * ConfigProvider renders it only with `tooltip={{ unique: true }}`, which the app does not set, yet imports it, and
 * with it the popup engine (8 kB gzip), onto every page, the sign-in page included (docs/web.md "Delivery"). Set
 * one day, the real provider loads then.
 */
export default function LazyTooltipUniqueProvider({ children }: PropsWithChildren) {
  return (
    <Suspense fallback={null}>
      <UniqueProvider>{children}</UniqueProvider>
    </Suspense>
  );
}
