import { useState } from 'react';
import { Alert, Button, Empty, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Instance, PointRow } from '@tscloud/contracts';
import { usePointFileTicket, usePointPage, useReplicationDownload, type PointFileSource } from '../../../data/dataIn/pointFiles';
import { errorText } from '../../../i18n/errorText';
import { DataInShell } from '../DataInShell';

const PAGE_SIZES = [20, 50, 100];

/**
 * /dataIn/points/:via/:from — an OPC point file (data-in.md §2 "OPC point-file pages"): a task's point file
 * (via=task) or one of the CSV files area (via=file), paged by the server, each row's problems marked in its cells,
 * with its download and the templates of both drivers.
 */
export default function PointFilePage() {
  const { via, from = '' } = useParams();
  return <DataInShell>{({ instance }) => <PointFile instance={instance} source={{ via: via === 'task' ? 'task' : 'file', from }} />}</DataInShell>;
}

function PointFile({ instance, source }: { instance: Instance; source: PointFileSource }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const ticket = usePointFileTicket(instance, source);
  const points = usePointPage(instance, ticket.data?.ticket, page, pageSize);
  const download = useReplicationDownload(instance);
  if (ticket.isLoading) return <Spin />;
  if (ticket.isError) return <Alert type="error" showIcon title={errorText(ticket.error)} data-testid="point-file-error" />;
  const file = ticket.data!;
  const data = points.data;
  const templates = (['opcua', 'opcda'] as const).map((driver) => (
    <Button key={driver} onClick={() => download.mutate({ call: `ds/in/point/file/template?driver=${driver}`, fileName: `${driver}_points_template.csv` })}>
      {t(`dataIn.points.template.${driver}`)}
    </Button>
  ));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="point-file">
      <Space wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('dataIn.points.title', { file: file.file })}
        </Typography.Title>
        <Tag>{t(`dataIn.points.driver.${file.driver}`)}</Tag>
        <Button type="primary" onClick={() => download.mutate({ call: `ds/in/point/file/async?ticket=${encodeURIComponent(file.ticket)}`, fileName: file.file })}>
          {t('dataIn.points.download')}
        </Button>
        {templates}
      </Space>
      {download.isError && <Alert type="error" showIcon title={errorText(download.error)} />}
      {data && data.missing_columns.length > 0 && (
        <Alert type="error" showIcon title={t('dataIn.points.missingColumns', { columns: data.missing_columns.join(', ') })} />
      )}
      {data && (
        <Typography.Text data-testid="point-counts" type={data.invalid > 0 ? 'danger' : undefined}>
          {t('dataIn.points.counts', { total: data.total, invalid: data.invalid })}
        </Typography.Text>
      )}
      {points.isError ? (
        <Alert type="error" showIcon title={errorText(points.error)} />
      ) : (
        <Table<PointRow>
          size="small"
          rowKey="line"
          loading={points.isFetching}
          dataSource={data?.rows ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('dataIn.points.empty')} /> }}
          rowClassName={(row) => (row.problems.length > 0 ? 'point-row-invalid' : '')}
          columns={[
            { key: 'line', title: t('dataIn.points.line'), dataIndex: 'line', width: 70, fixed: 'left' },
            ...(data?.columns ?? []).map((column) => ({
              key: column,
              title: data?.tags.includes(column) ? `${column} (${t('dataIn.points.tag')})` : column,
              render: (_: unknown, row: PointRow) => <PointCell row={row} column={column} />,
            })),
          ]}
          pagination={{
            current: page,
            pageSize,
            total: data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
        />
      )}
    </Space>
  );
}

/** A cell; a column the row's check found wrong shows in red with the reason on hover. */
function PointCell({ row, column }: { row: PointRow; column: string }) {
  const problem = row.problems.find((p) => p.column === column);
  const value = row.values[column] ?? '';
  if (!problem) return <>{value}</>;
  return (
    <Tooltip title={problem.message}>
      <Typography.Text type="danger" aria-invalid="true" data-problem={problem.message}>
        {value || '—'}
      </Typography.Text>
    </Tooltip>
  );
}
