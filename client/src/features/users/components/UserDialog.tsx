import { useEffect, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '@aircloud/shared/constants';
import { ROLES, type Role } from '@aircloud/shared/roles';
import { USER_LIMITS, type User } from '@aircloud/shared/users';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Popin } from '../../../components/Popin.tsx';
import { catalogueKeyOf, errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { applyViolations } from '../../../lib/forms.ts';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import {
  useCreateUserMutation,
  useDeleteUserMutation,
  useUpdateUserMutation,
} from '../api/usersApi.ts';
import { dialogSaveErrorKey, saveFailureNoticeKey } from './userErrors.ts';
import { RoleField } from './RoleField.tsx';

/** The form user of the dialog (spec section 4): identity, names, e-mail, role, company. */
export interface DialogUser {
  '@id': string;
  ulid: string;
  lastname: string;
  firstname: string;
  email: string;
  role: Role | '';
  company: string;
  lang: User['lang'];
}

/** The blank user of add mode: empty strings, lang fr. */
export const BLANK_USER: DialogUser = {
  '@id': '',
  ulid: '',
  lastname: '',
  firstname: '',
  email: '',
  role: '',
  company: '',
  lang: DEFAULT_LANGUAGE,
};

function fromUser(user: User): DialogUser {
  return {
    '@id': user['@id'],
    ulid: user.ulid,
    lastname: user.lastname,
    firstname: user.firstname,
    email: user.email,
    role: user.role,
    company: user.company,
    lang: user.lang,
  };
}

const required = (key: string, max: number) =>
  z.string().trim().min(1, { error: key }).max(max, { error: 'validation.max_length' });

/**
 * The dialog's rules of spec section 5; role and e-mail are not checked when editing oneself.
 * Every length the server limits is checked here too, so a refusal shows under its field and
 * the dialog stays open instead of closing on "could not be saved".
 */
function dialogSchema(editingSelf: boolean) {
  return z.object({
    '@id': z.string(),
    ulid: z.string(),
    lang: z.string(),
    company: z.string().trim().max(USER_LIMITS.company, { error: 'validation.max_length' }),
    firstname: required('form.firstname.required', USER_LIMITS.firstname),
    lastname: required('form.lastname.required', USER_LIMITS.lastname),
    role: editingSelf ? z.string() : z.enum(ROLES, { error: 'validation.required' }),
    email: editingSelf
      ? z.string()
      : required('form.email.required', USER_LIMITS.email).pipe(
          z.email({ error: 'form.email.email' }),
        ),
  });
}

/** Dialog fields a 422 violation of the users API can point at. */
const DIALOG_FIELDS = ['lastname', 'firstname', 'email', 'role', 'company'] as const;

/**
 * The pop-in dialog for adding, editing and removing a user (spec sections 2, 4 and 8). Whatever
 * the save answers, the dialog closes and asks its parent to reload.
 */
export function UserDialog({
  open,
  user,
  onClose,
  onReload,
}: {
  open: boolean;
  /** The user to edit; null opens add mode. */
  user: User | null;
  onClose: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const me = useAppSelector((state) => state.session.user);
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const [deleteUser, { isLoading: removing }] = useDeleteUserMutation();
  const [loading, setLoading] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [alertError, setAlertError] = useState<string | null>(null);

  const editMode = user !== null;
  const editingSelf = editMode && user.ulid === me?.ulid;
  const schema = useMemo(() => dialogSchema(editingSelf), [editingSelf]);
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors },
  } = useForm<DialogUser>({
    // Role and e-mail are free strings when editing oneself, hence the cast.
    resolver: zodResolver(schema) as unknown as Resolver<DialogUser>,
    defaultValues: BLANK_USER,
  });

  // Each opening starts again: the form user, its validation state and the alert zone.
  useEffect(() => {
    if (!open) return;
    reset(user ? fromUser(user) : BLANK_USER);
    setLoading(false);
    setAlertError(null);
    setConfirmingRemove(false);
  }, [open, user, reset]);

  const finish = () => {
    onClose();
    onReload();
  };

  const onSubmit = handleSubmit(async (values) => {
    setLoading(true);
    const identity = { lastname: values.lastname, firstname: values.firstname };
    const result = values.ulid
      ? await updateUser({
          ulid: values.ulid,
          body: {
            '@id': values['@id'],
            ulid: values.ulid,
            ...identity,
            email: values.email,
            role: values.role as Role,
            company: values.company,
          },
        })
      : await createUser({
          ...identity,
          email: values.email,
          role: values.role as Role,
          company: values.company,
          lang: values.lang,
        });
    if (result.data?.ulid) {
      dispatch(notifyInfo(values.ulid ? 'users.dialog.edited' : 'users.dialog.created'));
      setLoading(false);
    } else if (applyViolations(result.error, setError, DIALOG_FIELDS)) {
      // A rule of one field (422 violation): its message goes under the field and the dialog
      // stays open with what was typed, rather than closing on a message that hides the cause.
      setLoading(false);
      return;
    } else {
      // Spec section 8: the message goes to the remove-alert zone and the loading flag stays on.
      const key = catalogueKeyOf(result.error);
      setAlertError(dialogSaveErrorKey(key));
      // The dialog closes at once, so the message is also raised as a notification.
      dispatch(notifyError(saveFailureNoticeKey(key)));
    }
    finish();
  });

  const remove = async () => {
    if (!user) return;
    setAlertError(null);
    const result = await deleteUser(user.ulid);
    if ('error' in result) {
      setAlertError(errorMessageKey(result.error));
      return;
    }
    dispatch(notifyInfo('users.dialog.deleted'));
    setConfirmingRemove(false);
    finish();
  };

  const fullName = user ? `${user.firstname} ${user.lastname}` : '';

  return (
    <Popin
      open={open}
      onClose={onClose}
      size="small"
      title={editMode ? t('users.dialog.title-edit') : t('users.dialog.title-add')}
      description={editMode ? undefined : t('users.dialog.add-text')}
      footer={
        <>
          {editMode && !editingSelf ? (
            <Button
              variant="ghost"
              className="user-dialog__remove"
              onClick={() => {
                setAlertError(null);
                setConfirmingRemove(true);
              }}
            >
              <Icon name="trash" size={18} />
              {t('users.dialog.remove')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            {t('users.dialog.cancel')}
          </Button>
          <Button type="submit" form="user-dialog-form" loading={loading}>
            {editMode ? t('users.dialog.save') : t('users.dialog.add')}
          </Button>
        </>
      }
    >
      <form id="user-dialog-form" className="form" onSubmit={onSubmit} noValidate>
        <FormField
          id="ud-lastname"
          name="lastname"
          label={t('users.dialog.lastname')}
          error={errors.lastname?.message}
          params={{ max: USER_LIMITS.lastname }}
        >
          <input
            className="input"
            autoComplete="off"
            {...fieldA11y('ud-lastname', errors.lastname?.message)}
            {...register('lastname')}
          />
        </FormField>
        <FormField
          id="ud-firstname"
          name="firstname"
          label={t('users.dialog.firstname')}
          error={errors.firstname?.message}
          params={{ max: USER_LIMITS.firstname }}
        >
          <input
            className="input"
            autoComplete="off"
            {...fieldA11y('ud-firstname', errors.firstname?.message)}
            {...register('firstname')}
          />
        </FormField>
        {editingSelf ? null : (
          <>
            <FormField
              id="ud-email"
              name="email"
              label={t('users.dialog.email')}
              error={errors.email?.message}
              params={{ max: USER_LIMITS.email }}
            >
              <input
                className="input"
                type="email"
                autoComplete="off"
                {...fieldA11y('ud-email', errors.email?.message)}
                {...register('email')}
              />
            </FormField>
            <RoleField
              id="ud-role"
              label={t('users.dialog.role')}
              control={control}
              error={errors.role?.message}
            />
          </>
        )}
        <FormField
          id="ud-company"
          name="company"
          label={t('users.dialog.company')}
          error={errors.company?.message}
          params={{ max: USER_LIMITS.company }}
        >
          <input
            className="input"
            autoComplete="off"
            {...fieldA11y('ud-company', errors.company?.message)}
            {...register('company')}
          />
        </FormField>
        {/* The error text of the remove-alert zone (spec section 8). */}
        {alertError ? (
          <p className="form-error" role="alert" data-testid="user-dialog-alert">
            {t(alertError)}
          </p>
        ) : null}
      </form>
      <ConfirmDialog
        open={confirmingRemove}
        icon="trash"
        danger
        title={t('users.dialog.remove-title')}
        body={t('users.dialog.remove-body', { name: fullName })}
        cancelLabel={t('users.dialog.cancel')}
        confirmLabel={t('users.dialog.remove-confirm')}
        loading={removing}
        error={alertError ? t(alertError) : undefined}
        onCancel={() => setConfirmingRemove(false)}
        onConfirm={() => void remove()}
      />
    </Popin>
  );
}
