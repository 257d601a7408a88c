import type { Param } from '../types';
import type { Translate } from './common';
import { timeLike } from './common';

/** InfluxDB and OpenTSDB read history in windows (1-6000 minutes, default 60) and stay a delay behind now (1-30 s, default 10). */
export const readWindowParams = (t: Translate): Param[] => [
  timeLike('duration', 'read_window', t('Read window', '读取窗口'), { min: 1, max: 6000, value: 60, unit: 'm' }),
  timeLike('duration', 'delay', t('Delay', '延迟'), { min: 1, max: 30, value: 10, unit: 's' }),
];
