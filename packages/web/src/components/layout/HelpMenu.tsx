import { Button, Dropdown } from 'antd';
import { MailOutlined, MessageOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { edition as currentEdition, type Edition } from '../../config/edition';

/**
 * The header's help menu: the community contact of platform-shell.md §1 — a chat group in the China edition, a chat
 * server in the international one — and the support e-mail. The community entry leads to the server's COMMUNITY_URL;
 * without one configured it asks support for the invitation by e-mail, so the contact is never missing.
 */
export function HelpMenu({ edition = currentEdition }: { edition?: Edition }) {
  const { t } = useTranslation();
  const community = t(edition.communityKey);
  const communityHref = edition.communityUrl ?? `mailto:${edition.supportEmail}?subject=${encodeURIComponent(community)}`;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'community',
            icon: <MessageOutlined />,
            label: (
              <a href={communityHref} target="_blank" rel="noopener noreferrer" data-testid="community-contact">
                {community}
              </a>
            ),
          },
          {
            key: 'support',
            icon: <MailOutlined />,
            label: <a href={`mailto:${edition.supportEmail}`}>{t('layout.help.support', { email: edition.supportEmail })}</a>,
          },
        ],
      }}
    >
      <Button type="text" size="small" icon={<QuestionCircleOutlined />} aria-label={t('layout.help.title')} data-testid="help-menu">
        {t('layout.help.title')}
      </Button>
    </Dropdown>
  );
}
