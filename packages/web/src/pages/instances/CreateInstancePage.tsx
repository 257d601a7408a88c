import { Card } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../components/feedback/notifier';
import { Paths } from '../../routes/paths';
import { CreateInstanceForm } from './CreateInstanceForm';
import { afterCreate, showCreatedToken } from './afterCreate';
import { appTypeOf, createPath } from './createType';

/** instances/create/{type}: the create form; on success the list, where the new instance goes Starting → Running. */
export default function CreateInstancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const type = appTypeOf(useParams().type);
  if (!type) return <Navigate to={createPath('TSDB')} replace />;
  return (
    <Card title={t('menu.instanceCreate')}>
      <CreateInstanceForm
        type={type}
        onTypeChange={(next) => navigate(createPath(next), { replace: true })}
        onCreated={async (created) => {
          notifier.success(t('instances.create.done', { alias: created.instance.alias }));
          await afterCreate(created);
          navigate(Paths.INSTANCES);
          showCreatedToken(created);
        }}
      />
    </Card>
  );
}
