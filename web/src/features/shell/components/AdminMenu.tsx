import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Menu as MenuType } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import type { Area } from '../../../config/areas';
import { SHELL_TEXTS } from '../shell-texts';

/** PrimeReact's Menu: its own chunk, fetched when the gear is pointed at, focused or first clicked. */
const loadMenu = () => import('primereact/menu');
const Menu = lazy(async () => ({ default: (await loadMenu()).Menu }));

/** The admin gear menu: a button that opens User Admin, Data Admin and Updater. */
export function AdminMenu({ areas, collapsed }: { areas: readonly Area[]; collapsed: boolean }) {
  const menu = useRef<MenuType | null>(null);
  const [open, setOpen] = useState(false);
  // The menu is mounted from the first click on; that click opens it once it has loaded.
  const [mounted, setMounted] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const [reclick, setReclick] = useState<HTMLElement | null>(null);
  const attach = (m: MenuType | null) => {
    menu.current = m;
    if (m && opener.current) setReclick(opener.current);
    opener.current = null;
  };
  // The first click again, now that the menu is there: it opens as on any later click (an effect of
  // the render after the menu's mount, so the menu's own mount effects have run).
  useEffect(() => {
    if (!reclick || !menu.current) return;
    setReclick(null);
    reclick.click();
  }, [reclick]);
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
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(e) => {
          if (menu.current) menu.current.toggle(e);
          else {
            opener.current = e.currentTarget;
            setMounted(true);
          }
        }}
      >
        <i className="pi pi-cog eb-nav__icon" aria-hidden="true" />
        <span className="eb-nav__text">{SHELL_TEXTS.administration}</span>
        {!collapsed && <i className="pi pi-angle-down eb-nav__chevron" aria-hidden="true" />}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <Menu
            ref={attach}
            id="eb-admin-menu"
            model={items}
            popup
            popupAlignment="left"
            className="eb-admin-menu"
            // appear: a menu shown in the very render its portal first mounts in (the first click,
            // right after the menu loaded) still runs its enter step, which places it by the gear;
            // without it the popup stayed at PrimeReact's parking place (-9999 px), outside the window
            pt={{ menu: { 'aria-label': 'Administration' }, transition: { appear: true, timeout: { enter: 120, exit: 100 } } }}
            onShow={() => setOpen(true)}
            onHide={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

const isWithin = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);
