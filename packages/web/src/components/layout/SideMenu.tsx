import { useEffect, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem, SideMenu as SideMenuModel } from '../../routes/visibility';
import { FALLBACK_ICON, MENU_ICONS } from './menuIcons';

type AntItem = NonNullable<MenuProps['items']>[number];

/** The longest menu path the current path starts with is the selected entry. */
export function selectedMenuPath(menu: SideMenuModel, pathname: string): string | undefined {
  const paths = [...menu.instance, ...menu.org, ...menu.common].flatMap((i) => [i.path, ...i.children.map((c) => c.path)]);
  return paths
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The key of the sub-menu that holds a path, so the current page's group is open. */
export function groupKeyOf(menu: SideMenuModel, path: string | undefined): string | undefined {
  const group = [...menu.instance, ...menu.org, ...menu.common].find((i) => i.children.some((c) => c.path === path));
  return group ? `group:${group.name}` : undefined;
}

export function SideMenu({ menu }: { menu: SideMenuModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const toItem = (item: MenuItem): AntItem =>
    item.children.length > 0
      ? { key: `group:${item.name}`, icon: item.icon ? MENU_ICONS[item.icon] : FALLBACK_ICON, label: t(item.labelKey), children: item.children.map(toItem) }
      : { key: item.path, icon: item.icon ? MENU_ICONS[item.icon] : undefined, label: t(item.labelKey) };

  const items: AntItem[] = [...menu.instance.map(toItem)];
  if (menu.instance.length > 0 && menu.org.length + menu.common.length > 0) items.push({ type: 'divider', key: 'divider' });
  items.push(...menu.org.map(toItem), ...menu.common.map(toItem));

  const selected = selectedMenuPath(menu, pathname);
  const group = groupKeyOf(menu, selected);
  const [openKeys, setOpenKeys] = useState<string[]>(group ? [group] : []);
  useEffect(() => {
    if (group) setOpenKeys((keys) => (keys.includes(group) ? keys : [...keys, group]));
  }, [group]);
  return (
    <Menu
      mode="inline"
      items={items}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      selectedKeys={selected ? [selected] : []}
      onClick={({ key }) => navigate(String(key))}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
