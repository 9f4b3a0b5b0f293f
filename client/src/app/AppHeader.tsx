import { UserMenu } from '../features/account/components/UserMenu.tsx';
import { TopNavigation } from '../features/navigation/components/TopNavigation.tsx';

/** The top navigation with the user menu in it (loaded only once signed in). */
export function AppHeader() {
  return <TopNavigation userMenu={<UserMenu />} />;
}
