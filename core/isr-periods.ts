// The periods whose Art. 96 LISR withholding tariffs (Anexo 8 of the RMF, the decenal one included) the API publishes, apart from the schemas so that the route table needs no TypeBox.
export const ISR_PERIODS = ["mensual", "anual", "quincenal", "decenal", "semanal", "diaria"] as const;
