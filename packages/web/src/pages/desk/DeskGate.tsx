import type { ReactNode } from 'react';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeskMe } from '../../data/desk/me';

/** The desk's pages for staff only (the server refuses everyone else too): others see why, not an empty queue. */
export function DeskGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useDeskMe();
  if (me.isPending) return <Spin />;
  if (!me.data?.staff) return <Result status="403" title={t('desk.title')} subTitle={t('desk.notStaff')} />;
  return <>{children}</>;
}
