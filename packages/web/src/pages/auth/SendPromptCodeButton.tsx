import { useState } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePromptCodeMutation } from '../../data/user/orgUsers';

/**
 * In the verification-code prompt: GET /api/user/getVerifyCode/email mails a 6-digit code to the signed-in user,
 * which the prompt accepts like an authenticator code (for users without one at hand).
 */
export function SendPromptCodeButton() {
  const { t } = useTranslation();
  const send = usePromptCodeMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <div style={{ marginBottom: 8 }}>
      <Button type="link" size="small" style={{ paddingInline: 0 }} loading={send.isPending} onClick={() => send.mutate('email', { onSuccess: (r) => setSentTo(r.to) })}>
        {t(sentTo ? 'prompt.resendByEmail' : 'prompt.sendByEmail')}
      </Button>
      {sentTo && <Typography.Text type="secondary"> {t('prompt.sentTo', { to: sentTo })}</Typography.Text>}
    </div>
  );
}
