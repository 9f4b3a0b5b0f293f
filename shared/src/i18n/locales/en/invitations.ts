/** English texts of invitations: the page, the send popin, the machine tabs, errors, form messages. */
export const invitations = {
  purifier: { tabs: { invitations: 'Invitations' } },
  sensor: { tabs: { invitations: 'Invitations' } },
  invitations: {
    title: 'Invitations',
    subtitle: 'Share the control of your machines with other people, and answer their invitations.',
    invite: 'Invite',
    tabs: { label: 'Invitations', sent: 'Sent', received: 'Received' },
    states: {
      waiting_for_user: 'Waiting for the person to create an account',
      waiting_for_approval: 'Waiting for approval',
      accepted: 'Accepted',
    },
    to: 'To {{email}}',
    from: 'From {{name}} ({{email}})',
    'sent-on': 'Sent on {{date}}',
    purifiers: 'Purifiers',
    sensors: 'Sensors',
    actions: {
      accept: 'Accept',
      refuse: 'Refuse',
      edit: 'Change machines',
      withdraw: 'Withdraw',
      revoke: 'Revoke access',
      leave: 'Leave this share',
    },
    confirm: {
      cancel: 'Cancel',
      refuse: {
        title: 'Refuse this invitation?',
        body: 'You will not get access to the machines of {{name}}.',
        confirm: 'Refuse',
      },
      withdraw: {
        title: 'Withdraw this invitation?',
        body: '{{email}} will no longer be able to accept it.',
        confirm: 'Withdraw',
      },
      revoke: {
        title: 'Revoke the access of {{email}}?',
        body: 'This person loses the control of the shared machines at once.',
        confirm: 'Revoke',
      },
      leave: {
        title: 'Leave this share?',
        body: 'You lose the control of the machines shared by {{name}} at once.',
        confirm: 'Leave',
      },
    },
    empty: {
      sent: {
        title: 'No invitation sent',
        text: 'Invite someone by e-mail to let them view and control some of your machines.',
      },
      received: {
        title: 'No invitation received',
        text: 'When someone shares their machines with you, the invitation appears here.',
      },
    },
    'load-error': 'The invitations could not be loaded',
    retry: 'Retry',
    done: {
      sent_one: 'Invitation sent',
      sent_other: '{{count}} invitations sent',
      accepted: 'Invitation accepted: the machines are now in your lists',
      refused: 'Invitation refused',
      withdrawn: 'Invitation withdrawn',
      revoked: 'Access revoked',
      left: 'You left the share',
      updated: 'Shared machines updated',
    },
    form: {
      title: 'Invite people',
      'edit-title': 'Change the machines shared with {{email}}',
      emails: 'E-mail addresses',
      'emails-hint': 'Separate several addresses with commas.',
      purifiers: 'Purifiers to share',
      sensors: 'Sensors to share',
      'no-purifier': 'You own no purifier.',
      'no-sensor': 'You own no sensor.',
      'machines-error': 'Your machines could not be loaded',
      submit: 'Send the invitations',
      save: 'Save',
      cancel: 'Cancel',
    },
    tab: {
      title: 'Who has access',
      text: 'People invited to this machine: they view and control it, but cannot delete it or invite others.',
      invite: 'Invite to this machine',
      empty: 'Nobody else has access to this machine yet.',
      'not-owner': 'Only the owner of this machine manages who has access to it.',
    },
    revoked: 'You no longer have access to this machine.',
  },
  error: {
    invitations: {
      'edit-fallback': 'The invitation could not be saved, please try again',
    },
  },
  errors: {
    invitation_machine_not_owned: 'You can only share machines you own',
    invitation_closed: 'This invitation has already been answered or ended',
  },
  form: {
    emails: {
      required: 'Enter at least one e-mail address',
      invalid: '{{email}} is not a valid email address',
      duplicate: '{{email}} appears more than once',
      self: 'You cannot invite yourself ({{email}})',
      too_many: 'At most {{max}} addresses at once',
    },
    machines: { required: 'Select at least one purifier or sensor' },
  },
};

/** The invitation mails (merged into `mail` on the server side only). */
export const invitationMail = {
  mail: {
    invitation: {
      subject: '{{sender}} shares machines with you on AirCloud',
      preheader: '{{sender}} invites you to control: {{machines}}.',
      greeting: 'Hello {{firstname}},',
      body: '{{sender}} invites you to view and control these machines on AirCloud: {{machines}}. Accept or refuse the invitation on your invitations page.',
      action: 'See the invitation',
      link_hint: 'If the button does not work, copy this link into your browser:',
      ignore: 'If you do not know this person, refuse the invitation or ignore this e-mail.',
      signature: 'The AirCloud team',
    },
    invitation_register: {
      subject: '{{sender}} invites you to AirCloud',
      preheader: '{{sender}} invites you to control: {{machines}}.',
      greeting: 'Hello,',
      body: '{{sender}} invites you to view and control these machines on AirCloud: {{machines}}. Create your account with this e-mail address: once it is activated, the invitation is waiting for you on your invitations page.',
      action: 'Create my account',
      link_hint: 'If the button does not work, copy this link into your browser:',
      ignore: 'If you do not know this person, you can ignore this e-mail.',
      signature: 'The AirCloud team',
    },
  },
};
