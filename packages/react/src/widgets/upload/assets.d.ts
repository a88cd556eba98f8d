// Vite turns `?url` imports into the URL of the emitted file (pdf.js's worker script).
declare module '*.mjs?url' {
  const url: string;
  export default url;
}
