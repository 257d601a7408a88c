import { useState } from 'react';
import { Button, Empty, Input, Segmented, Space, Spin } from 'antd';
import { FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Favorite, Instance } from '@tscloud/contracts';
import { notifier } from '../../../components/feedback/notifier';
import { useFavorites } from '../../../data/favorites/list';
import { useRemoveFavorite } from '../../../data/favorites/remove';
import { useUpdateFavorite } from '../../../data/favorites/update';
import type { FavoriteKind } from '../../../data/favorites/keys';
import { SavedQueryDialog } from './saved/SavedQueryDialog';
import { SavedQueryEntry } from './saved/SavedQueryEntry';
import { savedTree } from './saved/savedTree';
import { useSavedQueryLists } from './saved/useSavedQueryLists';

export interface FavoritesPanelProps {
  instance: Instance;
  /** Open: puts the saved SQL in the editor. */
  onUse: (sql: string) => void;
  readOnly: boolean;
}

/**
 * The instance's saved queries, personal or shared: folders as a tree, a search by name or SQL, and per query
 * Open, Rename/Move and Delete (where the server says the caller may change it).
 */
export function FavoritesPanel({ instance, onUse, readOnly }: FavoritesPanelProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<FavoriteKind>('personal');
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Favorite | null>(null);
  const list = useFavorites(instance, kind);
  const remove = useRemoveFavorite(instance);
  const update = useUpdateFavorite(instance);
  const lists = useSavedQueryLists(editing ? instance : null, editing?.id);
  const tree = savedTree(list.data ?? [], search);
  const searching = search.trim() !== '';

  const toggle = (folder: string) => {
    const next = new Set(collapsed);
    if (!next.delete(folder)) next.add(folder);
    setCollapsed(next);
  };
  const entry = (query: Favorite) => (
    <li key={query.id} role="treeitem" aria-selected={false} aria-label={query.name}>
      <SavedQueryEntry
        query={query}
        showCreator={kind === 'shared'}
        changeable={query.deletable && !readOnly}
        onOpen={() => onUse(query.sql)}
        onEdit={() => setEditing(query)}
        onDelete={() => remove.mutate({ kind, id: query.id }, { onSuccess: () => notifier.success(t('console.saved.deleted')) })}
      />
    </li>
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Segmented<FavoriteKind>
        value={kind}
        onChange={setKind}
        options={[
          { value: 'personal', label: t('console.favorites.personal') },
          { value: 'shared', label: t('console.favorites.shared') },
        ]}
      />
      <Input.Search allowClear value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('console.saved.search')} aria-label={t('console.saved.search')} />
      {list.isLoading ? (
        <Spin />
      ) : (list.data ?? []).length === 0 ? (
        <Empty description={t('console.favorites.empty')} />
      ) : tree.length === 0 ? (
        <Empty description={t('console.saved.noMatch')} />
      ) : (
        <ul role="tree" aria-label={t('console.favorites')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {tree.map(({ folder, queries }) => {
            if (folder === '') return queries.map(entry);
            const open = searching || !collapsed.has(folder);
            return (
              <li key={`folder:${folder}`} role="treeitem" aria-expanded={open} aria-selected={false} aria-label={folder}>
                <Button type="text" size="small" block icon={open ? <FolderOpenOutlined /> : <FolderOutlined />} onClick={() => toggle(folder)} style={{ justifyContent: 'flex-start', overflow: 'hidden' }}>
                  <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{t('console.saved.folderLabel', { folder, count: queries.length })}</span>
                </Button>
                {open && (
                  <ul role="group" style={{ listStyle: 'none', margin: 0, paddingLeft: 20 }}>
                    {queries.map(entry)}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <SavedQueryDialog
          title={t('console.saved.renameTitle')}
          initial={{ name: editing.name, folder: editing.folder, shared: editing.shared }}
          askKind={false}
          foldersOf={lists.foldersOf}
          isTaken={lists.isTaken}
          pending={update.isPending}
          onSubmit={async ({ name, folder }) => {
            await update.mutateAsync({ kind, id: editing.id, change: { name, folder } });
            notifier.success(t('console.saved.updated'));
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </Space>
  );
}
