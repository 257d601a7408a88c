import { useState } from 'react';
import { Alert, Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES, type ImportResult } from '@tscloud/contracts';
import { AppModal } from '../../../components/dialogs/AppModal';
import { notifier } from '../../../components/feedback/notifier';
import { useImportCsv } from '../../../data/explorer/importCsv';
import { failureText } from '../../../data/sql/run';
import { translateMessage } from '../../../i18n';
import type { ExplorerInstance } from '../context';
import { csvFileProblem } from './fileRules';

/**
 * CSV import into one table (data-explorer.md §7 Data import): the file is checked first (name, size), then sent
 * as multipart field `data`. A refusal shows the server's description; a partial import says how many rows went in.
 */
export function CsvImportDialog(props: { instance: ExplorerInstance; db: string; table: string; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useImportCsv(props.instance, props.db, props.table);
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async () => {
    setFailure(null);
    const problem = csvFileProblem(file);
    if (problem) {
      setFailure(t(problem.key, { mb: IMPORT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    try {
      const result = (await upload.mutateAsync(file!)) as ImportResult;
      if (result && typeof result === 'object' && 'code' in result && result.code !== 0) {
        setFailure(t('explorer.import.partial', { rows: result.rows, message: result.desc ?? '' }));
        return;
      }
      notifier.success(t('explorer.import.done', { rows: (result as ImportResult | null)?.rows ?? 0 }));
      props.onClose();
    } catch (error) {
      setFailure(t('explorer.import.failed', { message: translateMessage(failureText(error)) }));
    }
  };

  return (
    <AppModal
      open
      title={t('explorer.import.title', { table: props.table })}
      onCancel={props.onClose}
      footer={[
        <Button key="cancel" onClick={props.onClose}>{t('explorer.action.cancel')}</Button>,
        <Button key="ok" type="primary" loading={upload.isPending} onClick={() => void send()} data-testid="import-submit">{t('explorer.action.import')}</Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('explorer.import.hint')}</Typography.Text>
        <Upload
          accept=".csv,text/csv"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button>{t('explorer.import.choose')}</Button>
        </Upload>
        {failure && <Alert type="error" showIcon title={failure} data-testid="import-failure" />}
      </Space>
    </AppModal>
  );
}
