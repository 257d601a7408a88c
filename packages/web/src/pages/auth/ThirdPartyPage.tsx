import { useEffect } from 'react';
import { Button, Result, Space } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storePendingInvitation } from '../../data/auth/invitation';
import { Paths } from '../../routes/paths';
import { SsoSignInButtons } from '../sso/SsoSignInButtons';

/**
 * /auth/thirdparty?accept=<token>: the invitation link. The token waits until the invitee is signed in (the rebuild
 * accepts it). Other third-party sign-in flows are not built yet.
 */
export default function ThirdPartyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useSearchParams()[0].get('accept');
  useEffect(() => {
    if (accept) storePendingInvitation(accept);
  }, [accept]);
  if (!accept) return <Result status="info" title={t('auth.thirdparty.title')} subTitle={t('auth.thirdparty.unsupported')} />;
  return (
    <>
      <Result
        icon={<TeamOutlined />}
        title={t('auth.thirdparty.title')}
        subTitle={t('auth.thirdparty.invited')}
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate(Paths.LOGIN)}>
              {t('auth.login.submit')}
            </Button>
            <Button onClick={() => navigate(Paths.SIGNUP)}>{t('auth.thirdparty.signUp')}</Button>
          </Space>
        }
      />
      {/* Invitees may also come in through SSO or a third-party provider (docs/sso.md). */}
      <SsoSignInButtons />
    </>
  );
}
