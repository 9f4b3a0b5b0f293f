/** Texts of the building overview (en). */
export const overview = {
  overview: {
    title: 'Overview',
    subtitle: 'Every room’s air at a glance, worst first, live.',
    filter: 'Filter by air quality',
    all: 'All',
    'no-data': 'No data',
    'no-levelled': 'No air-quality measure (last seen {{date}})',
    offline: 'Offline since {{date}}',
    purifiers: 'Purifiers of this room',
    'mode-pending': '{{desired}} requested, still {{reported}}',
    display: 'Display mode',
    'display-exit': 'Leave display mode',
    'display-page': 'Page {{page}} of {{pages}}, turning every 15 seconds',
    'load-error': 'The overview could not be loaded',
    empty: {
      title: 'No room to show yet',
      text: 'The sensors you own or that are shared with you appear here, one tile per room.',
      sensors: 'Go to the sensors',
    },
    capped: 'Showing the first {{shown}} of {{total}} sensors.',
    'none-at-level': 'No room at this level.',
  },
  nav: { overview: 'Overview' },
};
