/** Stylesheets imported for their effect (the bundler ships them; `copy-styles.mjs` puts them beside `dist/`). */
declare module '*.css' {}
