import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { Providers } from '../../app/Providers';
import { http } from '../../api/http';
import { configureTestHttp } from '../../testing/httpEnvironment';
import { fillJsdomGaps } from '../../testing/screenHarness';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { notifier } from './notifier';

/**
 * Issue 14 item 14, through the real request layer and antd's messages: one message per distinct text at a time
 * (the same error again replaces it), and a success of the call takes its errors away.
 */
let signInFails = true;
const server = await startTestServer((_req: RecordedRequest, res: ServerResponse) =>
  sendJson(res, signInFails ? { code: 21401, message: 'Invalid email address or password', data: null } : { code: 200, message: 'success', data: null }),
);

beforeAll(() => {
  fillJsdomGaps();
  configureTestHttp(server.origin, { showError: notifier.error, clearErrors: notifier.clearErrors });
});
afterAll(() => server.close());

const shownMessages = () => [...document.querySelectorAll('.ant-message-notice')].map((notice) => notice.textContent);
const signIn = () => http.post('/auth/login', { email: 'ann@example.com', password: 'wrong' }, { area: 'auth' }).catch(() => null);

describe('error messages', () => {
  it('seven failed sign-ins leave one message; the sign-in that works takes it away; other errors stay', async () => {
    render(
      <Providers>
        <p>sign-in page</p>
      </Providers>,
    );
    for (let i = 0; i < 7; i++) await signIn();
    await waitFor(() => expect(shownMessages()).toEqual(['Invalid email address or password']));
    // An error of another call is not the sign-in's to take away.
    notifier.error('Upload failed', 30, true);
    await waitFor(() => expect(shownMessages()).toHaveLength(2));

    signInFails = false;
    await signIn();
    await waitFor(() => expect(shownMessages()).toEqual(['Upload failed']), { timeout: 5000 });
  });
});
