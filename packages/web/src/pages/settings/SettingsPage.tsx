import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { MfaSection } from './mfa/MfaSection';
import { PasswordSection } from './PasswordSection';
import { PhoneSection } from './PhoneSection';
import { ProfileSection } from './ProfileSection';

/** The 'setting' layout child: profile, phone, password and multi-factor. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  if (!user) return null;
  return (
    <Card title={t('menu.setting')}>
      <Tabs
        items={[
          { key: 'profile', label: t('settings.tab.profile'), children: <ProfileSection user={user} /> },
          { key: 'phone', label: t('settings.tab.phone'), children: <PhoneSection user={user} /> },
          { key: 'password', label: t('settings.tab.password'), children: <PasswordSection /> },
          { key: 'mfa', label: t('settings.tab.mfa'), children: <MfaSection /> },
        ]}
      />
    </Card>
  );
}
