import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailsField, type Invitation } from '@aircloud/shared/invitations';
import { Button } from '../../../components/Button.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { Popin } from '../../../components/Popin.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { catalogueKeyOf, violationsOf } from '../../../lib/api/errorMessage.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import {
  useOwnedMachinesQuery,
  useSendInvitationsMutation,
  useUpdateInvitationMutation,
  type OwnedMachine,
} from '../api/invitationsApi.ts';

const FORM_ID = 'invite-form';

/** A field error: a catalogue key and its values (`{{email}}`). */
interface FieldMessage {
  key: string;
  params?: Record<string, unknown>;
}

/** The first problem of the e-mails field, checked address by address with the shared rule. */
function emailsProblem(value: string, ownEmail: string | undefined): FieldMessage | null {
  const result = emailsField(ownEmail).safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { key: issue.message, params: (issue as { params?: Record<string, unknown> }).params };
}

function MachinePicker({
  legend,
  empty,
  machines,
  selected,
  onToggle,
  name,
}: {
  legend: string;
  empty: string;
  machines: OwnedMachine[];
  selected: string[];
  onToggle: (ulid: string) => void;
  name: string;
}) {
  return (
    <fieldset className="invite-machines">
      <legend className="field__label">{legend}</legend>
      {machines.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="invite-machines__list">
          {machines.map((m) => (
            <li key={m.ulid}>
              <label className="invite-machines__item">
                <input
                  type="checkbox"
                  name={name}
                  value={m.ulid}
                  checked={selected.includes(m.ulid)}
                  onChange={() => onToggle(m.ulid)}
                />
                <span>{m.name}</span>
                <span className="invite-machines__serial">{m.serial_number}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

const toggle = (list: string[], ulid: string) =>
  list.includes(ulid) ? list.filter((id) => id !== ulid) : [...list, ulid];

/**
 * The send popin (e-mails separated by commas, the purifiers and sensors I own), or, given an
 * `invitation`, the popin changing the machines it shares. `preset` pre-selects machines (the
 * invitations tab of a machine).
 */
export function InvitePopin({
  open,
  onClose,
  invitation,
  preset,
}: {
  open: boolean;
  onClose: () => void;
  invitation?: Invitation;
  preset?: { purifiers?: string[]; sensors?: string[] };
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const me = useAppSelector((state) => state.session.user);
  const machines = useOwnedMachinesQuery(me?.ulid ?? '', { skip: !me?.ulid });
  const [send, sending] = useSendInvitationsMutation();
  const [update, updating] = useUpdateInvitationMutation();
  const [emails, setEmails] = useState('');
  const [purifiers, setPurifiers] = useState<string[]>(
    invitation ? invitation.purifiers.map((p) => p.ulid) : (preset?.purifiers ?? []),
  );
  const [sensors, setSensors] = useState<string[]>(
    invitation ? invitation.sensors.map((s) => s.ulid) : (preset?.sensors ?? []),
  );
  const [errors, setErrors] = useState<Partial<Record<'emails' | 'machines', FieldMessage>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const next: typeof errors = {};
    if (!invitation) {
      const problem = emailsProblem(emails, me?.email);
      if (problem) next.emails = problem;
    }
    if (purifiers.length + sensors.length === 0) next.machines = { key: 'form.machines.required' };
    setErrors(next);
    if (Object.keys(next).length > 0) return;

    const result = invitation
      ? await update({ ulid: invitation.ulid, machines: { purifiers, sensors } })
      : await send({ emails, purifiers, sensors });
    if ('error' in result) {
      const server: typeof errors = {};
      for (const v of violationsOf(result.error)) {
        const field = v.propertyPath === 'emails' ? 'emails' : 'machines';
        server[field] ??= { key: v.message ? '' : `errors.${v.code}`, params: { text: v.message } };
      }
      if (Object.keys(server).length > 0) {
        setErrors(server);
        return;
      }
      const key = catalogueKeyOf(result.error);
      setFormError(
        key === 'forbidden' || key === 'invitation_closed' || key === 'not_found'
          ? `errors.${key}`
          : 'error.invitations.edit-fallback',
      );
      return;
    }
    if ('hydra:member' in result.data)
      dispatch(notifyInfo('invitations.done.sent', { count: result.data['hydra:member'].length }));
    else dispatch(notifyInfo('invitations.done.updated'));
    onClose();
  };

  // Server messages come translated (`text`); client ones are catalogue keys.
  const messageOf = (m: FieldMessage | undefined) =>
    !m ? null : m.key ? t(m.key, m.params ?? {}) : String(m.params?.text ?? '');
  const busy = sending.isLoading || updating.isLoading;

  return (
    <Popin
      open={open}
      onClose={onClose}
      title={
        invitation
          ? t('invitations.form.edit-title', { email: invitation.email })
          : t('invitations.form.title')
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('invitations.form.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={busy}>
            {invitation ? t('invitations.form.save') : t('invitations.form.submit')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="form" onSubmit={(e) => void submit(e)} noValidate>
        <FormError messageKey={formError} />
        {invitation ? null : (
          <div className={`field${errors.emails ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor="invite-emails">
              {t('invitations.form.emails')}
            </label>
            <textarea
              id="invite-emails"
              className="input invite-emails"
              rows={2}
              value={emails}
              autoComplete="off"
              spellCheck={false}
              placeholder="alice@example.com, bob@example.com"
              aria-invalid={errors.emails ? true : undefined}
              aria-describedby={errors.emails ? 'invite-emails-error' : 'invite-emails-hint'}
              onChange={(e) => {
                setEmails(e.target.value);
                if (errors.emails) setErrors(({ emails: _stale, ...rest }) => rest);
              }}
            />
            <div className="field__hint" id="invite-emails-hint">
              {t('invitations.form.emails-hint')}
            </div>
            {errors.emails ? (
              <p className="field__error" id="invite-emails-error">
                {messageOf(errors.emails)}
              </p>
            ) : null}
          </div>
        )}
        {machines.isLoading ? (
          <Spinner size={32} />
        ) : machines.isError || !machines.data ? (
          <p className="form-error" role="alert">
            {t('invitations.form.machines-error')}
          </p>
        ) : (
          <div className={`invite-pickers${errors.machines ? ' field--invalid' : ''}`}>
            <MachinePicker
              legend={t('invitations.form.purifiers')}
              empty={t('invitations.form.no-purifier')}
              machines={machines.data.purifiers}
              selected={purifiers}
              onToggle={(ulid) => {
                setPurifiers((list) => toggle(list, ulid));
                setErrors(({ machines: _stale, ...rest }) => rest);
              }}
              name="purifiers"
            />
            <MachinePicker
              legend={t('invitations.form.sensors')}
              empty={t('invitations.form.no-sensor')}
              machines={machines.data.sensors}
              selected={sensors}
              onToggle={(ulid) => {
                setSensors((list) => toggle(list, ulid));
                setErrors(({ machines: _stale, ...rest }) => rest);
              }}
              name="sensors"
            />
            {errors.machines ? (
              <p className="field__error" role="alert">
                {messageOf(errors.machines)}
              </p>
            ) : null}
          </div>
        )}
      </form>
    </Popin>
  );
}
