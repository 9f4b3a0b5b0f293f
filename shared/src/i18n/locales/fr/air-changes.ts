/** Textes du renouvellement d'air mesuré (fr) : carte du résumé, décroissances, prévisions, vue d'ensemble, parc. */
export const airChanges = {
  'air-changes': {
    title: 'Renouvellement d’air mesuré',
    'see-decays': 'Voir les décroissances',
    back: 'Retour au résumé',
    'load-error': 'Le renouvellement d’air mesuré n’a pas pu être chargé',
    'ach-value': '{{value}} vol/h',
    'ach-range': '{{low}}–{{high}} vol/h',
    'lps-value': '{{value}} L/s par personne',
    'per-hour': '{{value}} par heure',
    'current-mode': 'En mode {{mode}}, le mode actuel',
    measured: 'Mesuré',
    target: 'Objectif (TRH)',
    'target-silent': 'Objectif (TRH silence)',
    delivery: 'Débit d’air purifié',
    'delivery-configured': 'Débit configuré : {{value}} (volume × TRH)',
    'delivery-no-volume': 'Renseignez le volume de la pièce pour comparer au débit configuré.',
    verdicts: {
      meets: 'Atteint son objectif',
      below: 'Sous son objectif',
      not_enough_data: 'Pas encore assez de données',
      natural: 'Décroissance naturelle',
    },
    needs_one:
      'Pas encore assez de données : il faut encore {{count}} décroissance en mode {{mode}}.',
    needs_other:
      'Pas encore assez de données : il faut encore {{count}} décroissances en mode {{mode}}.',
    'needs-short_one': 'Encore {{count}} décroissance',
    'needs-short_other': 'Encore {{count}} décroissances',
    'off-natural':
      'Le purificateur est éteint : ce chiffre est la décroissance propre de la pièce (dépôt et renouvellement par l’air extérieur).',
    'interval-conclusive-meets':
      'Intervalle à 95 % : {{range}}. Concluant : tout l’intervalle est au-dessus de l’objectif.',
    'interval-conclusive-below':
      'Intervalle à 95 % : {{range}}. Concluant : tout l’intervalle est sous l’objectif.',
    'interval-inconclusive':
      'Intervalle à 95 % : {{range}}. Pas encore concluant : l’intervalle chevauche l’objectif.',
    interval: 'Intervalle à 95 % : {{range}}',
    'no-sensor':
      'Le renouvellement d’air se mesure avec un capteur dans la même pièce : aucun n’est lié à ce purificateur.',
    'no-sensor-how':
      'Liez-en un depuis l’onglet Associations du capteur : ses mesures de particules montrent alors à quelle vitesse le purificateur assainit l’air.',
    'to-sensors': 'Aller aux capteurs',
    'not-examined':
      'Les mesures du capteur lié n’ont pas encore été examinées. Les premiers chiffres arrivent dans quelques minutes (examen toutes les 10 minutes).',
    updated: 'Examiné le {{date}}, d’après les décroissances des {{days}} derniers jours.',
    'modes-caption': 'Chaque mode, d’après les décroissances des {{days}} derniers jours',
    columns: {
      mode: 'Mode',
      measured: 'Mesuré',
      interval: 'Intervalle à 95 %',
      target: 'Objectif',
      decays: 'Décroissances',
      verdict: 'Verdict',
    },
    'natural-measured':
      'Décroissance naturelle de la pièce, mesurée purificateur éteint : {{value}}.',
    'natural-default':
      'Décroissance naturelle de la pièce : une valeur type est utilisée tant qu’aucune décroissance purificateur éteint n’a été vue.',
    'clean-air-title': 'Ventilation et air sain de la pièce',
    ventilation: 'Ventilation (air extérieur, d’après le CO₂)',
    'ventilation-needs_one': 'Il faut encore {{count}} décroissance de CO₂ pièce vide',
    'ventilation-needs_other': 'Il faut encore {{count}} décroissances de CO₂ pièce vide',
    'outdoor-co2': 'niveau extérieur {{value}} ppm',
    equivalent: 'Air sain équivalent (ventilation + filtration en mode {{mode}})',
    'per-person': 'Air sain par personne',
    'set-occupants': 'Renseigner le nombre habituel de personnes',
    occupants_one: 'pour {{count}} personne',
    occupants_other: 'pour {{count}} personnes',
    met: { yes: 'Atteint', no: 'Non atteint', unknown: 'Inconnu' },
    targets: {
      ashrae: 'ASHRAE 241 : air sain équivalent par personne',
      lancet: 'Commission du Lancet : apport d’air',
      either: '{{ach}} ou {{lps}}',
      above: 'plus de {{value}}',
      source: 'Source :',
      'ashrae-needs-occupants':
        'ASHRAE 241 raisonne par personne : renseignez le nombre habituel de personnes pour comparer.',
    },
    tiers: {
      office: 'Bureau',
      classroom: 'Salle de classe',
      restaurant: 'Restaurant',
      gym: 'Salle de sport',
      good: 'Bon',
      better: 'Meilleur',
      best: 'Optimal',
    },
    units: { pm25: 'µg/m³', co2: 'ppm' },
    kinds: { pm25: 'PM2,5', co2: 'CO₂' },
    unknown: 'inconnu',
    chart: {
      caption:
        'Décroissance {{kind}} du {{date}} : d’un pic de {{peak}} {{unit}} vers un fond de {{background}} {{unit}}, en {{minutes}} min en mode {{mode}} ({{readings}} mesures). Taux de décroissance {{rate}} par heure, r² {{r2}}.',
      'nothing-above': 'Aucune mesure de cet épisode ne dépasse le fond : rien à tracer.',
      minutes: '{{value}} min',
      readings: 'Mesures (excès au-dessus du fond, {{unit}})',
      fitted: 'Décroissance ajustée',
      'fit-zone': 'Partie sur laquelle le taux est ajusté',
      'y-axis': 'Excès au-dessus du fond ({{unit}}, échelle logarithmique)',
    },
    episodes: {
      title: 'Les décroissances derrière les chiffres',
      intro:
        'Après chaque pic, les particules redescendent vers le niveau de fond de la pièce. Sur une échelle logarithmique de l’excès au-dessus du fond, une décroissance est une droite : sa pente est le taux dont on déduit le renouvellement d’air.',
      'latest-title': 'Dernière décroissance PM2,5 retenue',
      'drawn-title': 'Décroissance {{kind}} du {{date}}',
      'no-kept':
        'Aucune décroissance PM2,5 n’est encore retenue : choisissez un épisode ci-dessous pour le tracer.',
      'detail-error': 'Cette décroissance n’a pas pu être chargée',
      'list-title': 'Tous les épisodes',
      'load-error': 'Les épisodes n’ont pas pu être chargés',
      'none-filtered': 'Aucun épisode ne correspond à ces filtres.',
      'empty-title': 'Aucune décroissance trouvée pour l’instant',
      'empty-text':
        'Les épisodes apparaissent quand une hausse de particules ou de CO₂ dans la pièce redescend, une fois les mesures du capteur examinées.',
      all: 'Tous',
      kind: 'Type',
      status: 'Statut',
      start: 'Début',
      mode: 'Mode',
      duration: 'Durée',
      rate: 'Taux de décroissance',
      r2: 'r²',
      'peak-background': 'Pic et fond',
      'peak-background-value': '{{peak}} → {{background}} {{unit}}',
      kept: 'Retenu',
      discarded: 'Écarté',
      'discarded-because': 'Écarté : {{reason}}',
      actions: 'Actions',
      draw: 'Tracer',
      'draw-label': 'Tracer la décroissance {{kind}} du {{date}}',
    },
    reasons: {
      too_short: 'trop courte',
      too_noisy: 'trop bruitée',
      mode_changed: 'le mode a changé pendant',
      too_small: 'pic trop faible',
      gap: 'mesures manquantes',
      mode_unknown: 'mode inconnu',
      unknown: 'sans raison donnée',
    },
  },
  maintenance: {
    forecast: {
      title: 'Prévision des remplacements',
      intro:
        'Au rythme récent, la date à laquelle chaque pièce atteint {{level}}, votre seuil de notification.',
      'load-error': 'La prévision n’a pas pu être chargée',
      columns: { part: 'Pièce', level: 'Niveau', pace: 'Rythme', due: 'Échéance' },
      pace: '−{{value}} points par jour',
      steady: 'Pas d’usure',
      unknown: 'Inconnue',
      overdue: 'Dépassée depuis le {{date}}',
      'due-now': 'À remplacer maintenant',
      trend_one:
        'Renouvellement d’air mesuré en auto : {{value}} vol/h par semaine depuis le dernier remplacement des filtres ({{count}} décroissance).',
      trend_other:
        'Renouvellement d’air mesuré en auto : {{value}} vol/h par semaine depuis le dernier remplacement des filtres ({{count}} décroissances).',
      'trend-falling': 'Il baisse à mesure que le filtre se charge.',
      'trend-unknown_one':
        'Tendance du renouvellement d’air mesuré : {{count}} décroissance en auto depuis le dernier remplacement, pas encore assez.',
      'trend-unknown_other':
        'Tendance du renouvellement d’air mesuré : {{count}} décroissances en auto depuis le dernier remplacement, pas encore assez.',
    },
  },
  overview: {
    'air-below': 'Renouvellement d’air sous l’objectif : {{measured}} sur {{target}} vol/h',
    'air-below-named': '{{name}} sous l’objectif : {{measured}} sur {{target}} vol/h',
    'air-meets': 'Renouvellement d’air conforme',
  },
  'fleet-view': {
    'air-below': 'Sous leur objectif de renouvellement d’air',
    'air-below-none': 'Chaque purificateur mesuré atteint son objectif de renouvellement d’air.',
    'rooms-below_one': 'pièce sous l’objectif de renouvellement d’air (sur {{measured}} mesurées)',
    'rooms-below_other':
      'pièces sous l’objectif de renouvellement d’air (sur {{measured}} mesurées)',
  },
  purifier: {
    parameters: {
      occupants: 'Nombre habituel de personnes dans la pièce',
      'occupants-hint':
        'Facultatif. Donne l’air sain par personne, comparé à l’ASHRAE 241 et à la Commission du Lancet.',
    },
  },
};
