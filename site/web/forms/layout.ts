/** A form page's layout, the same whether the browser draws it alone (`App.tsx`) or hydrates the server's (`FormApp.tsx`). */
export const FORM_MAIN_STYLE = { maxWidth: 960, margin: '0 auto', padding: 16 } as const;
