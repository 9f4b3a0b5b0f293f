/** Interface texts of notifications and webhooks (zh). */
export const notifications = {
  errors: {
    webhook_url_invalid: '请输入以 http:// 或 https:// 开头的网址，不含用户名或密码',
    webhook_url_private: '该地址位于私有或本地网络：webhook 只能访问公共地址',
    webhook_url_unresolvable: '找不到该主机名',
    webhook_limit: '您已有 10 个 webhook：请先删除一个',
    push_endpoint_invalid: '请输入推送服务的 https:// 地址',
    push_key_invalid: '此浏览器的推送密钥无效（base64url 编码的 P-256 密钥和 16 字节密钥）',
    push_subscription_limit: '您已在 20 个浏览器上接收推送通知：请先取消其中一个',
    push_unavailable: '此服务器未配置推送通知',
  },
};

/** Texts of the notification mails (zh): one subject and body per event type. */
export const notificationMail = {
  mail: {
    notification: {
      subject_alert_triggered: '{{machine}} 警报：{{measure}} 达到 {{value}}',
      subject_alert_stopped: '{{machine}} 警报解除：{{measure}} 回落至 {{value}}',
      subject_device_offline: '{{machine}} 已离线',
      subject_device_online: '{{machine}} 已重新上线',
      subject_maintenance_due: '{{machine}}：{{level}} 剩余 {{percent}} %',
      subject_maintenance_soon: '{{machine}}：{{level}} 约在 {{due}} 需要更换',
      subject_air_changes_below: '{{machine}} 的送风量低于设定',
      body_alert_triggered:
        '{{machine}} 的警报规则已触发：{{measure}} 达到 {{value}}，超过阈值 {{threshold}}。',
      body_alert_stopped:
        '{{machine}} 的警报规则已停止：{{measure}} 回落至 {{value}}（阈值 {{threshold}}）。',
      subject_alert_stopped_by: '{{machine}} 警报解除：由 {{name}} 停止',
      body_alert_stopped_by:
        '{{machine}} 关于 {{measure}}（阈值 {{threshold}}）的警报规则已由 {{name}} 停止（{{reason}}）。',
      stop_reason_disabled: '规则已停用',
      stop_reason_edited: '规则已修改',
      stop_reason_deleted: '规则已删除',
      stop_reason_unlinked: '净化器已与传感器解除关联',
      body_device_offline: '自 {{since}} 起未收到 {{machine}} 的消息。',
      body_device_online: '{{machine}} 已重新上线（自 {{since}} 起无消息）。',
      body_maintenance_due: '{{machine}} 的{{level}}已降至 {{percent}} %：请安排更换。',
      body_maintenance_soon:
        '{{machine}} 的{{level}}剩余 {{percent}} %，按当前速度约在 {{due}} 达到更换水平：请安排更换。',
      body_air_changes_below:
        '一周以来，房间传感器测得 {{machine}} 在自动模式下每小时换气 {{ach}} 次，低于设定的 {{target}} 次。通常是滤网堵塞或进风口受阻所致。',
      mode: '已应用模式：{{mode}}，作用于 {{purifiers}}。',
      mode_none: '已应用模式：{{mode}}（未控制任何净化器）。',
      suppressed: '自 {{since}} 起另有 {{count}} 条。',
      greeting: '{{firstname}}，您好：',
      action: '打开',
      preferences: '您根据通知偏好设置收到此邮件。',
      signature: 'AirCloud 团队',
    },
  },
};
