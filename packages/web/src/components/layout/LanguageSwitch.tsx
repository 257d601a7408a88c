import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage } from '../../i18n';
import type { Language } from '../../config/edition';

/**
 * English / 中文, remembered locally. Two choices side by side: a Select would bring its list and virtual scrolling
 * into the sign-in page's scripts (docs/web.md "Delivery").
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<Language>
      aria-label={t('common.language')}
      data-testid="language-switch"
      size="small"
      value={i18n.language === 'zh' ? 'zh' : 'en'}
      onChange={(language) => void changeLanguage(language)}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`common.language.${l}`) }))}
    />
  );
}
