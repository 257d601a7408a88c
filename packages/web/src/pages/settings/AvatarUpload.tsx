import { Avatar, Button, Space, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ERROR_TOAST_SECONDS, type UserInfo } from '@tscloud/contracts';
import { notifier } from '../../components/feedback/notifier';
import { useUploadAvatar } from '../../data/profile/avatar';
import { AVATAR_ACCEPT, avatarProblem } from './avatarCheck';

/** The avatar: jpg, jpeg, png or gif up to 1 MB, checked before the upload starts. */
export function AvatarUpload({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  return (
    <Space style={{ marginBottom: 24 }} size="large">
      <Avatar size={64} src={user.avatar || undefined} icon={<UserOutlined />} />
      <Upload
        accept={AVATAR_ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = avatarProblem(file);
          if (problem) notifier.error(t(problem), ERROR_TOAST_SECONDS, true);
          else upload.mutate(file, { onSuccess: () => notifier.success(t('settings.avatar.saved')) });
          // The upload goes through the request layer, never through antd's own request.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending}>
          {t('settings.avatar.change')}
        </Button>
      </Upload>
      <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('settings.avatar.rule')}</span>
    </Space>
  );
}
