import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n';
import type { Language } from '../../config/edition';

/**
 * English / 中文, remembered locally: one button naming the other language. A Select would bring its list and
 * virtual scrolling into the sign-in page's scripts (docs/web.md "Delivery").
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const other: Language = i18n.language === 'zh' ? 'en' : 'zh';
  return (
    <Button
      type="text"
      size="small"
      aria-label={`${t('common.language')}: ${t(`common.language.${other}`)}`}
      data-testid="language-switch"
      icon={<GlobalOutlined />}
      onClick={() => void changeLanguage(other)}
    >
      {t(`common.language.${other}`)}
    </Button>
  );
}
