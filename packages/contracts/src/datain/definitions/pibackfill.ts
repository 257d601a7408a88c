import type { DefinitionSource } from './common';
import { endTime, integer, startTime } from './common';
import { piBase } from './pi-common';

/** §4: backfill default 0, the start defaults to 10 days ago; §5: end not later than now, start not later than end. */
export const pibackfill: DefinitionSource = (t) => ({
  id: 'pibackfill',
  type: 'pi+backfill://',
  name: t('PI Backfill', 'PI 历史回填'),
  license_id: 'pibackfill',
  description: t('Copies the history of PI points and AF elements over a time range.', '按时间范围复制 PI 测点与 AF 元素的历史数据。'),
  params: [startTime(t, true, '-10d'), endTime(t), integer('backfill', t('Backfill', '回填'), { min: 0 }, { value: 0 })],
  ...piBase(t),
});
