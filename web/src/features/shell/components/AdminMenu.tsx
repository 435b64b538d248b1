import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import type { Area } from '../../../config/areas';
import { SHELL_TEXTS } from '../shell-texts';

/** The admin gear menu: a button that opens User Admin, Data Admin and Updater. */
export function AdminMenu({ areas, collapsed }: { areas: readonly Area[]; collapsed: boolean }) {
  const menu = useRef<Menu>(null);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = areas.some((a) => isWithin(pathname, a.path));

  const items: MenuItem[] = areas.map((a) => ({
    label: a.label,
    icon: a.icon,
    className: isWithin(pathname, a.path) ? 'eb-menu-item--active' : undefined,
    command: () => navigate(a.path),
  }));

  return (
    <>
      <button
        type="button"
        className={`eb-nav__link${active ? ' active' : ''}`}
        aria-label={SHELL_TEXTS.administration}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'eb-admin-menu' : undefined}
        data-pr-tooltip={SHELL_TEXTS.administration}
        onClick={(e) => menu.current?.toggle(e)}
      >
        <i className="pi pi-cog eb-nav__icon" aria-hidden="true" />
        <span className="eb-nav__text">{SHELL_TEXTS.administration}</span>
        {!collapsed && <i className="pi pi-angle-down eb-nav__chevron" aria-hidden="true" />}
      </button>
      <Menu
        ref={menu}
        id="eb-admin-menu"
        model={items}
        popup
        popupAlignment="left"
        className="eb-admin-menu"
        pt={{ menu: { 'aria-label': 'Administration' } }}
        onShow={() => setOpen(true)}
        onHide={() => setOpen(false)}
      />
    </>
  );
}

const isWithin = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);
