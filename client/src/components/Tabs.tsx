import { NavLink } from 'react-router-dom';

/** Tabs that are child routes: each tab is a link, the active one follows the URL. */
export function RouteTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: { to: string; label: string; end?: boolean }[];
}) {
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) => `tabs__tab${isActive ? ' is-active' : ''}`}
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
