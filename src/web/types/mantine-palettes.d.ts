/** A part of Mantine's default CSS variables, cut by the build (vite.config.ts `mantinePalettes`). */
declare module '*.css?palettes=first';
declare module '*.css?palettes=later';
