import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Language } from '../config/edition';

/** dayjs's language for the console's dates (month and weekday names). */
export function setDayjsLocale(language: Language): void {
  dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
}
