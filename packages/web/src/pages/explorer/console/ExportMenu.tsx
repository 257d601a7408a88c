import { Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '@tscloud/contracts';
import { notifier } from '../../../components/feedback/notifier';
import { useExportFile } from '../../../data/console/exportFile';
import type { InstanceRef } from '../../../data/instances/control';

const FORMAT_LABEL = {
  csv: 'console.export.csv',
  jsonl: 'console.export.jsonl',
  parquet: 'console.export.parquet',
} as const satisfies Record<ExportFormat, string>;

/**
 * Export of a statement's whole result as CSV, JSON Lines or Parquet (data-explorer.md §2, issue 13 item 5): the
 * server gives a single-use download link, which the browser's download manager writes to disk as it arrives.
 */
export function ExportMenu({ instance, sql, query, database }: { instance: InstanceRef; sql: string; query: boolean; database: string | null }) {
  const { t } = useTranslation();
  const exporter = useExportFile(instance);
  const onChoose = (format: ExportFormat) => {
    // §8: only a query's result can be exported; the server refuses anything else with the same text.
    if (!query) return notifier.warning(t('error.exportOnlyQuery'));
    exporter.mutate({ sql, format, ...(database ? { db: database } : {}) }, { onSuccess: () => notifier.success(t('console.export.started')) });
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items: EXPORT_FORMATS.map((format) => ({ key: format, label: t(FORMAT_LABEL[format]) })), onClick: ({ key }) => onChoose(key as ExportFormat) }}
    >
      <Button size="small" icon={<DownloadOutlined />} loading={exporter.isPending}>
        {t('console.export.button')}
      </Button>
    </Dropdown>
  );
}
