import { useState } from 'react';
import { Button } from 'antd';
import { StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { savedQueryNameFromSql, type Instance } from '@tscloud/contracts';
import { notifier } from '../../../components/feedback/notifier';
import { useCreateFavorite } from '../../../data/favorites/create';
import { SavedQueryDialog } from './saved/SavedQueryDialog';
import { useSavedQueryLists } from './saved/useSavedQueryLists';

export interface SaveQueryButtonsProps {
  instance: Instance;
  /** The editor's text: what is saved. */
  text: string;
  readOnly: boolean;
}

/**
 * The editor toolbar's "Save query": a dialog asks the name (proposed from the first line), the folder and whether
 * it is personal or shared with the organization, then saves the editor's whole text.
 */
export function SaveQueryButtons({ instance, text, readOnly }: SaveQueryButtonsProps) {
  const { t } = useTranslation();
  const [sql, setSql] = useState<string | null>(null);
  const create = useCreateFavorite(instance);
  const lists = useSavedQueryLists(sql === null ? null : instance);

  const start = () => {
    const trimmed = text.trim();
    if (!trimmed) return notifier.warning(t('console.favorites.nothing'));
    setSql(trimmed);
  };

  return (
    <>
      <Button icon={<StarOutlined />} onClick={start} disabled={readOnly}>
        {t('console.saved.save')}
      </Button>
      {sql !== null && (
        <SavedQueryDialog
          title={t('console.saved.saveTitle')}
          initial={{ name: savedQueryNameFromSql(sql), folder: '', shared: false }}
          askKind
          foldersOf={lists.foldersOf}
          isTaken={lists.isTaken}
          pending={create.isPending}
          onSubmit={async ({ name, folder, shared }) => {
            await create.mutateAsync({ kind: shared ? 'shared' : 'personal', sql, name, folder });
            notifier.success(t('console.saved.saved'));
            setSql(null);
          }}
          onCancel={() => setSql(null)}
        />
      )}
    </>
  );
}
