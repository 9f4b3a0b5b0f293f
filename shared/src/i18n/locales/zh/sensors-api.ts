/** 传感器 API 错误的中文文本（docs/api-sensors.md）。 */
export const sensorsApi = {
  errors: {
    sensor_serial_number_already_exists: '已存在具有此序列号的传感器',
    sensor_owner_not_found: '没有账户使用此电子邮件地址',
    sensor_purifiers_max: '一个传感器最多可关联 8 台净化器',
    sensor_purifier_not_allowed: '您只能关联您可控制的净化器',
    export_period_too_long: '导出最多覆盖一个月：请选择更短的时间段',
    export_period_expired:
      '超过 {{months}} 个月的原始数据已不再保留：请选择更近的时间段（图表仍显示每小时平均值）',
  },
  validation: {
    serial_number: '只能包含字母、数字、点、连字符和下划线',
  },
};
