import { boot } from '../state/boot';
import { session } from '../state/session';
import { currentLanguage } from '../i18n';

function capture() {
  return {
    href: window.location.href,
    title: document.title,
    getComputedStyle: window.getComputedStyle,
    matchMedia: Object.getOwnPropertyDescriptor(window, 'matchMedia'),
    resizeObserver: Object.getOwnPropertyDescriptor(globalThis, 'ResizeObserver'),
    createRange: Object.getOwnPropertyDescriptor(document, 'createRange'),
    clipboard: Object.getOwnPropertyDescriptor(navigator, 'clipboard'),
    language: currentLanguage(),
    session: session.get(),
    boot: boot.get(),
  };
}

/**
 * The worker's window and app state as the first test file found them. The web project shares one module graph and
 * one jsdom window per worker (vitest.config.ts says why), so this module is evaluated once per worker, by the first
 * file's set-up (fileReset.ts, which runs before anything else), before any test could change what it captures;
 * fileReset.ts puts it back before each later file. Null in a worker without a window (`@vitest-environment node`).
 * Test-only helper.
 */
export const pristine = typeof window === 'undefined' ? null : capture();

/** The time zone the worker started in (files with `@vitest-environment node` run in workers without a window). */
export const pristineTimeZone = process.env.TZ;
