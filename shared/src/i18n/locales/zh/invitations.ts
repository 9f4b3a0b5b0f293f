/** 邀请的中文文本：页面、发送弹窗、设备标签页、错误和表单消息。 */
export const invitations = {
  purifier: { tabs: { invitations: '邀请' } },
  sensor: { tabs: { invitations: '邀请' } },
  invitations: {
    title: '邀请',
    subtitle: '与他人共享设备的控制权，并回复他人的邀请。',
    invite: '邀请',
    tabs: { label: '邀请', sent: '已发送', received: '已收到' },
    states: {
      waiting_for_user: '等待对方创建账户',
      waiting_for_approval: '等待接受',
      accepted: '已接受',
    },
    to: '发给 {{email}}',
    from: '来自 {{name}}（{{email}}）',
    'sent-on': '发送于 {{date}}',
    purifiers: '净化器',
    sensors: '传感器',
    actions: {
      accept: '接受',
      refuse: '拒绝',
      edit: '修改设备',
      withdraw: '撤回',
      revoke: '撤销访问权限',
      leave: '退出此共享',
    },
    confirm: {
      cancel: '取消',
      refuse: {
        title: '拒绝此邀请？',
        body: '您将无法访问 {{name}} 的设备。',
        confirm: '拒绝',
      },
      withdraw: {
        title: '撤回此邀请？',
        body: '{{email}} 将无法再接受此邀请。',
        confirm: '撤回',
      },
      revoke: {
        title: '撤销 {{email}} 的访问权限？',
        body: '此人将立即失去对共享设备的控制。',
        confirm: '撤销',
      },
      leave: {
        title: '退出此共享？',
        body: '您将立即失去对 {{name}} 共享设备的控制。',
        confirm: '退出',
      },
    },
    empty: {
      sent: {
        title: '尚未发送邀请',
        text: '通过电子邮件邀请他人查看和控制您的部分设备。',
      },
      received: {
        title: '尚未收到邀请',
        text: '当有人与您共享设备时，邀请会显示在这里。',
      },
    },
    'load-error': '无法加载邀请',
    retry: '重试',
    done: {
      sent_one: '邀请已发送',
      sent_other: '已发送 {{count}} 个邀请',
      accepted: '邀请已接受：设备已出现在您的列表中',
      refused: '邀请已拒绝',
      withdrawn: '邀请已撤回',
      revoked: '访问权限已撤销',
      left: '您已退出共享',
      updated: '共享设备已更新',
    },
    form: {
      title: '邀请他人',
      'edit-title': '修改与 {{email}} 共享的设备',
      emails: '电子邮件地址',
      'emails-hint': '多个地址请用逗号分隔。',
      purifiers: '要共享的净化器',
      sensors: '要共享的传感器',
      'no-purifier': '您没有净化器。',
      'no-sensor': '您没有传感器。',
      'machines-error': '无法加载您的设备',
      submit: '发送邀请',
      save: '保存',
      cancel: '取消',
    },
    tab: {
      title: '谁有访问权限',
      text: '受邀者可以查看和控制此设备，但不能删除它或邀请其他人。',
      invite: '邀请使用此设备',
      empty: '目前还没有其他人可以访问此设备。',
      'not-owner': '只有此设备的所有者可以管理访问权限。',
    },
    revoked: '您已无权访问此设备。',
  },
  error: {
    invitations: {
      'edit-fallback': '无法保存邀请，请重试',
    },
  },
  errors: {
    invitation_machine_not_owned: '您只能共享自己拥有的设备',
    invitation_closed: '此邀请已被回复或已结束',
  },
  form: {
    emails: {
      required: '请至少输入一个电子邮件地址',
      invalid: '{{email}} 不是有效的电子邮件地址',
      duplicate: '{{email}} 出现了多次',
      self: '您不能邀请自己（{{email}}）',
      too_many: '一次最多 {{max}} 个地址',
    },
    machines: { required: '请至少选择一台净化器或一个传感器' },
  },
};

/** 邀请邮件（仅在服务器端合并到 `mail`）。 */
export const invitationMail = {
  mail: {
    invitation: {
      subject: '{{sender}} 在 AirCloud 上与您共享设备',
      preheader: '{{sender}} 邀请您控制：{{machines}}。',
      greeting: '{{firstname}}，您好：',
      body: '{{sender}} 邀请您在 AirCloud 上查看和控制以下设备：{{machines}}。请在邀请页面接受或拒绝该邀请。',
      action: '查看邀请',
      link_hint: '如果按钮无效，请将此链接复制到浏览器中：',
      ignore: '如果您不认识此人，请拒绝邀请或忽略此邮件。',
      signature: 'AirCloud 团队',
    },
    invitation_register: {
      subject: '{{sender}} 邀请您加入 AirCloud',
      preheader: '{{sender}} 邀请您控制：{{machines}}。',
      greeting: '您好：',
      body: '{{sender}} 邀请您在 AirCloud 上查看和控制以下设备：{{machines}}。请使用此电子邮件地址创建账户：账户激活后，邀请将显示在您的邀请页面中。',
      action: '创建我的账户',
      link_hint: '如果按钮无效，请将此链接复制到浏览器中：',
      ignore: '如果您不认识此人，可以忽略此邮件。',
      signature: 'AirCloud 团队',
    },
  },
};
