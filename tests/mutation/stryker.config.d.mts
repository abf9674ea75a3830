/** Types of stryker.config.mjs for the TypeScript that reads its file list (tests/tools/mutation.ts). */
export declare const MACHINE_FILES: readonly string[];
export declare const CACHE_DIR: string;
declare const config: Record<string, unknown>;
export default config;
