/** Stylesheets are bundled by Vite; TypeScript only needs to know they exist. */
declare module '*.css';
