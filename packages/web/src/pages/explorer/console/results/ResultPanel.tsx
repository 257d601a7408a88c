import { lazy, Suspense, useMemo, useState } from 'react';
import { Segmented, Select, Space, Spin, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSOLE_MAX_ROWS } from '@tscloud/contracts';
import { ResultGrid } from '../ResultGrid';
import type { StatementOutcome } from '../runner';
import { defaultChartChoice } from './chartOption';
import { timeColumn } from './columns';
import { rowsInRange, TIME_RANGE_PRESETS, type TimeRangePreset } from './timeRange';
import { timeZoneChoices, zoneOffset } from './timeZone';
import { useResultTimeZone } from './useResultTimeZone';

// ECharts loads with the first chart shown, not with the console.
const ResultChart = lazy(() => import('./ResultChart'));

type View = 'table' | 'chart';

/**
 * A statement's rows as a table or a chart, with the time zone, a time-range preset, sort, filter and copy
 * (docs/web-console.md "Results"). Everything but the grid's paging works on the first CONSOLE_MAX_ROWS rows read.
 */
export function ResultPanel({ o }: { o: StatementOutcome }) {
  const { t } = useTranslation();
  const [zone, setZone] = useResultTimeZone();
  const [view, setView] = useState<View>('table');
  const [preset, setPreset] = useState<TimeRangePreset>('all');
  const time = useMemo(() => timeColumn(o.columns), [o.columns]);
  const chartable = useMemo(() => defaultChartChoice(o.columns) !== null, [o.columns]);
  const rangeRows = useMemo(() => (preset === 'all' || time < 0 ? undefined : rowsInRange(o.rows, time, preset)), [preset, time, o.rows]);
  const zones = useMemo(() => timeZoneChoices().map((z) => ({ value: z, label: z })), []);
  const shownView = chartable ? view : 'table';

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap size={12}>
        {chartable && (
          <Segmented<View>
            aria-label={t('console.result.view')}
            value={shownView}
            onChange={setView}
            options={[
              { value: 'table', label: t('console.result.view.table') },
              { value: 'chart', label: t('console.result.view.chart') },
            ]}
          />
        )}
        {time >= 0 && (
          <>
            <Tooltip title={t('console.result.rangeHint')}>
              <Select<TimeRangePreset>
                aria-label={t('console.result.range')}
                style={{ minWidth: 140 }}
                value={preset}
                onChange={setPreset}
                options={TIME_RANGE_PRESETS.map((p) => ({ value: p, label: t(`console.result.range.${p}`) }))}
              />
            </Tooltip>
            <Select<string>
              showSearch
              aria-label={t('console.result.timeZone')}
              style={{ minWidth: 200 }}
              value={zone}
              onChange={setZone}
              options={zones}
            />
            <Typography.Text type="secondary">{t('console.result.timeZoneCaption', { zone, offset: zoneOffset(zone) })}</Typography.Text>
          </>
        )}
        <Typography.Text type="secondary">{t('console.result.copyHint')}</Typography.Text>
      </Space>
      {o.truncated && <Typography.Text type="secondary">{t('console.result.heldOnly', { count: CONSOLE_MAX_ROWS })}</Typography.Text>}
      {shownView === 'table' ? (
        <ResultGrid columns={o.columns} rows={o.rows} total={o.total} readRows={o.readRows} timeZone={zone} rangeRows={rangeRows} />
      ) : (
        <Suspense fallback={<Spin />}>
          <ResultChart columns={o.columns} rows={rangeRows ?? o.rows} zone={zone} />
        </Suspense>
      )}
    </Space>
  );
}
