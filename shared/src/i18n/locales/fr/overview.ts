/** Texts of the building overview (fr). */
export const overview = {
  overview: {
    title: 'Vue d’ensemble',
    subtitle: 'L’air de chaque pièce d’un coup d’œil, les pires d’abord, en direct.',
    filter: 'Filtrer par qualité de l’air',
    all: 'Toutes',
    'no-data': 'Sans données',
    'no-levelled': 'Aucune mesure de qualité de l’air (vu le {{date}})',
    offline: 'Hors ligne depuis le {{date}}',
    purifiers: 'Purificateurs de cette pièce',
    'mode-pending': '{{desired}} demandé, encore en {{reported}}',
    display: 'Mode affichage',
    'display-exit': 'Quitter le mode affichage',
    'display-page': 'Page {{page}} sur {{pages}}, change toutes les 15 secondes',
    'load-error': 'La vue d’ensemble n’a pas pu être chargée',
    empty: {
      title: 'Aucune pièce à afficher',
      text: 'Les capteurs qui vous appartiennent ou sont partagés avec vous apparaissent ici, une tuile par pièce.',
      sensors: 'Voir les capteurs',
    },
    capped: 'Les {{shown}} premiers capteurs sur {{total}} sont affichés.',
    'none-at-level': 'Aucune pièce à ce niveau.',
  },
  nav: { overview: 'Vue d’ensemble' },
};
