// The periods whose Art. 96 LISR withholding tariffs the API publishes, apart from the schemas so that the route table needs no TypeBox.
export const ISR_PERIODS = ["mensual", "anual", "quincenal", "semanal", "diaria"] as const;
