/** Texts of the building overview (zh). */
export const overview = {
  overview: {
    title: '总览',
    subtitle: '一眼看清每个房间的空气，最差的在前，实时更新。',
    filter: '按空气质量筛选',
    all: '全部',
    'no-data': '无数据',
    'no-levelled': '没有空气质量测量值（最后在线 {{date}}）',
    offline: '自 {{date}} 起离线',
    purifiers: '此房间的净化器',
    'mode-pending': '已请求{{desired}}，设备仍为{{reported}}',
    display: '展示模式',
    'display-exit': '退出展示模式',
    'display-page': '第 {{page}} / {{pages}} 页，每 15 秒翻页',
    'load-error': '无法加载总览',
    empty: {
      title: '暂无房间',
      text: '您拥有或与您共享的传感器会显示在这里，每个房间一个卡片。',
      sensors: '前往传感器',
    },
    capped: '显示前 {{shown}} 个传感器，共 {{total}} 个。',
    'none-at-level': '此级别没有房间。',
  },
  nav: { overview: '总览' },
};
