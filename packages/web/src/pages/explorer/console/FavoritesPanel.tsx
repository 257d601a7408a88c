import { useState } from 'react';
import { Button, Empty, List, Popconfirm, Segmented, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { useFavorites } from '../../../data/favorites/list';
import { useRemoveFavorite } from '../../../data/favorites/remove';
import type { FavoriteKind } from '../../../data/favorites/keys';

/** Personal and shared favorites of the instance; "Use" puts one in the editor; delete where allowed. */
export function FavoritesPanel({ instance, onUse, readOnly }: { instance: Instance; onUse: (sql: string) => void; readOnly: boolean }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<FavoriteKind>('personal');
  const list = useFavorites(instance, kind);
  const remove = useRemoveFavorite(instance);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented<FavoriteKind>
        value={kind}
        onChange={setKind}
        options={[
          { value: 'personal', label: t('console.favorites.personal') },
          { value: 'shared', label: t('console.favorites.shared') },
        ]}
      />
      {list.isLoading ? (
        <Spin />
      ) : (list.data ?? []).length === 0 ? (
        <Empty description={t('console.favorites.empty')} />
      ) : (
        <List
          size="small"
          dataSource={list.data ?? []}
          pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
          renderItem={(f) => (
            <List.Item
              data-testid="favorite-item"
              actions={[
                <Button key="use" type="link" size="small" onClick={() => onUse(f.sql)}>
                  {t('console.historyUse')}
                </Button>,
                ...(f.deletable && !readOnly
                  ? [
                      <Popconfirm key="delete" title={t('console.favorites.deleteConfirm')} onConfirm={() => remove.mutate({ kind, id: f.id })}>
                        <Button type="link" size="small" danger>
                          {t('console.favorites.delete')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
                <Typography.Text code ellipsis={{ tooltip: f.sql }} style={{ maxWidth: 240 }}>
                  {f.sql}
                </Typography.Text>
                {kind === 'shared' && <Typography.Text type="secondary">{t('console.favorites.by', { creator: f.creator })}</Typography.Text>}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
