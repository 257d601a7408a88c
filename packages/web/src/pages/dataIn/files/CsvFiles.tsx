import { useState } from 'react';
import { Alert, Button, Empty, Modal, Popconfirm, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { csvFileNameRule, type CsvFileItem } from '@tscloud/contracts';
import { isApiError } from '../../../api/errors';
import { notifier } from '../../../components/feedback/notifier';
import { formatDateTime, formatSize } from '../../../config/format';
import { useCsvFiles, useDeleteCsvFile, useDownloadCsvFile, useUploadCsvFile } from '../../../data/dataIn/csvFiles';
import type { InstanceRef } from '../../../data/instances/control';
import { translateMessage } from '../../../i18n';
import { dataInPaths } from '../paths';

const messageOf = (error: unknown) => translateMessage(isApiError(error) ? error.message : String(error));

/** What deleting a file means for the tasks that name it (the server refuses while one of them runs). */
function DeleteNote({ file }: { file: CsvFileItem }) {
  const { t } = useTranslation();
  const users = file.used_by ?? [];
  const running = users.find((user) => user.active);
  if (running) return <>{t('dataIn.files.deleteInUse', { task: running.name })}</>;
  if (users.length > 0) return <>{t('dataIn.files.deleteUsed', { tasks: users.map((user) => user.name).join(', ') })}</>;
  return null;
}

/**
 * The CSV files area: list (size, modified time, the tasks using each file), upload by button or drag and drop
 * (the §5 name rule checked before sending, replacing a file asked first), download and delete (confirmed; the
 * server's refusal shown above the list).
 */
export function CsvFiles({ instance }: { instance: InstanceRef }) {
  const { t } = useTranslation();
  const files = useCsvFiles(instance);
  const upload = useUploadCsvFile(instance);
  const remove = useDeleteCsvFile(instance);
  const download = useDownloadCsvFile(instance);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState<File | null>(null);
  const [replacing, setReplacing] = useState<{ file: File; existing: CsvFileItem } | null>(null);
  const list = files.data ?? [];

  const send = (file: File) => {
    setSending(file);
    upload.mutateAsync(file).then(
      (item) => notifier.success(t('dataIn.files.uploaded', { name: item.name })),
      (error: unknown) => setProblem(messageOf(error)),
    ).finally(() => setSending(null));
  };
  const chosen = (file: File) => {
    setProblem(null);
    const rule = csvFileNameRule(file.name);
    if (rule) return setProblem(translateMessage(rule));
    const existing = list.find((item) => item.name === file.name);
    if (existing) return setReplacing({ file, existing });
    send(file);
  };
  const act = (run: () => Promise<unknown>, done?: string) => {
    setProblem(null);
    run().then(
      () => done && notifier.success(done),
      (error: unknown) => setProblem(messageOf(error)),
    );
  };

  return (
    <div data-testid="csv-files">
      <Typography.Paragraph type="secondary">{t('dataIn.files.intro')}</Typography.Paragraph>
      <Upload.Dragger
        accept=".csv,text/csv"
        multiple={false}
        showUploadList={false}
        disabled={!!sending}
        beforeUpload={(file) => {
          chosen(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('dataIn.files.drop')}</p>
      </Upload.Dragger>
      {sending && (
        <Space style={{ marginTop: 12 }} data-testid="csv-uploading">
          <Spin size="small" />
          <Typography.Text>{t('dataIn.files.uploading', { name: sending.name, size: formatSize(sending.size) })}</Typography.Text>
        </Space>
      )}
      {problem && <Alert type="error" showIcon closable title={problem} onClose={() => setProblem(null)} style={{ marginTop: 12 }} data-testid="csv-files-problem" />}
      {files.isError && <Alert type="error" showIcon title={t('dataIn.files.loadFailed')} style={{ marginTop: 12 }} />}
      <Table<CsvFileItem>
        style={{ marginTop: 16 }}
        rowKey="name"
        size="small"
        loading={files.isLoading}
        dataSource={list}
        pagination={false}
        locale={{
          emptyText: (
            <Empty description={t('dataIn.files.empty')}>
              <Link to={dataInPaths.create('csv')}>{t('dataIn.files.createTask')}</Link>
            </Empty>
          ),
        }}
        columns={[
          { key: 'name', title: t('dataIn.files.col.name'), dataIndex: 'name' },
          { key: 'size', title: t('dataIn.files.col.size'), render: (_, x) => formatSize(x.size) },
          { key: 'modified', title: t('dataIn.files.col.modified'), render: (_, x) => formatDateTime(x.modified) },
          {
            key: 'usedBy',
            title: t('dataIn.files.col.usedBy'),
            render: (_, x) => (
              <Space size={4} wrap>
                {(x.used_by ?? []).map((user) => (
                  <Link key={user.id} to={dataInPaths.detail(user.id)}>
                    {user.name}
                    {user.active && <Tag color="processing" style={{ marginLeft: 4 }}>{t('dataIn.files.running')}</Tag>}
                  </Link>
                ))}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: t('dataIn.files.col.actions'),
            render: (_, x) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => act(() => download.mutateAsync(x.name))}>
                  {t('dataIn.files.download')}
                </Button>
                <Popconfirm title={t('dataIn.files.confirmDelete', { name: x.name })} description={<DeleteNote file={x} />} onConfirm={() => act(() => remove.mutateAsync(x.name), t('dataIn.files.deleted', { name: x.name }))}>
                  <Button type="link" size="small" danger>
                    {t('dataIn.files.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {list.length > 0 && (
        <Link to={dataInPaths.create('csv')} style={{ display: 'inline-block', marginTop: 12 }}>
          {t('dataIn.files.createTask')}
        </Link>
      )}
      <Modal
        open={!!replacing}
        title={replacing ? t('dataIn.files.replaceTitle', { name: replacing.file.name }) : undefined}
        okText={t('dataIn.files.replace')}
        onOk={() => {
          if (replacing) send(replacing.file);
          setReplacing(null);
        }}
        onCancel={() => setReplacing(null)}
      >
        {replacing && t('dataIn.files.replaceText', { size: formatSize(replacing.existing.size), modified: formatDateTime(replacing.existing.modified) })}
      </Modal>
    </div>
  );
}
