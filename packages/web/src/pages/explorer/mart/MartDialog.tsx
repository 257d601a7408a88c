import { useState } from 'react';
import { Alert, Button, Form, Input, Popconfirm, Space, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { accessCodeSchema, type MartEntry } from '@tscloud/contracts';
import { AppModal } from '../../../components/dialogs/AppModal';
import { notifier } from '../../../components/feedback/notifier';
import { useMart, useMartMutations } from '../../../data/explorer/mart';
import { failureText } from '../../../data/sql/run';
import { translateMessage } from '../../../i18n';

/**
 * The database mart: what the organization published (with the access code to share, unpublish) and imported
 * (read-only, remove), and importing a shared database by its 32-character access code.
 */
export function MartDialog(props: { onClose: () => void }) {
  const { t } = useTranslation();
  const mart = useMart();
  const { importCode, remove } = useMartMutations();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const doImport = async () => {
    setFailure(null);
    const parsed = accessCodeSchema.safeParse(code.trim());
    if (!parsed.success) {
      setFailure(translateMessage(parsed.error.issues[0].message));
      return;
    }
    try {
      await importCode.mutateAsync(parsed.data);
      notifier.success(t('explorer.mart.importedDone'));
      setCode('');
    } catch (error) {
      setFailure(translateMessage(failureText(error)));
    }
  };

  const table = (entries: MartEntry[], owned: boolean) => (
    <Table<MartEntry>
      rowKey="id"
      size="small"
      dataSource={entries}
      locale={{ emptyText: t('explorer.mart.empty') }}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      columns={[
        { key: 'title', title: t('explorer.mart.titleField'), dataIndex: 'title' },
        { key: 'db', title: t('explorer.demo.db'), dataIndex: 'db_name' },
        { key: 'description', title: t('explorer.mart.description'), dataIndex: 'description' },
        { key: 'code', title: t('explorer.mart.accessCode'), render: (_, e) => (owned && e.access_code ? <code>{e.access_code}</code> : <Tag>{t('explorer.mart.readOnly')}</Tag>) },
        {
          key: 'actions',
          render: (_, e) => (
            <Popconfirm title={t('explorer.action.confirmDelete', { name: e.title })} okText={t('explorer.action.delete')} cancelText={t('explorer.action.cancel')} onConfirm={() => remove.mutate(e.id)}>
              <Button size="small" type="link" danger>{t(owned ? 'explorer.mart.unpublish' : 'explorer.mart.remove')}</Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );

  return (
    <AppModal open width={900} footer={null} title={t('explorer.mart.title')} onCancel={props.onClose}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Form layout="inline" onFinish={() => void doImport()}>
          <Form.Item label={t('explorer.mart.accessCode')}>
            <Input value={code} onChange={(e) => setCode(e.target.value)} style={{ width: 320 }} maxLength={32} aria-label={t('explorer.mart.accessCode')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={importCode.isPending}>{t('explorer.mart.import')}</Button>
        </Form>
        {failure && <Alert type="error" showIcon title={failure} />}
        <Tabs
          items={[
            { key: 'published', label: t('explorer.mart.published'), children: table(mart.data?.published ?? [], true) },
            { key: 'imported', label: t('explorer.mart.imported'), children: table(mart.data?.imported ?? [], false) },
          ]}
        />
      </Space>
    </AppModal>
  );
}
