import type { ReactNode } from 'react';
import { Alert, Descriptions, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiskUsage, useTableCounts } from '../../../data/explorer/databasesStats';
import type { DatabaseOptions } from '../../../explorer-sql';
import type { ExplorerInstance } from '../context';
import { diskFacts, optionFacts, overviewFacts, type Fact } from './databaseFacts';

// Two columns beside the tree at 1024 px, one on narrow screens, three on wide ones.
const COLUMNS = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 };

function Section(props: { title: string; testId: string; children: ReactNode }) {
  return (
    <section data-testid={props.testId} style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{props.title}</Typography.Title>
      {props.children}
    </section>
  );
}

function FactList(props: { facts: Fact[] }) {
  return (
    <Descriptions size="small" bordered column={COLUMNS}>
      {props.facts.map((f) => (
        <Descriptions.Item key={f.key} label={f.label}>
          {f.value}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/**
 * The facts of a database in three groups (overview, storage, options): its ins_databases row and options, with the
 * table counts and disk use fetched beside it (data/explorer/databasesStats.ts).
 */
export function DatabaseFacts(props: { instance: ExplorerInstance; db: string; row: Record<string, unknown>; options: Partial<DatabaseOptions> }) {
  const { t } = useTranslation();
  const { instance, db, row, options } = props;
  const counts = useTableCounts(instance, db);
  const disk = useDiskUsage(instance, db);
  return (
    <div data-testid="db-info">
      <Section title={t('explorer.db.info.section.overview')} testId="db-overview">
        <FactList facts={overviewFacts(row, options, counts.data, t)} />
      </Section>
      <Section title={t('explorer.db.info.section.storage')} testId="db-storage">
        {disk.isLoading && <Spin size="small" />}
        {disk.data === null && <Alert type="info" showIcon title={t('explorer.db.info.diskUnavailable')} data-testid="db-disk-unavailable" />}
        {disk.data && <FactList facts={diskFacts(disk.data, t)} />}
      </Section>
      <Section title={t('explorer.db.info.section.options')} testId="db-options">
        <FactList facts={optionFacts(row, options, t)} />
      </Section>
    </div>
  );
}
