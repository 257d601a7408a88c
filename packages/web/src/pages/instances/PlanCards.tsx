import { Card, Col, Radio, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PricePlan } from '@tscloud/contracts';
import { currentLanguage } from '../../i18n';
import { hourlyPrice, limitLines } from './planDisplay';

/** The plans as cards: name, hourly price (currency or units per edition), limits. Picking a card picks its level. */
export function PlanCards(props: { plans: PricePlan[]; value: number | undefined; onChange: (level: number) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Radio.Group value={props.value} onChange={(e) => props.onChange(e.target.value as number)} style={{ width: '100%' }}>
      <Row gutter={[12, 12]}>
        {props.plans.map((plan) => (
          <Col key={plan.id} xs={24} md={8}>
            <Card
              size="small"
              hoverable
              onClick={() => props.onChange(plan.level)}
              style={{ borderColor: props.value === plan.level ? '#4259ce' : undefined, height: '100%' }}
              title={<Radio value={plan.level}>{t(`instances.plan.${plan.level}` as 'instances.plan.0', { defaultValue: plan.planNameShow })}</Radio>}
            >
              <Space orientation="vertical" size={2}>
                <Typography.Text strong data-testid={`plan-price-${plan.level}`}>
                  {t('instances.plan.perHour', { price: hourlyPrice(plan, language) })}
                </Typography.Text>
                {limitLines(plan.limits).map((line) => (
                  <Typography.Text key={line.key} type="secondary">
                    {t(`instances.limit.${line.key}`)}:{' '}
                    {line.value === null
                      ? t('instances.limit.unlimited')
                      : line.otherReading !== undefined
                        ? t('instances.limit.otherReading', { value: line.value, other: line.otherReading })
                        : line.value}
                  </Typography.Text>
                ))}
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
    </Radio.Group>
  );
}
