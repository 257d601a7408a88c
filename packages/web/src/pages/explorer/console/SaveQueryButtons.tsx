import { Button, Space } from 'antd';
import { ShareAltOutlined, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { notifier } from '../../../components/feedback/notifier';
import { useCreateFavorite } from '../../../data/favorites/create';
import type { FavoriteKind } from '../../../data/favorites/keys';

export interface SaveQueryButtonsProps {
  instance: Instance;
  /** The editor's text: what is saved. */
  text: string;
  readOnly: boolean;
}

/** The editor toolbar's save buttons: keep the editor's statement as a personal or shared saved query. */
export function SaveQueryButtons({ instance, text, readOnly }: SaveQueryButtonsProps) {
  const { t } = useTranslation();
  const favorite = useCreateFavorite(instance);
  const save = (kind: FavoriteKind) => {
    const sql = text.trim();
    if (!sql) return notifier.warning(t('console.favorites.nothing'));
    favorite.mutate({ kind, sql }, { onSuccess: () => notifier.success(t('console.favorites.saved')) });
  };
  return (
    <Space wrap>
      <Button icon={<StarOutlined />} onClick={() => save('personal')} disabled={readOnly} loading={favorite.isPending && favorite.variables?.kind === 'personal'}>
        {t('console.favorites.save')}
      </Button>
      <Button icon={<ShareAltOutlined />} onClick={() => save('shared')} disabled={readOnly} loading={favorite.isPending && favorite.variables?.kind === 'shared'}>
        {t('console.favorites.saveShared')}
      </Button>
    </Space>
  );
}
