import { Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InstanceAccessSource, InstanceAccessStatus } from '@tscloud/contracts';
import { notifier } from '../../components/feedback/notifier';
import { useInstanceSubjectAction, type InstanceSubjectRef } from '../../data/instanceUsers/action';
import type { InstanceRef } from '../../data/instances/control';
import { subjectRowActions } from './subjectActions';

/** The action buttons of one instance user or group row (each confirmed), or why there are none. */
export function SubjectActions(props: {
  instance: InstanceRef;
  subject: InstanceSubjectRef;
  label: string;
  row: { source: InstanceAccessSource; direct_status: InstanceAccessStatus | null };
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const act = useInstanceSubjectAction(props.instance);
  const { actions, note } = subjectRowActions(props.row, props.readOnly);
  return (
    <Space size={4} wrap>
      {actions.map((action) => (
        <Popconfirm
          key={action}
          title={t(`instanceAccess.confirm.${action}`, { name: props.label })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={async () => {
            await act.mutateAsync({ action, subject: props.subject });
            notifier.success(t('instanceAccess.done'));
          }}
        >
          <Button type="link" size="small" danger={action !== 'active'} data-testid={`instance-${props.subject.kind}-${action}`}>
            {t(`instanceAccess.action.${action}`)}
          </Button>
        </Popconfirm>
      ))}
      {note && note !== 'error.expiredGrant' && <Typography.Text type="secondary">{t(note)}</Typography.Text>}
    </Space>
  );
}
