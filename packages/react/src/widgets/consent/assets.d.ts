// Vite turns `?url` imports into the URL of the emitted file (the TrueType fonts of the consent letters).
declare module '*.ttf?url' {
  const url: string;
  export default url;
}
