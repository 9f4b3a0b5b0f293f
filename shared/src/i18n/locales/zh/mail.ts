/** Mail texts (subjects and bodies) of this language. */
export const mail = {
  activation: {
    subject: '激活您的 AirCloud 账户',
    preheader: '一键激活您的 AirCloud 账户。',
    greeting: '{{firstname}}，您好：',
    body: '欢迎使用 AirCloud！请点击下方按钮确认您的电子邮件地址，以完成账户创建。此链接还会让您直接登录。',
    action: '激活我的账户',
    link_hint: '如果按钮无法使用，请将此链接复制到浏览器中打开：',
    ignore: '如果您没有创建 AirCloud 账户，请忽略此邮件。',
    signature: 'AirCloud 团队',
  },
  password_reset: {
    subject: '重置您的 AirCloud 密码',
    preheader: '用于设置新的 AirCloud 密码的链接。',
    greeting: '{{firstname}}，您好：',
    body: '我们收到了重置您 AirCloud 账户密码的请求。请点击下方按钮设置新密码。',
    action: '设置新密码',
    link_hint: '如果按钮无法使用，请将此链接复制到浏览器中打开：',
    ignore: '如果这不是您本人的操作，请忽略此邮件：您的密码不会改变。',
    signature: 'AirCloud 团队',
  },
};
