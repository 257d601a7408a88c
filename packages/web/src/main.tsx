import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import 'antd/dist/reset.css';
import { catalogueReady } from './i18n';
import { Providers } from './app/Providers';
import { setUpHttp } from './app/httpSetup';
import { watchPageVisibility } from './app/pageVisibility';
import { replayStoredPath } from './routes/chunkReload';
import { captureInvitation } from './data/auth/invitation';
import { createRouter } from './routes/router';

setUpHttp();
// Before the router reads the address: the path of a chunk-load reload, and an invitation link's token.
replayStoredPath();
captureInvitation(new URL(window.location.href));
watchPageVisibility();

const router = createRouter();

// The first render waits for the language's catalogue (one small chunk), so no screen ever shows bare keys.
void catalogueReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
