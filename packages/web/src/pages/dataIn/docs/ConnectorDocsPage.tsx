import { useEffect } from 'react';
import { Alert, Button, Card, Result, Segmented, Select, Space, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONNECTOR_IDS, connectorDefinition, connectorDefinitions, type ConnectorId, type Language } from '@tscloud/contracts';
import { LANGUAGES, i18n, loadCatalogue } from '../../../i18n';
import { DataInFrame } from '../DataInShell';
import { dataInPaths } from '../paths';
import { FieldReference } from './FieldReference';
import { connectorGuide } from './guides';

const isLanguage = (lang: string | undefined): lang is Language => (LANGUAGES as readonly string[]).includes(lang ?? '');
const isConnector = (id: string | undefined): id is ConnectorId => (CONNECTOR_IDS as readonly string[]).includes(id ?? '');

/**
 * /dataIn/docs/:category/:lang: one source's documentation in one language — setup, examples and the transform
 * (hand-written for the sources whose tasks run) and every field of its form (generated from the definition). The
 * definitions come from the contracts, so the page reads without a running instance; its texts follow `lang`.
 */
export default function ConnectorDocsPage() {
  const { t: tUi } = useTranslation();
  const navigate = useNavigate();
  const { category, lang } = useParams();
  const known = isConnector(category) && isLanguage(lang);
  // The page's own language may not be the UI's: its catalogue part is loaded and its texts taken from it.
  useEffect(() => {
    if (isLanguage(lang)) void loadCatalogue(lang);
  }, [lang]);
  if (!known) {
    return (
      <DataInFrame title={tUi('dataIn.docs.title')}>
        <Result
          status="404"
          title={tUi('dataIn.docs.notFound')}
          subTitle={tUi('dataIn.docs.notFoundText', { category, lang })}
          extra={<Link to={dataInPaths.docs('mqtt', i18n.language === 'zh' ? 'zh' : 'en')}>{tUi('dataIn.docs.back')}</Link>}
        />
      </DataInFrame>
    );
  }
  const t = i18n.getFixedT(lang);
  const definition = connectorDefinition(category, lang)!;
  const guide = connectorGuide(category, lang);
  return (
    <DataInFrame title={t('dataIn.docs.title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('dataIn.docs.source')}
          style={{ minWidth: 260 }}
          value={category}
          onChange={(id: string) => navigate(dataInPaths.docs(id, lang))}
          options={connectorDefinitions(lang).map((d) => ({ value: d.id, label: d.name }))}
        />
        <Segmented<Language>
          aria-label={t('dataIn.docs.language')}
          value={lang}
          onChange={(next) => navigate(dataInPaths.docs(category, next))}
          options={LANGUAGES.map((l) => ({ value: l, label: t(`common.language.${l}`) }))}
        />
      </Space>
      <article lang={lang} data-testid="connector-docs">
        <Typography.Title level={3}>{definition.name}</Typography.Title>
        <Typography.Paragraph>{definition.description}</Typography.Paragraph>
        <Button type="primary" onClick={() => navigate(dataInPaths.create(category))} style={{ marginBottom: 16 }}>
          {t('dataIn.docs.createTask')}
        </Button>
        {guide ? (
          <>
            <Typography.Title level={4}>{t('dataIn.docs.setup')}</Typography.Title>
            {guide.setup.map((paragraph, i) => (
              <Typography.Paragraph key={i}>{paragraph}</Typography.Paragraph>
            ))}
            <Typography.Title level={4}>{t('dataIn.docs.examples')}</Typography.Title>
            {guide.examples.map((example, i) => (
              <Card key={i} size="small" title={example.heading} style={{ marginBottom: 12 }}>
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{example.code}</pre>
                {example.note && <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>{example.note}</Typography.Paragraph>}
              </Card>
            ))}
            <Typography.Title level={4}>{t('dataIn.docs.transform')}</Typography.Title>
            {guide.transform.map((paragraph, i) => (
              <Typography.Paragraph key={i}>{paragraph}</Typography.Paragraph>
            ))}
          </>
        ) : (
          <Alert type="info" showIcon title={t('dataIn.docs.notRunnable')} style={{ marginBottom: 16 }} />
        )}
        <Typography.Title level={4}>{t('dataIn.docs.fields')}</Typography.Title>
        <FieldReference definition={definition} t={t} />
      </article>
    </DataInFrame>
  );
}
