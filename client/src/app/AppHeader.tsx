import { UserMenu } from '../features/account/components/UserMenu.tsx';
import { TopNavigation } from '../features/navigation/components/TopNavigation.tsx';
import { NotificationBell } from '../features/notifications/components/NotificationBell.tsx';

/** The top navigation with the notification bell and the user menu (loaded once signed in). */
export function AppHeader() {
  return (
    <TopNavigation
      userMenu={
        <>
          <NotificationBell />
          <UserMenu />
        </>
      }
    />
  );
}
