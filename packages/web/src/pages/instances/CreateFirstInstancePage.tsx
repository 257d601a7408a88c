import { useState } from 'react';
import { Button, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppType, type AppTypeValue } from '@tscloud/contracts';
import { notifier } from '../../components/feedback/notifier';
import { Paths } from '../../routes/paths';
import { CreateInstanceForm } from './CreateInstanceForm';
import { afterCreate, showCreatedToken } from './afterCreate';

/** /createFirstInstance: a new organization owner without instances creates one (or skips to the console). */
export default function CreateFirstInstancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<AppTypeValue>(AppType.TSDB);
  return (
    <>
      <Typography.Title level={3}>{t('menu.createFirstInstance')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('instances.create.firstIntro')}</Typography.Paragraph>
      <CreateInstanceForm
        type={type}
        onTypeChange={setType}
        onCreated={async (created) => {
          notifier.success(t('instances.create.done', { alias: created.instance.alias }));
          await afterCreate(created);
          navigate(Paths.INSTANCES);
          showCreatedToken(created);
        }}
      />
      <Button type="link" onClick={() => navigate(Paths.ROOT)} style={{ marginTop: 16, paddingInline: 0 }}>
        {t('createFirstInstance.skip')}
      </Button>
    </>
  );
}
