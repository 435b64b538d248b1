import { useMutation, useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { Tooltip } from 'primereact/tooltip';
import { mayAccess } from '@eb/shared/roles';
import { referenceItems, referencesQuery } from '../../../entities/reference/references';
import { fullName, logout, useSignedInUser } from '../../../entities/users/session';
import { AREAS, AREA_ORDER } from '../../../config/areas';
import { APP_LOGO_ICON, APP_NAME } from '../../../config/brand';
import { browser } from '../../../lib/browser';
import { AdminMenu } from './AdminMenu';
import { SHELL_TEXTS } from '../shell-texts';

/**
 * The left navigation panel (spec 1 "Navigation panel"): app name, the user's full name, the areas
 * the user may open, the admin gear menu for admins, and Log Out. Collapsed, it shows icons with
 * tooltips; every entry keeps its accessible name.
 */
export function NavPanel({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const user = useSignedInUser();
  const references = useQuery(referencesQuery());
  const role = referenceItems(references.data, 'userTypes').find((t) => t.code === user.type)?.name;
  // The page reloads whether the server's logout answered or failed (issue 7: also when the call fails).
  const signOut = useMutation({ mutationFn: logout, onSettled: () => browser.reload() });

  const visible = AREA_ORDER.map((key) => AREAS[key]).filter((a) => mayAccess(a.access, user.userType));
  const mainAreas = visible.filter((a) => !a.adminMenu);
  const adminAreas = visible.filter((a) => a.adminMenu);
  const name = fullName(user);

  return (
    <aside className="eb-nav" aria-label={SHELL_TEXTS.navigation}>
      <Tooltip target=".eb-nav [data-pr-tooltip]" position="right" event="both" disabled={!collapsed} showDelay={250} />
      <div className="eb-nav__brand">
        <span className="eb-logo" aria-hidden="true">
          <i className={APP_LOGO_ICON} />
        </span>
        <span className="eb-nav__app">{APP_NAME}</span>
        <Button
          type="button"
          icon={collapsed ? 'pi pi-angle-double-right' : 'pi pi-angle-double-left'}
          text
          rounded
          severity="secondary"
          className="eb-nav__toggle"
          aria-label={collapsed ? SHELL_TEXTS.expand : SHELL_TEXTS.collapse}
          aria-expanded={!collapsed}
          aria-controls="eb-nav-entries"
          onClick={onToggle}
        />
      </div>

      <div className="eb-nav__user" data-pr-tooltip={name}>
        <Avatar label={initials(user.firstName, user.lastName)} shape="circle" className="eb-nav__avatar" aria-hidden="true" />
        <div className="eb-nav__user-text">
          <span className="eb-nav__user-name">{name}</span>
          {role && <span className="eb-nav__user-role">{role}</span>}
        </div>
      </div>

      <nav id="eb-nav-entries" className="eb-nav__entries" aria-label={SHELL_TEXTS.main}>
        <ul className="eb-nav__list">
          {mainAreas.map((a) => (
            <li key={a.path}>
              <NavLink to={a.path} className="eb-nav__link" data-pr-tooltip={a.label}>
                <i className={`${a.icon} eb-nav__icon`} aria-hidden="true" />
                <span className="eb-nav__text">{a.label}</span>
              </NavLink>
            </li>
          ))}
          {adminAreas.length > 0 && (
            <li className="eb-nav__separated">
              <AdminMenu areas={adminAreas} collapsed={collapsed} />
            </li>
          )}
        </ul>
      </nav>

      <div className="eb-nav__footer">
        <button
          type="button"
          className="eb-nav__link eb-nav__logout"
          data-pr-tooltip={SHELL_TEXTS.logOut}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          <i className={`pi ${signOut.isPending ? 'pi-spin pi-spinner' : 'pi-sign-out'} eb-nav__icon`} aria-hidden="true" />
          <span className="eb-nav__text">{SHELL_TEXTS.logOut}</span>
        </button>
      </div>
    </aside>
  );
}

const initials = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
