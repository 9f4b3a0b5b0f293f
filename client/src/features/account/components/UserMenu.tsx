import { lazy, Suspense, useRef, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '@aircloud/shared/roles';
import { avatarUrl } from '../../../components/AvatarInput.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useLogoutMutation } from '../../../lib/api/meApi.ts';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { notifyError } from '../../../lib/notifications/notificationsSlice.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import {
  chooseTheme,
  currentThemeChoice,
  THEME_CHOICES,
  useThemeChoice,
  type ThemeChoice,
} from '../../../lib/theme/theme.ts';
import { loggedOut, userUpdated } from '../../../lib/session/sessionSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import { useEditMyInformationMutation } from '../api/accountApi.ts';

// The panels (forms, avatar upload, password rules) load when opened, not with every page.
const ProfilePanel = lazy(() =>
  import('./ProfilePanel.tsx').then((m) => ({ default: m.ProfilePanel })),
);
const ApiTokenPanel = lazy(() =>
  import('./ApiTokenPanel.tsx').then((m) => ({ default: m.ApiTokenPanel })),
);

type Open = 'profile' | 'api' | 'logout' | null;

/**
 * The theme switch's action: applies the choice at once and stores it on the profile, beside the
 * language (so another browser takes it at sign-in); a refusal puts the previous choice back.
 */
function useChooseTheme() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);
  const [save] = useEditMyInformationMutation();
  return async (theme: ThemeChoice) => {
    const previous = currentThemeChoice();
    if (theme === previous) return;
    chooseTheme(theme);
    if (!user) return;
    dispatch(userUpdated({ theme }));
    const result = await save({ ulid: user.ulid, body: { theme } });
    if (result.error) {
      chooseTheme(previous);
      dispatch(userUpdated({ theme: previous }));
      dispatch(notifyError(errorMessageKey(result.error)));
    }
  };
}

function initials(firstname = '', lastname = ''): string {
  return `${firstname.charAt(0)}${lastname.charAt(0)}`.toUpperCase() || '?';
}

/** The user menu: my profile, my API token, the translations (admins), sign out (with confirmation). */
export function UserMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.session.user);
  const [open, setOpen] = useState<Open>(null);
  // The panels and the sign-out dialog open from menu items that are gone when they close.
  const trigger = useRef<HTMLButtonElement>(null);
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();
  const theme = useThemeChoice();
  const pickTheme = useChooseTheme();

  const signOut = async () => {
    await logout();
    dispatch(loggedOut());
    setOpen(null);
    navigate(PATHS.login, { replace: true });
  };

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={trigger}
          className="user-menu__trigger"
          aria-label={t('user-menu.open')}
        >
          <span className="avatar" aria-hidden="true">
            {user?.avatar ? (
              <img src={avatarUrl(user.avatar, 64)} alt="" />
            ) : (
              initials(user?.firstname, user?.lastname)
            )}
          </span>
          <span className="user-menu__name">
            {user ? `${user.firstname} ${user.lastname}` : ''}
          </span>
          <Icon name="chevronDown" size={16} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
            <DropdownMenu.Label className="menu__label">
              <strong>{user ? `${user.firstname} ${user.lastname}` : ''}</strong>
              <span>{user?.email}</span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Item className="menu__item" onSelect={() => setOpen('profile')}>
              <Icon name="user" size={18} />
              {t('user-menu.profile')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => setOpen('api')}>
              <Icon name="key" size={18} />
              {t('user-menu.api-token')}
            </DropdownMenu.Item>
            {isAdmin(user?.role) ? (
              <DropdownMenu.Item className="menu__item" onSelect={() => navigate('/translations')}>
                <Icon name="pencil" size={18} />
                {t('user-menu.translations')}
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Label className="menu__group-label" id="user-menu-theme">
              {t('user-menu.theme')}
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              aria-labelledby="user-menu-theme"
              value={theme}
              onValueChange={(value) => void pickTheme(value as ThemeChoice)}
            >
              {THEME_CHOICES.map((choice) => (
                <DropdownMenu.RadioItem
                  key={choice}
                  value={choice}
                  className="menu__item menu__item--radio"
                  // The menu stays open: the page changes behind it at once.
                  onSelect={(event) => event.preventDefault()}
                >
                  <span className="menu__radio-mark" aria-hidden="true">
                    <DropdownMenu.ItemIndicator>
                      <Icon name="check" size={16} />
                    </DropdownMenu.ItemIndicator>
                  </span>
                  {t(`user-menu.theme-${choice}`)}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Item
              className="menu__item menu__item--danger"
              onSelect={() => setOpen('logout')}
            >
              <Icon name="logout" size={18} />
              {t('user-menu.sign-out')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <Suspense fallback={null}>
        {open === 'profile' ? (
          <ProfilePanel open onClose={() => setOpen(null)} returnFocusTo={trigger} />
        ) : null}
        {open === 'api' ? (
          <ApiTokenPanel open onClose={() => setOpen(null)} returnFocusTo={trigger} />
        ) : null}
      </Suspense>
      <ConfirmDialog
        open={open === 'logout'}
        icon="logout"
        title={t('logout.title')}
        body={t('logout.body')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('logout.confirm')}
        loading={loggingOut}
        onCancel={() => setOpen(null)}
        onConfirm={() => void signOut()}
        returnFocusTo={trigger}
      />
    </>
  );
}
