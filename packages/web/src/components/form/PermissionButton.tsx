import { Button, Tooltip, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { satisfies, type PrivilegeName, type PrivilegeRequirement } from '@tscloud/contracts';
import type { WebKey } from '../../i18n';

/** The privileges of a requirement the caller lacks (all of `allOf` missing, or every `anyOf` when none is held). */
export function missingPrivileges(held: readonly string[], needs: PrivilegeRequirement): PrivilegeName[] {
  const set = new Set(held);
  const missing = (needs.allOf ?? []).filter((p) => !set.has(p));
  const any = needs.anyOf ?? [];
  if (any.length > 0 && !any.some((p) => set.has(p))) missing.push(...any);
  return missing;
}

/**
 * A Button for an action the server guards by privileges: enabled only when `held` satisfies `needs` (and the
 * organization is not read-only); otherwise disabled, with a tooltip naming what is missing, so nobody fills a form
 * only to learn "Permission denied" (issue 13 item 9). The server still checks every call.
 */
export function PermissionButton(props: ButtonProps & { held: readonly string[]; needs: PrivilegeRequirement; readOnly?: boolean }) {
  const { held, needs, readOnly, disabled, ...button } = props;
  const { t, i18n } = useTranslation();
  const missing = missingPrivileges(held, needs);
  const denied = readOnly || !satisfies(held, needs);
  if (!denied) return <Button disabled={disabled} {...button} />;
  const names = missing.map((p) => (i18n.exists(`access.privilege.${p}`) ? t(`access.privilege.${p}` as WebKey) : p));
  const reason = readOnly ? t('layout.org.readOnly') : t('explorer.permission.missing', { privileges: names.join(', ') });
  return (
    <Tooltip title={reason}>
      {/* A disabled button fires no pointer events: the span carries the hover for the tooltip. */}
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }} data-denied={missing.join(' ') || 'read-only'}>
        <Button {...button} disabled style={{ ...button.style, pointerEvents: 'none' }} />
      </span>
    </Tooltip>
  );
}
