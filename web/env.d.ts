// Declarations for what esbuild bundles besides TypeScript: the style sheet.
declare module '*.css';
