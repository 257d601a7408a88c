import { Button, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { notifier } from '../../components/feedback/notifier';
import { useInstanceControl, type ControlAction } from '../../data/instances/control';
import { useResetInstanceToken } from '../../data/instances/tokenReset';
import { AliasDialog } from './AliasDialog';
import { TokenDialog } from './TokenDialog';
import { UpgradeButton } from './UpgradeButton';
import { rowRights } from './instanceRights';

/** The row's actions: use (make current), start, suspend, delete (Suspended only), alias, token reset, plan upgrade. */
export function InstanceActions(props: { instance: Instance; current: boolean; readOnly: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const { instance } = props;
  const rights = rowRights(instance, props.readOnly);
  const control = useInstanceControl();
  const reset = useResetInstanceToken();
  const busy = control.isPending && control.variables?.instance.id === instance.id;

  const run = (action: ControlAction) =>
    control.mutate(
      { action, instance },
      { onSuccess: () => notifier.success(t(`instances.${action}.done`)), onError: () => undefined },
    );
  const resetToken = () =>
    reset.mutate(instance, { onSuccess: ({ token }) => openDialog((close) => <TokenDialog token={token} onClose={close} />), onError: () => undefined });

  return (
    <Space wrap size={4}>
      {props.current ? (
        <Tag color="blue">{t('instances.current')}</Tag>
      ) : (
        <Button size="small" type="link" onClick={props.onSelect} disabled={instance.cluster_status === 'Deleted'}>
          {t('instances.action.select')}
        </Button>
      )}
      {rights.start && (
        <Button size="small" type="link" loading={busy} onClick={() => run('start')}>
          {t('instances.action.start')}
        </Button>
      )}
      {rights.suspend && (
        <Popconfirm title={t('instances.suspend.confirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => run('suspend')}>
          <Button size="small" type="link" loading={busy}>
            {t('instances.action.suspend')}
          </Button>
        </Popconfirm>
      )}
      {rights.remove && (
        <Popconfirm title={t('instances.remove.confirm')} okText={t('common.confirm')} okButtonProps={{ danger: true }} cancelText={t('common.cancel')} onConfirm={() => run('remove')}>
          <Button size="small" type="link" danger loading={busy}>
            {t('instances.action.remove')}
          </Button>
        </Popconfirm>
      )}
      {rights.rename && (
        <Button size="small" type="link" onClick={() => openDialog((close) => <AliasDialog instance={instance} onClose={close} />)}>
          {t('instances.action.rename')}
        </Button>
      )}
      {rights.resetToken && (
        <Popconfirm title={t('instances.token.resetConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={resetToken}>
          <Button size="small" type="link" loading={reset.isPending}>
            {t('instances.action.resetToken')}
          </Button>
        </Popconfirm>
      )}
      <UpgradeButton instance={instance} />
    </Space>
  );
}
