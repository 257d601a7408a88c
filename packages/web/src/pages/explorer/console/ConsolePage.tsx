import { useState } from 'react';
import { Card, Result, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../../routes/shell';
import { useCurrentInstance } from '../../instances/useCurrentInstance';
import { QueryBuilder } from '../builder/QueryBuilder';
import { SqlConsole } from './SqlConsole';

/**
 * The SQL console and the query builder of the current instance, as one stand-alone screen (data-explorer.md §2
 * explorer). The builder's "Open in SQL console" hands its statement to the console's editor.
 */
export default function ConsolePage() {
  const { t } = useTranslation();
  const { instance, loading } = useCurrentInstance();
  const { readOnly } = useShell();
  const [tab, setTab] = useState<'console' | 'builder'>('console');
  const [text, setText] = useState('');
  const [database, setDatabase] = useState<string | null>(null);
  if (loading) return <Spin />;
  if (!instance || instance.cluster_status !== 'Running') return <Result status="info" title={t('console.noInstance')} />;
  return (
    <Card title={t('console.title')}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'console' | 'builder')}
        items={[
          {
            key: 'console',
            label: t('console.tab.console'),
            children: <SqlConsole instance={instance} text={text} onText={setText} database={database} onDatabase={setDatabase} readOnly={readOnly} />,
          },
          {
            key: 'builder',
            label: t('console.tab.builder'),
            children: (
              <QueryBuilder
                instance={instance}
                onOpenInConsole={(sql) => {
                  setText(sql);
                  setTab('console');
                }}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
