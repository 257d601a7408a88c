import { afterAll, afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { closeDialog } from '../components/dialogs/dialogManager';
import { forgetInstanceTokens } from '../data/instances/tokens';
import { queryClient } from '../data/queryClient';
import { changeLanguage, currentLanguage } from '../i18n';
import { forgetBillingWarnings } from '../pages/billing/billingWarning';
import { boot } from '../state/boot';
import { serviceBusy } from '../state/serviceBusy';
import { session } from '../state/session';
import { pristine, pristineTimeZone } from './pristine';

/**
 * The web project's files share a worker's module graph and jsdom window (vitest.config.ts says why). This set-up
 * file runs again before each file, first of the set-up files, and gives the file what a fresh worker would: what
 * the file before left behind — a mounted screen, a switched language, app stores, the query cache, storage,
 * cookies, the URL, fake timers, stubbed globals, patched window functions — is put back as the worker's first file
 * found it (pristine.ts). Test-only set-up.
 */

/** Unmounts every screen: testing-library does this after each test itself only when vitest's globals are on. */
function unmountAll(): void {
  cleanup();
  closeDialog();
  // What a screen leaves outside its container: antd's portals, and attributes on <body> (a modal's scroll lock).
  // <head> keeps antd's CSS-in-JS styles: antd caches what it inserted and would not insert it again.
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  void queryClient.cancelQueries();
  queryClient.clear();
}

function restoreProperty(target: object, name: string, descriptor: PropertyDescriptor | undefined): void {
  if (descriptor) Object.defineProperty(target, name, descriptor);
  else Reflect.deleteProperty(target, name);
}

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

function resetProcess(): void {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (process.env.TZ !== pristineTimeZone) {
    if (pristineTimeZone === undefined) delete process.env.TZ;
    else process.env.TZ = pristineTimeZone;
  }
}

async function resetWorker(pristine: NonNullable<typeof import('./pristine').pristine>): Promise<void> {
  unmountAll();
  // window functions the screen harness (fillJsdomGaps, fillRangeLayout) and tests replace or add
  window.getComputedStyle = pristine.getComputedStyle;
  restoreProperty(window, 'matchMedia', pristine.matchMedia);
  restoreProperty(globalThis, 'ResizeObserver', pristine.resizeObserver);
  restoreProperty(document, 'createRange', pristine.createRange);
  restoreProperty(navigator, 'clipboard', pristine.clipboard);
  window.getSelection()?.removeAllRanges();
  // the language a test switched to (it is also remembered in local storage, cleared below)
  if (currentLanguage() !== pristine.language) await changeLanguage(pristine.language);
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  window.history.replaceState(null, '', pristine.href);
  document.title = pristine.title;
  // app state kept in modules
  session.set(pristine.session);
  boot.set(pristine.boot);
  serviceBusy.set(null);
  forgetInstanceTokens();
  forgetBillingWarnings();
}

resetProcess();
if (pristine) {
  await resetWorker(pristine);
  afterEach(() => cleanup());
}

// Also when the file ends, so that nothing of it (a poll, a React update) runs on while the next file imports, or
// after the worker's last file when vitest tears the window down (a React update then fails: window is not defined).
afterAll(async () => {
  if (pristine) unmountAll();
  vi.useRealTimers();
  // what unmounting scheduled (effects' cleanups, React's own tasks) runs now, while the window is still there
  await new Promise((resolve) => setTimeout(resolve, 0));
});
