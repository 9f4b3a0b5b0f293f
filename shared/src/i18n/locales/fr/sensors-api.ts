/** Textes français des erreurs de l'API des capteurs (docs/api-sensors.md). */
export const sensorsApi = {
  errors: {
    sensor_serial_number_already_exists: 'Un capteur avec ce numéro de série existe déjà',
    sensor_owner_not_found: "Aucun compte n'utilise cette adresse e-mail",
    sensor_purifiers_max: 'Un capteur peut être associé à 8 purificateurs au maximum',
    sensor_purifier_not_allowed: 'Vous ne pouvez associer que des purificateurs que vous contrôlez',
    export_period_too_long: 'Un export couvre au plus un mois : choisissez une période plus courte',
    export_period_expired:
      'Les mesures brutes de plus de {{months}} mois ne sont plus conservées : choisissez une période plus récente (le graphique montre toujours les moyennes horaires)',
  },
  validation: {
    serial_number: 'Uniquement des lettres, des chiffres, des points, des tirets et des tirets bas',
  },
};
