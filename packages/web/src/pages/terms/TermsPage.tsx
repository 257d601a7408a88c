import { Button, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { edition } from '../../config/edition';
import { Paths } from '../../routes/paths';
import type { WebKey } from '../../i18n';

const SECTIONS: WebKey[] = ['terms.section.service', 'terms.section.account', 'terms.section.data', 'terms.section.billing'];

/** /tdcsvc: the service agreement; with ?signup=1 (opened from the sign-up form) it offers the way back. */
export default function TermsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fromSignup = useSearchParams()[0].has('signup');
  return (
    <Typography>
      <Typography.Title level={3}>{t('terms.title')}</Typography.Title>
      <Typography.Paragraph>{t('terms.intro')}</Typography.Paragraph>
      <ol>
        {SECTIONS.map((key) => (
          <li key={key}>
            <Typography.Paragraph>{t(key)}</Typography.Paragraph>
          </li>
        ))}
        <li>
          <Typography.Paragraph>{t('terms.section.contact', { email: edition.supportEmail })}</Typography.Paragraph>
        </li>
      </ol>
      {fromSignup && <Button onClick={() => navigate(Paths.SIGNUP)}>{t('terms.backToSignup')}</Button>}
    </Typography>
  );
}
