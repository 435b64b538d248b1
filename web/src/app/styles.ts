/**
 * The application's global styles, in cascade order: the PrimeReact Lara theme and base, icons,
 * PrimeFlex utilities, the application's styles and the contrast corrections of the theme.
 * Imported once by main.tsx (and by test harness pages that render app components).
 */
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import 'primeflex/primeflex.css';
import './app.css';
import './contrast.css';
