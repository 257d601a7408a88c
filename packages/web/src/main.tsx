import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import 'antd/dist/reset.css';
import { currentLanguage, loadCatalogue } from './i18n';
import { Providers } from './app/Providers';
import { setUpHttp } from './app/httpSetup';
import { watchPageVisibility } from './app/pageVisibility';
import { handleChunkFailure, replayStoredPath } from './routes/chunkReload';
import { captureInvitation } from './data/auth/invitation';
import { AppRoutes } from './routes/router';
import { Paths } from './routes/paths';

setUpHttp();
// Before the router reads the address: the path of a chunk-load reload, and an invitation link's token.
replayStoredPath();
captureInvitation(new URL(window.location.href));
watchPageVisibility();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}

// The first render waits for the catalogue of the first screen (the sign-in page needs only its part), so no screen
// ever shows bare keys; the other pages wait for the rest themselves (routes/lazyPage.ts). A catalogue chunk gone
// with an older release follows the chunk-load rule (reload once); failing again, the app shows without it.
void loadCatalogue(currentLanguage(), window.location.pathname === Paths.LOGIN ? 'signIn' : 'all').then(render, (error: unknown) => {
  if (handleChunkFailure(error) !== 'reload') render();
});
