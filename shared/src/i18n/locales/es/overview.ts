/** Texts of the building overview (es). */
export const overview = {
  overview: {
    title: 'Vista general',
    subtitle: 'El aire de cada sala de un vistazo, las peores primero, en directo.',
    filter: 'Filtrar por calidad del aire',
    all: 'Todas',
    'no-data': 'Sin datos',
    'no-levelled': 'Ninguna medida de calidad del aire (visto el {{date}})',
    offline: 'Desconectado desde el {{date}}',
    purifiers: 'Purificadores de esta sala',
    'mode-pending': '{{desired}} solicitado, aún en {{reported}}',
    display: 'Modo pantalla',
    'display-exit': 'Salir del modo pantalla',
    'display-page': 'Página {{page}} de {{pages}}, cambia cada 15 segundos',
    'load-error': 'No se pudo cargar la vista general',
    empty: {
      title: 'Aún no hay salas',
      text: 'Los sensores que le pertenecen o que se comparten con usted aparecen aquí, un mosaico por sala.',
      sensors: 'Ir a los sensores',
    },
    capped: 'Se muestran los primeros {{shown}} de {{total}} sensores.',
    'none-at-level': 'Ninguna sala en este nivel.',
  },
  nav: { overview: 'Vista general' },
};
