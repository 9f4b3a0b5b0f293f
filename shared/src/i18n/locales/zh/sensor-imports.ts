/** 传感器数据导入的中文文本（docs/api-sensors.md）：错误、拒绝原因、邮件。 */
export const sensorImports = {
  errors: {
    'import-size': '文件不能超过 30 MB',
    import_already_running: '该传感器已有导入正在进行：请等待其完成或取消它',
    'cancel-import': '此导入已无法取消或撤销',
  },
  import: {
    bad_date: '日期无效（应为 DD/MM/YYYY HH:mm 或 ISO 8601 时间戳）',
    not_numeric: '该值不是数字',
    out_of_range: '该值超出允许范围',
    no_measure: '此行没有任何测量值',
    unreadable_line: '无法读取的行（引号或分隔符错误）',
    empty_file: '文件为空',
    no_date_column: '表头中没有 date 或 timestamp 列',
    no_measure_column: '表头中没有已知的测量项（co2、pm25、temperature…）',
    failed: '导入因错误而中止，请重试',
    unknown_unit: '无法换算单位 {{unit}}：此列不导入',
    measure_not_stored: 'AirCloud 不保存此测量项：此列会被读取但不导入',
    duplicate_column: '已有另一列提供此测量项：此列不导入',
    channel_b: 'PurpleAir B 通道：导入的是 A 通道',
  },
};

/** The confirmation mail of a completed import (merged into `mail` on the server side only). */
export const sensorImportMail = {
  mail: {
    sensor_import: {
      subject: '您的传感器数据导入已完成',
      preheader: '已从 {{file}} 读取 {{read}} 行，保存 {{stored}} 行。',
      greeting: '{{firstname}}，您好：',
      body: '文件 {{file}} 已成功导入传感器 {{sensor}}。',
      rows_read: '读取行数：{{count}}',
      rows_stored: '保存行数：{{count}}',
      rows_duplicate: '跳过的重复行（已存在）：{{count}}',
      rows_rejected: '拒绝行数：{{count}}',
      rejections: '被拒绝的行：',
      rejection: '第 {{line}} 行：{{reason}}',
      rejection_column: '第 {{line}} 行（{{column}}）：{{reason}}',
      rejections_more: '仅列出前 {{count}} 个被拒绝的行。',
      action: '打开传感器',
      signature: 'AirCloud 团队',
    },
  },
};
