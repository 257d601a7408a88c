import type { ReactNode } from 'react';
import { Alert, Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConnectorDefinition, Instance, Language } from '@tscloud/contracts';
import { useDefinitions } from '../../data/dataIn/definitions';
import { useCurrentInstance } from '../instances/useCurrentInstance';
import { DataInNav } from './DataInNav';

export interface DataInContext {
  instance: Instance;
  language: Language;
  definitions: ConnectorDefinition[];
}

/** The card every Data In screen sits in, with the area's sub-navigation on top. */
export function DataInFrame({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card title={title ?? t('dataIn.title')} extra={extra}>
      <DataInNav />
      {children}
    </Card>
  );
}

/** Frame of the task screens: the current instance (Running, else a notice) and the catalogue in the UI's language. */
export function DataInShell({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children: (ctx: DataInContext) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const { instance, loading } = useCurrentInstance();
  // Read through useTranslation so a language switch re-renders with the other catalogue.
  const language: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const running = instance?.cluster_status === 'Running';
  const definitions = useDefinitions(running ? instance : null, language);
  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('dataIn.noInstance')} />;
  return (
    <DataInFrame title={title} extra={extra}>
      {!running ? (
        <Alert type="warning" showIcon title={t('dataIn.notRunning')} />
      ) : definitions.isError ? (
        <Alert type="error" showIcon title={t('dataIn.catalogue.loadFailed')} />
      ) : !definitions.data ? (
        <Spin />
      ) : (
        children({ instance, language, definitions: definitions.data.definitions })
      )}
    </DataInFrame>
  );
}
