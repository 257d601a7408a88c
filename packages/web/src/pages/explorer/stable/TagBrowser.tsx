import { useState } from 'react';
import { Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTagValues } from '../../../data/explorer/tagValues';
import { failureText } from '../../../data/sql/run';
import { TABLE_PAGE_SIZE, typeText, type DescribedField } from '../../../explorer-sql';
import type { ExplorerInstance } from '../context';
import { PageSpan } from './PageSpan';

/**
 * §2 tag browsing: pick a tag, see its values and how many child tables carry each, paged in the engine
 * (LIMIT/OFFSET, TABLE_PAGE_SIZE) under the true number of distinct values (issue 13 item 6).
 */
export function TagBrowser({ instance, db, stable, tags }: { instance: ExplorerInstance; db: string; stable: string; tags: DescribedField[] }) {
  const { t } = useTranslation();
  const [tag, setTag] = useState<DescribedField | null>(null);
  const [page, setPage] = useState(1);
  const values = useTagValues(instance, db, stable, tag ? { name: tag.field, type: tag.type } : null, page);
  const total = values.data?.total ?? 0;
  return (
    <Space align="start" size={24} style={{ width: '100%' }}>
      <Table<DescribedField>
        rowKey="field"
        size="small"
        pagination={false}
        dataSource={tags}
        data-testid="tag-list"
        rowClassName={(r) => (r.field === tag?.field ? 'ant-table-row-selected' : '')}
        onRow={(r) => ({
          onClick: () => {
            setTag(r);
            setPage(1);
          },
          style: { cursor: 'pointer' },
        })}
        columns={[
          { key: 'field', title: t('explorer.stable.tags'), dataIndex: 'field' },
          { key: 'type', title: t('explorer.field.type'), render: (_, f) => typeText(f.type, f.length) },
        ]}
      />
      {tag && (
        <Space orientation="vertical" data-testid="tag-values-panel">
          <Table
            rowKey={(r) => String(r.value)}
            size="small"
            loading={values.isFetching}
            title={() => t('explorer.stable.tagValues', { tag: tag.field })}
            dataSource={values.data?.items ?? []}
            pagination={{ current: page, pageSize: TABLE_PAGE_SIZE, total, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
            data-testid="tag-values"
            columns={[
              { key: 'value', title: t('explorer.stable.tagValue'), render: (_, r) => (r.value === null ? 'NULL' : r.value) },
              { key: 'total', title: t('explorer.stable.tagCount'), dataIndex: 'total' },
            ]}
          />
          {values.error && <Typography.Text type="danger">{failureText(values.error)}</Typography.Text>}
          {values.data && <PageSpan page={page} shown={values.data.items.length} total={total} testId="tag-values-count" />}
        </Space>
      )}
    </Space>
  );
}
