import { useEffect } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { SsoSetting } from '@tscloud/contracts';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useSsoSetting } from '../../data/sso/setting';
import { useSaveSsoSetting } from '../../data/sso/save';
import { useDeleteSsoSetting } from '../../data/sso/remove';
import { useStartSsoVerification } from '../../data/sso/verify';
import { useOrgContext } from '../org/useOrgContext';
import { browser, ssoFormDefaults, ssoLoginLink, type SsoFormValues } from './ssoRules';
import { ssoFormSchema } from './ssoForm';

/** The setting's state: verified or not, enforced or not, and the values members and Azure AD need. */
function SsoStatus({ setting }: { setting: SsoSetting }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('sso.status.verified')}>
        <Space wrap>
          <Tag color={setting.verified ? 'green' : 'orange'} data-testid="sso-verified">{t(setting.verified ? 'sso.status.verified' : 'sso.status.notVerified')}</Tag>
          <Typography.Text type="secondary">{t(setting.enforced ? 'sso.status.enforced' : 'sso.status.notEnforced')}</Typography.Text>
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('sso.redirectUri')}>
        <Typography.Text copyable>{setting.redirectUri}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('sso.loginLink')}>
        <Typography.Text copyable data-testid="sso-login-link">{ssoLoginLink(window.location.origin, setting.connectionName)}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

function SsoForm({ setting, orgId, canChange }: { setting: SsoSetting | null; orgId: string; canChange: boolean }) {
  const { t } = useTranslation();
  const save = useSaveSsoSetting(orgId);
  const remove = useDeleteSsoSetting(orgId);
  const verify = useStartSsoVerification();
  const { control, handleSubmit, reset } = useForm<SsoFormValues>({ resolver: zodResolver(ssoFormSchema(setting)) as never, defaultValues: ssoFormDefaults(setting) });
  useEffect(() => reset(ssoFormDefaults(setting)), [setting, reset]);

  const submit = handleSubmit(async (values) => {
    const saved = await save.mutateAsync({ id: setting?.id ?? null, body: values }).catch(() => null);
    if (saved) notifier.success(t('sso.saved'));
  });
  const startVerification = async () => {
    if (!setting) return;
    const answer = await verify.mutateAsync(setting.id).catch(() => null);
    if (answer) browser.go(answer.url);
  };

  return (
    <Form layout="vertical" style={{ maxWidth: 560 }} onFinish={() => void submit()} disabled={!canChange} noValidate>
      <FormField control={control} name="domain" label={t('sso.field.domain')} required render={(f) => <Input {...f} placeholder="contoso.com" />} />
      <Typography.Paragraph type="secondary" style={{ marginTop: -16 }}>{t('sso.field.domainHelp')}</Typography.Paragraph>
      <FormField control={control} name="clientId" label={t('sso.field.clientId')} required render={(f) => <Input {...f} placeholder="00000000-0000-0000-0000-000000000000" />} />
      <FormField
        control={control}
        name="clientSecret"
        label={t('sso.field.clientSecret')}
        required={!setting?.clientSecretSaved}
        // The saved secret is never sent back: the field says so instead of showing it (§8 message).
        render={(f) => <Input.Password {...f} autoComplete="new-password" placeholder={setting?.clientSecretSaved ? t('sso.secretHidden') : ''} />}
      />
      {setting?.clientSecretSaved && <Typography.Paragraph type="secondary" style={{ marginTop: -16 }}>{t('sso.field.clientSecretKeep')}</Typography.Paragraph>}
      <Form.Item label={t('sso.field.enabled')} htmlFor="field-enabled">
        <Controller control={control} name="enabled" render={({ field }) => <Switch id="field-enabled" checked={field.value} onChange={field.onChange} />} />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('sso.save')}
        </Button>
        {setting && (
          <Button onClick={() => void startVerification()} loading={verify.isPending}>
            {t('sso.verify')}
          </Button>
        )}
        {setting && (
          <Popconfirm title={t('sso.deleteConfirm')} onConfirm={() => remove.mutate(setting.id, { onSuccess: () => notifier.success(t('sso.deleted')) })}>
            <Button danger loading={remove.isPending}>
              {t('sso.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {setting && <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>{t('sso.verifyHelp')}</Typography.Paragraph>}
    </Form>
  );
}

/** Organization → Single sign-on: the owner sets up the Azure AD directory; admins see it read-only. */
export default function SsoSettingsPage() {
  const { t } = useTranslation();
  const { orgId, isOwner, readOnly } = useOrgContext();
  const query = useSsoSetting(orgId);
  if (!orgId) return null;
  const setting = query.data ?? null;
  return (
    <Card title={t('sso.title')} loading={query.isLoading}>
      <Typography.Paragraph>{t('sso.intro')}</Typography.Paragraph>
      {!isOwner && <Alert type="info" showIcon message={t('sso.ownerOnly')} style={{ marginBottom: 16 }} />}
      {setting ? <SsoStatus setting={setting} /> : <Alert type="warning" message={t('sso.public')} style={{ marginBottom: 16 }} />}
      {!query.isLoading && <SsoForm key={setting?.id ?? 'new'} setting={setting} orgId={orgId} canChange={isOwner && !readOnly} />}
    </Card>
  );
}
