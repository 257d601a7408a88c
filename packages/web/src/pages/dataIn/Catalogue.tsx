import { useState } from 'react';
import { Card, Col, Empty, Input, Row, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConnectorDefinition } from '@tscloud/contracts';
import { dataInPaths } from './paths';

/** The connector catalogue: one card per source (17), searchable by name or description; a card opens its create form, its Docs link the source's documentation. */
export function Catalogue({ definitions }: { definitions: ConnectorDefinition[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'zh' ? 'zh' : 'en';
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const words = search.trim().toLowerCase();
  const shown = definitions.filter((d) => !words || `${d.name} ${d.description}`.toLowerCase().includes(words));
  return (
    <div data-testid="datain-catalogue">
      <Typography.Title level={5}>{t('dataIn.catalogue.title')}</Typography.Title>
      <Input.Search allowClear placeholder={t('dataIn.catalogue.search')} aria-label={t('dataIn.catalogue.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ maxWidth: 320, marginBottom: 16 }} />
      {shown.length === 0 ? (
        <Empty description={t('dataIn.catalogue.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((d) => (
            <Col key={d.id} xs={24} sm={12} md={8} xl={6}>
              <Card
                hoverable
                size="small"
                title={d.name}
                data-testid={`connector-${d.id}`}
                onClick={() => navigate(dataInPaths.create(d.id))}
                extra={
                  // The card opens the create form; its docs link must not.
                  <Link to={dataInPaths.docs(d.id, language)} onClick={(e) => e.stopPropagation()}>
                    {t('dataIn.docs.open')}
                  </Link>
                }
              >
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                  {d.description}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
