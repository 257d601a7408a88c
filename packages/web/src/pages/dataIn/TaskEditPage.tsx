import { Result, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { valuesOfFromExpand, type Instance, type Language } from '@tscloud/contracts';
import { useTaskDetails } from '../../data/dataIn/tasks';
import { DataInShell } from './DataInShell';
import { TaskForm } from './form/TaskForm';
import { dataInPaths } from './paths';

/** /dataIn/tasks/:id/edit: the saved task's values (from_expand, §4's auth choice) in its definition's form. */
export default function TaskEditPage() {
  return <DataInShell>{({ instance, language }) => <EditForm instance={instance} language={language} />}</DataInShell>;
}

function EditForm({ instance, language }: { instance: Instance; language: Language }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const details = useTaskDetails(instance, id ?? null, language);
  if (details.isLoading) return <Spin />;
  if (!details.data) return <Result status="404" title={t('dataIn.form.notFound')} />;
  const task = details.data;
  return (
    <>
      <h3>{t('dataIn.form.editTitle', { name: task.name })}</h3>
      <TaskForm
        key={`${task.id}-${language}`}
        instance={instance}
        definition={task.from_detail}
        language={language}
        initial={valuesOfFromExpand(task.from_detail, task.from_expand)}
        task={task}
        onSaved={(saved) => navigate(dataInPaths.detail(saved))}
        onCancel={() => navigate(dataInPaths.home)}
      />
    </>
  );
}
