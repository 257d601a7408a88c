import { Result } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { defaultValues } from '@tscloud/contracts';
import { DataInShell } from './DataInShell';
import { TaskForm } from './form/TaskForm';
import { dataInPaths } from './paths';

/** /dataIn/create/:connector: a new task of that connector, starting from its defaults. */
export default function TaskCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { connector } = useParams();
  return (
    <DataInShell>
      {({ instance, language, definitions }) => {
        const definition = definitions.find((d) => d.id === connector);
        if (!definition) return <Result status="404" title={t('dataIn.form.notFound')} />;
        return (
          <>
            <h3>
              {t('dataIn.form.createTitle', { source: definition.name })}{' '}
              <Link to={dataInPaths.docs(definition.id, language)} style={{ fontSize: 14, fontWeight: 'normal', marginLeft: 8 }}>
                {t('dataIn.docs.open')}
              </Link>
            </h3>
            <TaskForm
              key={`${definition.id}-${language}`}
              instance={instance}
              definition={definition}
              language={language}
              initial={defaultValues(definition)}
              onSaved={(id) => navigate(dataInPaths.detail(id))}
              onCancel={() => navigate(dataInPaths.home)}
            />
          </>
        );
      }}
    </DataInShell>
  );
}

