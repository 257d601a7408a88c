import { Menu } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dataInPaths } from './paths';

type Section = 'tasks' | 'csvFiles' | 'agents' | 'docs';

/** The section a Data In path belongs to: create, edit and task detail screens are the tasks section's. */
function sectionOf(pathname: string): Section {
  if (pathname.startsWith(dataInPaths.csvFiles)) return 'csvFiles';
  if (pathname.startsWith(dataInPaths.agents) || pathname.startsWith('/dataIn/agents')) return 'agents';
  if (pathname.startsWith('/dataIn/docs')) return 'docs';
  return 'tasks';
}

/** Data In's sub-navigation: tasks and the catalogue, CSV files, agents, docs (MQTT's, in the UI language, first). */
export function DataInNav() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const language = i18n.language === 'zh' ? 'zh' : 'en';
  const items = [
    { key: 'tasks', label: <Link to={dataInPaths.home}>{t('dataIn.nav.tasks')}</Link> },
    { key: 'csvFiles', label: <Link to={dataInPaths.csvFiles}>{t('dataIn.nav.csvFiles')}</Link> },
    { key: 'agents', label: <Link to={dataInPaths.agents}>{t('dataIn.nav.agents')}</Link> },
    { key: 'docs', label: <Link to={dataInPaths.docs('mqtt', language)}>{t('dataIn.nav.docs')}</Link> },
  ];
  return <Menu mode="horizontal" aria-label={t('dataIn.nav.label')} selectedKeys={[sectionOf(pathname)]} items={items} style={{ marginBottom: 16 }} />;
}
