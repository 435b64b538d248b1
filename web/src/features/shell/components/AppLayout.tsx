import { Outlet, useNavigation } from 'react-router';
import { ProgressBar } from 'primereact/progressbar';
import { NavPanel } from './NavPanel';
import { useNavCollapse } from './use-nav-collapse';
import { KIT_TEXTS } from '../../../components/component-texts';

/** The signed-in layout: the navigation panel on the left, the current area on the right. */
export function AppLayout() {
  const { collapsed, toggle } = useNavCollapse();
  const navigation = useNavigation();

  return (
    <div className={`eb-shell${collapsed ? ' eb-shell--collapsed' : ''}`}>
      <a className="eb-skip-link" href="#eb-main">
        Skip to content
      </a>
      <NavPanel collapsed={collapsed} onToggle={toggle} />
      <main id="eb-main" className="eb-main" tabIndex={-1}>
        {navigation.state === 'loading' && (
          <ProgressBar mode="indeterminate" className="eb-main__progress" aria-label={KIT_TEXTS.loadingPage} />
        )}
        <div className="eb-main__content">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
