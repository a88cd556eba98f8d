/** The form values of the date widgets, and the display formats they default to. */
export const ISO = { date: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;
export const defaultFormat = { date: 'DD/MM/YYYY', month: 'MM/YYYY' } as const;
