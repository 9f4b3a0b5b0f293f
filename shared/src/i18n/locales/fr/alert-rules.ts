/** Textes français des règles d'alerte : onglet triggeralerts du capteur, erreurs, notifications. */
export const alertRules = {
  sensor: { tabs: { triggeralerts: "Règles d'alerte" } },
  'alert-rules': {
    title: "Règles d'alerte",
    intro:
      'Une règle lance un mode sur les purificateurs associés quand une mesure dépasse un seuil.',
    'no-purifier':
      "Aucun purificateur n'est encore associé à ce capteur : ses règles agiront dès qu'il y en aura un.",
    add: 'Ajouter une règle',
    empty: "Aucune règle d'alerte pour l'instant",
    'load-error': "Les règles d'alerte n'ont pas pu être chargées",
    retry: 'Réessayer',
    columns: {
      measure: 'Mesure',
      condition: 'Condition',
      mode: 'Mode lancé',
      confirm: 'Temps de confirmation',
      enabled: 'Active',
      state: 'État',
      actions: 'Actions',
    },
    condition: '> {{threshold}} {{unit}}',
    seconds: '{{count}} s',
    state: { triggered: 'Déclenchée', idle: 'Non déclenchée', disabled: 'Désactivée' },
    'toggle-label': 'Activer la règle {{measure}}',
    'not-driving': 'Ne pilote pas : {{names}}',
    'not-driving-hint': 'Une règle ne pilote que les purificateurs que son auteur contrôle.',
    edit: 'Modifier',
    delete: 'Supprimer',
    saved: "La règle d'alerte est enregistrée",
    deleted: "La règle d'alerte est supprimée",
    form: {
      'title-add': "Nouvelle règle d'alerte",
      'title-edit': "Modifier la règle d'alerte",
      measure: 'Mesure',
      threshold: 'Seuil (supérieur à)',
      'iso-help': 'Une classe ISO entre 5 et 9',
      recommended: 'Seuils recommandés',
      hysteresis: "Bande d'hystérésis",
      'hysteresis-help':
        "La règle s'arrête quand la mesure reste au niveau du seuil moins cette bande, ou en dessous.",
      mode: 'Mode à lancer',
      confirm: 'Temps de confirmation (secondes)',
      'confirm-help':
        'Durée pendant laquelle la mesure doit rester au-dessus du seuil avant le déclenchement (0 : immédiat), et sous la bande avant l’arrêt.',
      enabled: 'Active',
      save: 'Enregistrer',
      cancel: 'Annuler',
    },
    risk: { moderate: 'Modéré', high: 'Élevé', very_high: 'Très élevé' },
    boost: {
      title: 'Le mode boost est bruyant',
      text: 'Quand cette règle se déclenche, les purificateurs tournent à pleine vitesse, ce qui est bruyant. Confirmez-vous ?',
      confirm: 'Confirmer le boost',
    },
    'delete-confirm': {
      title: "Supprimer cette règle d'alerte ?",
      text: 'La règle est supprimée et libère ses purificateurs ; son historique est conservé.',
      confirm: 'Supprimer',
    },
    history: {
      title: 'Historique des règles déclenchées',
      empty: "Aucune règle ne s'est encore déclenchée",
      'load-error': "L'historique n'a pas pu être chargé",
      columns: {
        date: 'Date',
        event: 'Événement',
        measure: 'Mesure',
        value: 'Valeur',
        threshold: 'Seuil',
        mode: 'Mode',
        purifiers: 'Purificateurs',
      },
      kind: { trigger: 'Déclenchement', stop: 'Arrêt' },
    },
    notification: {
      trigger:
        '{{sensor}} : {{measure}} à {{value}} {{unit}} dépasse {{threshold}}, mode {{mode}} lancé',
      stop: '{{sensor}} : {{measure}} repassé sous {{threshold}} {{unit}}, règle arrêtée',
    },
  },
  errors: {
    alert_rule_noise_confirmation:
      'Le mode boost est bruyant : confirmez-le pour enregistrer cette règle',
  },
  validation: { iso_threshold: 'Le seuil ISO doit être compris entre 5 et 9' },
};
